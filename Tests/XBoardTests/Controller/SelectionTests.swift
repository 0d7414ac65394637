import Testing
import XBoard

/// Selecting many prints: a band drawn on the bare table after a hold selects what it touches
/// (exactly, a turned print's outline), a tap on the bare table clears the selection, and the
/// selected prints move together — dragged or pinched — undo as one step and go off the board
/// together.
@Suite struct SelectionTests {
    /// Photo 1 at (300, 300) and photo 2 at (700, 500), both 200×100 upright; 2 on top.
    /// A photo 100 points square at `center`.
    static func square(_ id: PhotoID, at center: Point, rotation: Double) -> Photo {
        Photo(
            id: id, size: Size(width: 100, height: 100), pixelSize: Size(width: 100, height: 100),
            photoToBoard: AffineTransform(center: center, scale: 1, rotation: rotation))
    }

    func board() -> (BoardController, TouchScript) {
        let controller = Fixtures.twoPhotoBoard()
        return (controller, TouchScript(controller))
    }

    var hold: Duration { GestureSettings().holdDuration + .milliseconds(50) }

    @Test func holdThenDragDrawsABandThatSelects() {
        let (controller, script) = board()
        script.down(1, at: Point(150, 200))
        #expect(controller.holdProgress(at: controller.now + .milliseconds(300)) != nil, "the hold ring shows on the table")
        script.wait(hold)
        #expect(controller.bandRect == Rect(x: 150, y: 200, width: 0, height: 0))
        let view = controller.view
        script.slide(1, to: Point(620, 460), steps: 10, interval: .milliseconds(16))
        #expect(controller.bandRect == Rect(x: 150, y: 200, width: 470, height: 260))
        #expect(controller.view == view, "the band does not pan the table")
        #expect(controller.selected.isEmpty, "nothing is selected before the lift")
        script.up(1)
        #expect(controller.bandRect == nil)
        #expect(controller.selected == [PhotoID(1), PhotoID(2)], "the band reached photo 2's corner at (596.5, 446.5)")
        // A second band adds to the selection; one that touches nothing changes nothing.
        script.down(1, at: Point(900, 100)).wait(hold).slide(1, to: Point(950, 150), steps: 5, interval: .milliseconds(16)).up(1)
        #expect(controller.selected == [PhotoID(1), PhotoID(2)])
    }

    /// Once the hold has armed the band, and until the finger draws it out of the ring, the ring
    /// stays full where the finger was held; the mouse's band shows none.
    @Test func anArmedBandKeepsItsRingUntilTheFingerDrawsIt() {
        let (controller, script) = board()
        script.down(1, at: Point(150, 200))
        #expect(controller.armedBandStart(within: 30) == nil, "not yet held")
        script.wait(hold)
        #expect(controller.holdProgress(at: controller.now) == nil, "the hold is done")
        #expect(controller.armedBandStart(within: 30) == Point(150, 200))
        script.move(1, to: Point(160, 210), after: .milliseconds(16))
        #expect(controller.armedBandStart(within: 30) == Point(150, 200), "a little way: still the ring")
        script.move(1, to: Point(200, 260), after: .milliseconds(16))
        #expect(controller.armedBandStart(within: 30) == nil, "drawn out of the ring: the band alone")
        script.up(1)
        #expect(controller.armedBandStart(within: 30) == nil)
    }

    @Test func ctrlASelectsEveryPrintAndEscSelectsNone() {
        let (controller, _) = board()
        #expect(controller.perform(.selectAll))
        #expect(controller.selected == [PhotoID(1), PhotoID(2)])
        #expect(CommandCatalogue.board.command(for: KeyChord(.character("a"), .control)) == .selectAll)
    }

    @Test func aTapOnTheBareTableClearsTheSelection() {
        let (controller, script) = board()
        controller.select([PhotoID(1), PhotoID(2)])
        script.tap(at: Point(300, 300))  // on photo 1: still selected
        #expect(controller.selected.count == 2)
        script.tap(at: Point(900, 700)).wait(.milliseconds(400))
        #expect(controller.selected.isEmpty)
    }

