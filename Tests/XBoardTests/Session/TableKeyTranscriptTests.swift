import Testing
import XBoard

/// The table's keys and the Fit control, as the session reads them: Home and Fit show every
/// photo whole below the controls, Ctrl+plus and Ctrl+minus zoom the table about the window's
/// middle, Ctrl+0 shows the photos at the size they were laid out; none of them moves a photo.
@Suite struct TableKeyTranscriptTests {
    func opened() -> SessionScript {
        SessionScript().open(["a.jpg", "b.jpg", "c.jpg"]).wait(.seconds(1)).clear()
    }

    /// Every photo's print, in window pixels, inside the window below the controls.
    func expectEveryPhotoWholeBelowTheControls(_ script: SessionScript, sourceLocation: SourceLocation = #_sourceLocation) {
        let controller = script.session.controller
        let area = Rect(
            x: 0, y: WidgetMetrics(scale: 1).controlBarBottom, width: 1000, height: 800 - WidgetMetrics(scale: 1).controlBarBottom)
        for photo in controller.board.photos {
            let shown = Rect.bounding(photo.boardBounds.corners.map(controller.view.boardToWindow.apply(to:)))
            #expect(
                shown.minX >= area.minX && shown.minY >= area.minY && shown.maxX <= area.maxX && shown.maxY <= area.maxY,
                "\(photo.id) shown at \(shown), outside \(area)", sourceLocation: sourceLocation)
        }
        #expect(controller.view.zoom <= 1, sourceLocation: sourceLocation)
    }

    @Test func theKeysGiveTheTablesCommands() {
        let catalogue = CommandCatalogue.board
        #expect(catalogue.command(for: .named(.home)) == .showWholeBoard)
        #expect(catalogue.command(for: .character("0", .control)) == .showActualSize)
        #expect(catalogue.command(for: .character("+", [.control, .shift])) == .zoomTable(isIn: true))
        #expect(catalogue.command(for: .character("=", .control)) == .zoomTable(isIn: true))
        #expect(catalogue.command(for: .character("-", .control)) == .zoomTable(isIn: false))
        #expect(catalogue.command(for: .character("+")) == .zoom(isIn: true), "without Ctrl, + still zooms the photo")
        #expect(catalogue.controls.first { $0.word == "Fit" }?.action == .command(.showWholeBoard))
    }

    @Test func ctrlPlusMinusAndZeroZoomTheTableAboutTheMiddle() {
        let script = opened()
        let controller = script.session.controller
        let photos = controller.board.photos
        let middle = Point(500, 400)
        let underTheMiddle = controller.view.windowToBoard.apply(to: middle)
        script.key("+", .control).wait(.seconds(1))
        expectClose(controller.view.zoom, 1.25)
        expectClose(controller.view.windowToBoard.apply(to: middle), underTheMiddle, within: 1e-9)
        // Keys pressed in quick succession add up, each from where the last one is going.
        script.key("=", .control).key("-", .control).key("=", .control).wait(.seconds(1))
        expectClose(controller.view.zoom, 1.25 * 1.25)
        script.key("0", .control)
        #expect(controller.isAnimating, "the view eases there")
        script.wait(.seconds(1))
        expectClose(controller.view.zoom, 1)
        expectClose(controller.view.windowToBoard.apply(to: middle), underTheMiddle, within: 1e-9)
        #expect(controller.board.photos == photos, "no photo moved")
        #expect(!controller.canUndo, "a view is no change to undo")
    }

    @Test func homeAndTheFitControlShowEveryPhotoWholeBelowTheControls() throws {
        let script = opened()
        let controller = script.session.controller
        let photo = try #require(controller.board.photos.first)
        controller.show(BoardView(zoom: 6, origin: photo.center))  // zoomed in on a corner of one photo
        script.key(.named(.home)).wait(.seconds(1))
        expectEveryPhotoWholeBelowTheControls(script)
        let home = controller.view

        controller.show(BoardView(zoom: 0.1, origin: Point(-3000, -2000)))  // far out
        script.frame()
        let bar = try #require(script.session.shownBar)
        let index = try #require(script.session.commands.controls.firstIndex { $0.word == "Fit" })
        let fit = try #require(bar.targets.first { $0.target == .control(index) }?.frame)
        script.tap(at: fit.center).wait(.seconds(1))
        expectEveryPhotoWholeBelowTheControls(script)
        #expect(controller.view == home, "Fit shows what Home shows")
    }

    /// A finger on the table right after Ctrl+plus, while the view still eases there, pans the
    /// view the key asked for: the zoom is the key's, whole, and the pan the finger's.
    @Test func aPanRightAfterCtrlPlusPansTheZoomTheKeyAskedFor() throws {
        let script = opened()
        let controller = script.session.controller
        script.key("+", .control)
        #expect(controller.isViewAnimating, "precondition: the view eases")
        // Where the table will be bare once zoomed (the view jumps there as the finger lands).
        let spot = try TableTranscriptTests().bareTable(
            SessionScript().open(["a.jpg", "b.jpg", "c.jpg"]).wait(.seconds(1)).key("+", .control).wait(.seconds(1)), margin: 60)
        script.touch(1, .began, at: spot, after: .milliseconds(20))
        for step in 1...10 { script.touch(1, .moved, at: spot + Point(x: Double(step) * 10, y: 0)) }
        script.touch(1, .ended, at: spot + Point(x: 100, y: 0), after: .milliseconds(300)).wait(.seconds(2))
        expectClose(controller.view.zoom, 1.25)
        let middle = Point(500, 400)
        let zoomed = BoardView.identity.zoomed(by: 1.25, about: middle)
        let corner = zoomed.boardToWindow.apply(to: .zero) + Point(x: 100, y: 0)
        expectClose(controller.view.boardToWindow.apply(to: .zero), corner, within: 1e-6, "the finger's pan, from the key's zoom")
    }

    @Test func escClearsTheSelectionBeforeAnythingElse() {
        let script = opened()
        let controller = script.session.controller
        controller.select(controller.board.photos.map(\.id))
        script.clear().key(.named(.escape))
        #expect(controller.selected.isEmpty)
        #expect(script.log.isEmpty, "and did not leave fullscreen: \(script.log)")
        script.key(.named(.escape))
        #expect(script.log == ["leave fullscreen"], "\(script.log)")
    }
}
