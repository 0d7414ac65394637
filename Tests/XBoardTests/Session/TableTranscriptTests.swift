import Testing
import XBoard

/// The bare table through the whole session: a finger there brings the controls and pans the
/// table, the band a held finger draws shows as a widget over the prints and takes no touch, and
/// the mouse's wheel and middle button reach the table through the pointer.
@Suite struct TableTranscriptTests {
    func opened() -> SessionScript {
        SessionScript().open(["a.jpg", "b.jpg"]).wait(.seconds(3)).clear()
    }

    /// A window point with no print within `margin` of it, below the controls.
    func bareTable(_ script: SessionScript, margin: Double = 30) throws -> Point {
        let controller = script.session.controller
        let candidates = stride(from: 120.0, through: 760, by: 20).flatMap { y in
            stride(from: 40.0, through: 960, by: 20).map { Point(x: $0, y: y) }
        }
        return try #require(
            candidates.first { point in
                [Point(0, 0), Point(margin, 0), Point(-margin, 0), Point(0, margin), Point(0, -margin)].allSatisfy {
                    controller.photo(atWindow: point + $0) == nil
                }
            }, "no bare table")
    }

    @Test func aFingerOnTheBareTableBringsTheControlsAndPansTheTable() throws {
        let script = opened()
        let spot = try bareTable(script)
        script.wait(.seconds(5))
        #expect(script.session.shownBar == nil, "precondition: the controls faded")
        script.touch(1, .began, at: spot)
        for step in 1...10 { script.touch(1, .moved, at: spot + Point(6, 3) * Double(step)) }
        script.frame()
        #expect(script.session.shownBar != nil, "a finger on the bare table brings the controls")
        expectClose(script.session.controller.view.origin, Point(-60, -30), within: 1e-9)
        script.touch(1, .ended, at: spot + Point(60, 30), after: .milliseconds(300)).wait(.seconds(1))
        expectClose(script.session.controller.view.origin, Point(-60, -30), within: 1e-9, "a slow drag does not glide")
    }

    @Test func theBandShowsInTheStackAndTakesNoTouch() throws {
        let script = opened()
        let spot = try bareTable(script)
        script.touch(1, .began, at: spot).wait(.milliseconds(600))
        func fullRings() -> [WidgetStep] {
            script.frame().items.flatMap { item -> [WidgetStep] in
                guard case .widget(let widget) = item else { return [] }
                return widget.steps.filter { if case .ring(_, _, _, let fraction, _) = $0 { fraction == 1 } else { false } }
            }
        }
        // Armed, before the finger draws: the hold's ring stays, full, where it was held.
        #expect(fullRings().map { if case .ring(let center, _, _, _, _) = $0 { center } else { .zero } } == [spot])
        script.touch(1, .moved, at: spot + Point(100, 80))
        #expect(fullRings().isEmpty, "drawn out: the band alone")
        let band = Rect(origin: spot, size: Size(width: 100, height: 80))
        let widgets = script.frame().items.compactMap { if case .widget(let item) = $0 { item } else { nil } }
        #expect(widgets.contains { $0.frame == band.insetBy(-1) }, "\(widgets.map(\.frame))")
        // A second finger in the band is the table's (or a print's), never the band's.
        let before = script.session.controller.bandRect
        script.touch(2, .began, at: band.center).touch(2, .ended, at: band.center, after: .milliseconds(60))
        #expect(script.session.controller.bandRect == before)
        script.touch(1, .ended, at: spot + Point(100, 80))
        #expect(script.session.controller.bandRect == nil)
        #expect(!script.frame().items.contains { if case .widget(let item) = $0 { item.frame == band.insetBy(-1) } else { false } })
    }

    @Test func theWheelAndTheMiddleButtonReachTheTableThroughThePointer() throws {
        let script = opened()
        let spot = try bareTable(script)
        let photos = script.session.controller.board.photos
        script.pointer(.moved, at: spot).pointer(.scrolled(x: 0, y: -2), at: spot).wait(.seconds(1))
        expectClose(script.session.controller.view.zoom, MouseSettings().zoomPerNotch * MouseSettings().zoomPerNotch, relative: 1e-9)
        expectClose(script.session.controller.view.windowToBoard.apply(to: spot), spot, within: 1e-6, "about the pointer")
        let zoomed = script.session.controller.view
        script.pointer(.pressed(.middle), at: Point(500, 400))
        for step in 1...10 { script.pointer(.moved, at: Point(500 - 5 * Double(step), 400)) }
        script.pointer(.released(.middle), at: Point(450, 400), after: .milliseconds(300)).wait(.seconds(1))
        expectClose(script.session.controller.view.origin, zoomed.origin + Point(50 / zoomed.zoom, 0), within: 1e-6)
        #expect(script.session.controller.board.photos == photos, "no photo moved")
    }

    @Test func ctrlCCopiesTheSelectionsFilesOrTheTargetWithItsPicture() throws {
        let script = opened()
        let controller = script.session.controller
        script.key("c", .control)
        #expect(script.log.filter { $0.hasPrefix("copy ") }.count == 1, "\(script.log)")
        #expect(script.log.first { $0.hasPrefix("copy ") }?.split(separator: " ").count == 2, "one photo: \(script.log)")
        controller.select(controller.board.photos.map(\.id))
        script.clear().key("c", .control)
        let copy = try #require(script.log.first { $0.hasPrefix("copy ") }, "\(script.log)")
        #expect(copy.contains("a.jpg") && copy.contains("b.jpg"), "both files: \(copy)")
    }
}