    @Test func bandTouchesATurnedPrintsCornerOnly() {
        // A print turned 45°: a diamond about (500, 400) reaching 100 in each direction.
        let diamond = [Point(500, 300), Point(600, 400), Point(500, 500), Point(400, 400)]
        #expect(!Rect(x: 410, y: 310, width: 30, height: 30).intersects(quad: diamond), "inside its bounding box, outside it")
        #expect(Rect(x: 420, y: 320, width: 40, height: 40).intersects(quad: diamond), "reaching over its edge")
        #expect(Rect(x: 590, y: 390, width: 100, height: 20).intersects(quad: diamond), "over its corner")
        #expect(Rect(x: 0, y: 0, width: 1000, height: 1000).intersects(quad: diamond), "all round it")
        #expect(!Rect(x: 601, y: 0, width: 50, height: 1000).intersects(quad: diamond))
        // Through the controller: the turned print is found only where its outline is.
        var board = Board(size: Size(width: 1000, height: 800))
        board.add(
            Photo(
                id: PhotoID(1), size: Size(width: 141, height: 141), pixelSize: Size(width: 141, height: 141),
                photoToBoard: AffineTransform(center: Point(500, 400), scale: 1, rotation: .pi / 4)))
        let controller = BoardController(board: board)
        #expect(controller.photos(touching: Rect(x: 405, y: 305, width: 30, height: 30)).isEmpty)
        #expect(controller.photos(touching: Rect(x: 480, y: 380, width: 40, height: 40)) == [PhotoID(1)])
    }

    /// Zoomed in, a selected print out of view moves with the one dragged, as one piece: it is
    /// not held at the window's edge (the group would bend), and when the dragged print meets
    /// the edge the whole group stops with it.
    @Test func aSelectionZoomedInMovesAsOnePieceBeyondTheWindowsEdge() throws {
        let (controller, script) = board()
        controller.show(BoardView(zoom: 2, origin: Point(500, 300)))  // photo 1, at (300, 300), out of view
        controller.select([PhotoID(1), PhotoID(2)])
        // Photo 2 at (700, 500) shows at (400, 400) in the window; 40 × 20 pixels is 20 × 10 points.
        script.down(1, at: Point(400, 400)).slide(1, to: Point(440, 420), steps: 10, interval: .milliseconds(30))
        script.up(1, after: .milliseconds(300)).settle()
        expectClose(try #require(controller.board.photo(PhotoID(2))).center, Point(720, 510), within: 1e-6)
        expectClose(try #require(controller.board.photo(PhotoID(1))).center, Point(320, 310), within: 1e-6)
        // Dragged far past the window's right edge, photo 2 stops at it (x 1000) and photo 1
        // stops with it, 400 points to its left as it was.
        script.down(1, at: Point(440, 420)).slide(1, to: Point(1400, 420), steps: 20, interval: .milliseconds(30))
        script.up(1, after: .milliseconds(300)).settle()
        let held = try #require(controller.board.photo(PhotoID(2))).center
        expectClose(held, Point(1000, 510), within: 1e-6)
        expectClose(try #require(controller.board.photo(PhotoID(1))).center, Point(held.x - 400, 310), within: 1e-6)
    }

    @Test func draggingASelectedPrintMovesAllByTheSameVector() throws {
        let (controller, script) = board()
        controller.select([PhotoID(1), PhotoID(2)])
        script.down(1, at: Point(700, 500)).slide(1, to: Point(750, 530), steps: 10, interval: .milliseconds(30))
        #expect(controller.movingPhotos == [PhotoID(1), PhotoID(2)])
        script.up(1, after: .milliseconds(300)).settle()
        expectClose(try #require(controller.board.photo(PhotoID(2))).center, Point(750, 530), within: 1e-6)
        expectClose(try #require(controller.board.photo(PhotoID(1))).center, Point(350, 330), within: 1e-6)
        // One undo takes the whole group back.
        controller.undo()
        script.settle()
        #expect(controller.board.photo(PhotoID(1))?.center == Point(300, 300))
        #expect(controller.board.photo(PhotoID(2))?.center == Point(700, 500))
    }

    /// A selection touched comes up together: the touched print on top, the others just beneath,
    /// none left under a print not selected (the outside review: the group slid under others).
    @Test func aTouchedSelectionComesUpTogether() {
        let (controller, script) = board()
        controller.add(Self.square(PhotoID(3), at: Point(500, 400), rotation: 0))
        controller.add(Self.square(PhotoID(4), at: Point(900, 700), rotation: 0))
        #expect(controller.board.photos.map(\.id) == [PhotoID(1), PhotoID(2), PhotoID(3), PhotoID(4)])
        controller.select([PhotoID(1), PhotoID(2)])
        script.down(1, at: Point(300, 300)).slide(1, to: Point(320, 310), steps: 4, interval: .milliseconds(30)).up(
            1, after: .milliseconds(300))
        script.settle()
        #expect(controller.board.photos.map(\.id) == [PhotoID(3), PhotoID(4), PhotoID(2), PhotoID(1)])
    }

    @Test func pinchingASelectedPrintScalesAllAboutTheFingers() throws {
        let (controller, script) = board()
        controller.select([PhotoID(1), PhotoID(2)])
        script.down(1, at: Point(650, 500)).down(2, at: Point(750, 500))
        for step in 1...10 {
            let f = Double(step) / 10
            script.move([(1, Point(650 - 25 * f, 500)), (2, Point(750 + 25 * f, 500))])
        }
        script.up(1, after: .milliseconds(300)).up(2).settle()
        let one = try #require(controller.board.photo(PhotoID(1)))
        expectClose(one.scale, 1.5, absolute: 1e-6)
        expectClose(one.center, Point(100, 200), within: 1e-6, "1.5× about the fingers' midpoint (700, 500)")
        expectClose(try #require(controller.board.photo(PhotoID(2))).scale, 1.5, absolute: 1e-6)
    }

    /// The outside review of issue 40: one finger on each of two selected prints moved only one.
    @Test func twoFingersOnTwoSelectedPrintsPinchTheSelectionAsOne() throws {
        let (controller, script) = board()
        controller.select([PhotoID(1), PhotoID(2)])
        script.down(1, at: Point(300, 300)).down(2, at: Point(700, 500))
        for step in 1...10 {
            let f = Double(step) / 10
            script.move([(1, Point(300 - 200 * f, 300 - 100 * f)), (2, Point(700 + 200 * f, 500 + 100 * f))])
        }
        script.up(1, after: .milliseconds(300)).up(2).settle()
        // The fingers twice as far apart about their midpoint (500, 400): each print twice the
        // size, its middle still under its finger.
        let one = try #require(controller.board.photo(PhotoID(1))), two = try #require(controller.board.photo(PhotoID(2)))
        expectClose(one.scale, 2, absolute: 1e-6)
        expectClose(two.scale, 2, absolute: 1e-6)
        expectClose(one.center, Point(100, 200), within: 1e-6)
        expectClose(two.center, Point(900, 600), within: 1e-6)
        controller.undo()
        script.settle()
        #expect(controller.board.photo(PhotoID(1))?.center == Point(300, 300) && controller.board.photo(PhotoID(2))?.scale == 1)
    }

    @Test func deleteRemovesAllAndUndoReturnsAll() {
        let (controller, script) = board()
        controller.add(Self.square(PhotoID(3), at: Point(500, 700), rotation: 0))
        controller.select([PhotoID(1), PhotoID(2)])
        controller.perform(.removeTarget)
        #expect(controller.board.photos.map(\.id) == [PhotoID(3)])
        #expect(controller.selected.isEmpty)
        controller.undo()
        script.settle()
        #expect(Set(controller.board.photos.map(\.id)) == [PhotoID(1), PhotoID(2), PhotoID(3)], "one undo brings both back")
        #expect(controller.selected == [PhotoID(1), PhotoID(2)], "and selected, as they went")
        controller.redo()
        script.settle()
        #expect(controller.board.photos.map(\.id) == [PhotoID(3)] && controller.selected.isEmpty, "redo takes them off again")
        controller.undo()
        script.settle()
        #expect(controller.selected == [PhotoID(1), PhotoID(2)])
    }

    /// Selecting is no step of undo of its own: undo goes back over the last change of the
    /// arrangement, and gives back the selection of that moment.
    @Test func selectingAloneIsNoUndoStep() {
        let (controller, script) = board()
        #expect(!controller.canUndo)
        controller.select([PhotoID(1)])
        controller.recordUndoPoint()  // as every gesture and command does before it acts
        #expect(!controller.canUndo, "a selection changes no print")
        controller.perform(.nudge(.right, isLarge: false))
        script.settle()
        controller.clearSelection()
        controller.undo()
        script.settle()
        #expect(controller.board.photo(PhotoID(1))?.center == Point(300, 300))
        #expect(controller.selected == [PhotoID(1)], "the move undone, the print selected as it was moved")
    }

    @Test func tidyWithASelectionTidiesOnlyIt() throws {
        let (controller, script) = board()
        controller.add(Self.square(PhotoID(3), at: Point(500, 700), rotation: 0.2))
        controller.select([PhotoID(1), PhotoID(3)])
        controller.tidy(order: [], only: controller.selected)
        script.settle()
        #expect(controller.board.photo(PhotoID(2))?.center == Point(700, 500), "the print not selected stays")
        let one = try #require(controller.board.photo(PhotoID(1))), three = try #require(controller.board.photo(PhotoID(3)))
        #expect(one.photoToBoard.rotation == 0 && three.photoToBoard.rotation == 0, "the selected ones are tidied upright")
        #expect(one.boardBounds.intersection(three.boardBounds) == nil, "side by side")
        // Where the selection lay (photo 1 about (300, 300), photo 3 about (500, 700)), not over the
        // whole window, and on top of the print left alone.
        for tidied in [one, three] {
            #expect(tidied.center.x < 690 && tidied.center.y > 246, "\(tidied.center) lies where the selection was")
        }
        #expect(controller.board.photos.map(\.id).suffix(2).sorted() == [PhotoID(1), PhotoID(3)], "the tidied prints on top")
        controller.undo()
        script.settle()
        #expect(controller.board.photo(PhotoID(3))?.center == Point(500, 700), "one undo takes it back")
    }

    @Test func theKeysMoveZoomAndTurnEverySelectedPrint() throws {
        let (controller, script) = board()
        controller.select([PhotoID(1), PhotoID(2)])
        controller.perform(.nudge(.right, isLarge: true))
        controller.perform(.zoom(isIn: true))
        controller.perform(.turn(isClockwise: true))
        script.settle()
        for (id, center) in [(PhotoID(1), Point(350, 300)), (PhotoID(2), Point(750, 500))] {
            let photo = try #require(controller.board.photo(id))
            expectClose(photo.center, center, within: 1e-9)
            expectClose(photo.scale, controller.settings.commands.zoomStep, absolute: 1e-9)
            expectClose(photo.photoToBoard.rotation, controller.settings.commands.turnStep, absolute: 1e-9)
        }
    }

    @Test func aSingleTapTogglesWhileASelectionExists() {
        let (controller, script) = board()
        script.tap(at: Point(300, 300)).wait(.milliseconds(400))
        #expect(controller.selected.isEmpty, "without a selection a tap selects nothing")
        controller.select([PhotoID(1)])
        script.tap(at: Point(700, 500))
        #expect(controller.selected == [PhotoID(1)], "not before the double tap's wait is over")
        script.wait(.milliseconds(400))
        #expect(controller.selected == [PhotoID(1), PhotoID(2)])
        script.tap(at: Point(300, 300)).wait(.milliseconds(400))
        #expect(controller.selected == [PhotoID(2)])
        // A double tap is still a close-up, and toggles nothing.
        script.tap(at: Point(700, 500)).tap(at: Point(700, 500), after: .milliseconds(100)).wait(.milliseconds(400))
        #expect(controller.selected == [PhotoID(2)] && controller.isUpClose(PhotoID(2)))
    }

    @Test func turningUprightAndPuttingBackTheSelectionIsOneUndoStep() throws {
        let (controller, script) = board()
        controller.select([PhotoID(1), PhotoID(2)])
        controller.perform(.turn(isClockwise: true))
        script.settle()
        controller.turnUpright(controller.commandTargets)
        script.settle()
        #expect(controller.board.photos.allSatisfy { $0.photoToBoard.rotation == 0 })
        controller.undo()
        script.settle()
        #expect(controller.board.photos.allSatisfy { abs($0.photoToBoard.rotation - controller.settings.commands.turnStep) < 1e-9 })
        controller.putBack(controller.commandTargets)
        script.settle()
        #expect(controller.board.photos.allSatisfy { $0.photoToBoard == $0.initialPhotoToBoard })
    }
}
