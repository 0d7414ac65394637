import Testing
import XBoard

/// The bare table's gestures: two fingers zoom the table about them and pan it (the board point
/// under each finger stays under it), one finger pans, a flick glides on; no photo moves and
/// nothing is recorded for undo. A print held by one hand stays under its finger while the other
/// pans the table.
@Suite struct TableGestureTests {
    /// Photo 1 lies over (196…404, 246…354) and photo 2 over (596…804, 446…554): the bottom left
    /// of the window is bare table.
    func board() -> (BoardController, TouchScript) {
        let controller = Fixtures.twoPhotoBoard()
        return (controller, TouchScript(controller))
    }

    @Test func twoFingersOnTheBareTableZoomAboutThemAndPan() {
        let (controller, script) = board()
        let photos = controller.board.photos
        let first = Point(100, 650), second = Point(300, 650)
        script.down(1, at: first).down(2, at: second, after: .milliseconds(10))
        // Spread to twice the distance while the pair moves up by 50: in twenty frames.
        for step in 1...20 {
            let f = Double(step) / 20
            script.move([(1, Point(100 - 100 * f, 650 - 50 * f)), (2, Point(300 + 100 * f, 650 - 50 * f))], after: .milliseconds(16))
            guard step > 1 else { continue }  // the first frame's 6 pixels are within the slop: nothing has begun
            expectClose(controller.view.windowToBoard.apply(to: Point(100 - 100 * f, 650 - 50 * f)), first, within: 0.5)
            expectClose(controller.view.windowToBoard.apply(to: Point(300 + 100 * f, 650 - 50 * f)), second, within: 0.5)
        }
        expectClose(controller.view.zoom, 2, absolute: 1e-6)
        #expect(controller.isViewMoving)
        script.up(1, after: .milliseconds(200)).up(2).settle()
        expectClose(controller.view.windowToBoard.apply(to: Point(0, 600)), first, within: 0.5, "it stays there after the lift")
        #expect(controller.board.photos == photos, "no photo moved")
        #expect(!controller.canUndo, "a view is no change to undo")
        #expect(!controller.isViewMoving)
    }

    /// Undo puts back what the step changed and nothing else: prints that lie out of the view,
    /// off the window's edge, stay exactly where they lie (they were piled onto that edge).
    @Test func undoLeavesPrintsOutOfViewWhereTheyLie() throws {
        let (controller, script) = board()
        // The table panned 500 left, slowly: photo 1 (196…404) is wholly off the window's left.
        script.down(1, at: Point(600, 700)).slide(1, to: Point(100, 700), steps: 25, interval: .milliseconds(30)).up(
            1, after: .milliseconds(300))
        script.settle()
        let off = try #require(controller.board.photo(PhotoID(1))).photoToBoard
        let shown = controller.view.boardToWindow.apply(to: off.center)
        #expect(shown.x < -100, "photo 1 is out of view: its centre at \(shown)")
        // Photo 2 (at board 700, 500: window 200, 500) dragged down, then the drag undone.
        let before = try #require(controller.board.photo(PhotoID(2))).photoToBoard
        script.down(1, at: Point(200, 500)).slide(1, to: Point(260, 640), steps: 12, interval: .milliseconds(30)).up(
            1, after: .milliseconds(300))
        script.settle()
        #expect(try #require(controller.board.photo(PhotoID(2))).photoToBoard != before)
        controller.undo()
        script.settle()
        #expect(try #require(controller.board.photo(PhotoID(2))).photoToBoard == before, "the dragged print is back")
        #expect(try #require(controller.board.photo(PhotoID(1))).photoToBoard == off, "the print out of view has not moved")
        controller.redo()
        script.settle()
        controller.undo()
        script.settle()
        #expect(try #require(controller.board.photo(PhotoID(1))).photoToBoard == off, "nor after redo and undo again")
    }

    @Test func oneFingerPansAndAFlickGlides() throws {
        let (controller, script) = board()
        // A slow drag: the board point under the finger stays under it, and the view rests.
        script.down(1, at: Point(100, 650)).slide(1, to: Point(150, 700), steps: 10, interval: .milliseconds(30))
        expectClose(controller.view.windowToBoard.apply(to: Point(150, 700)), Point(100, 650), within: 1e-9)
        script.up(1, after: .milliseconds(300))
        #expect(controller.nextDeadline == nil, "a slow drag does not glide")
        let origin = controller.view.origin
        // A flick to the right: the table glides on, frame by frame, and comes to rest.
        script.down(1, at: Point(100, 650))
        for x in stride(from: 150.0, through: 400, by: 50) { script.move(1, to: Point(x, 650), after: .milliseconds(8)) }
        script.up(1)
        #expect(controller.isAnimating && controller.isViewMoving)
        #expect(controller.nextDeadline == controller.now + controller.settings.motion.frameInterval)
        script.settle()
        #expect(!controller.isAnimating)
        #expect(origin.x - controller.view.origin.x > 300, "it went further than the finger: \(controller.view.origin)")
        expectClose(controller.view.zoom, 1, absolute: 1e-12, "a pan never zooms")
        // A finger on the gliding table catches it.
        script.down(1, at: Point(100, 650))
        for x in stride(from: 150.0, through: 400, by: 50) { script.move(1, to: Point(x, 650), after: .milliseconds(8)) }
        script.up(1).wait(.milliseconds(50)).down(2, at: Point(300, 650))
        let caught = controller.view
        script.wait(.milliseconds(200))
        #expect(controller.view == caught)
        script.up(2)
    }

    @Test func thePanAndZoomStayWithinTheLimits() {
        let (controller, script) = board()
        script.down(1, at: Point(490, 700)).down(2, at: Point(510, 700))
        script.move([(1, Point(0, 700)), (2, Point(1000, 700))])  // fifty times the spread
        #expect(controller.view.zoom == controller.settings.view.zoomRange.upperBound)
        script.up(1).up(2).settle()
        // Dragged far off: the view's middle stays within the prints plus half a window.
        script.down(1, at: Point(100, 650)).slide(1, to: Point(100_000, 650), steps: 5, interval: .milliseconds(40))
        script.up(1, after: .milliseconds(300)).settle()
        let prints = Rect(x: 196.5, y: 246.5, width: 607, height: 307)
        let middle = controller.visibleBounds.center
        #expect(middle.x >= prints.minX - controller.visibleBounds.size.width / 2 - 1e-6, "\(middle)")
    }

    @Test func aPrintHeldWhileTheOtherHandPansStaysUnderItsFinger() throws {
        let (controller, script) = board()
        script.down(1, at: Point(700, 500))  // photo 2
        script.down(2, at: Point(100, 650)).slide(2, to: Point(300, 600), steps: 10, interval: .milliseconds(30))
        let photo = try #require(controller.board.photo(PhotoID(2)))
        expectClose(controller.view.boardToWindow.apply(to: photo.center), Point(700, 500), within: 0.5)
        expectClose(controller.view.origin, Point(-200, 50), within: 1e-9, "the table moved with the other hand")
        // The held print still follows its own finger.
        script.slide(1, to: Point(760, 520), steps: 5, interval: .milliseconds(30))
        let moved = try #require(controller.board.photo(PhotoID(2)))
        expectClose(controller.view.boardToWindow.apply(to: moved.center), Point(760, 520), within: 0.5)
        script.up(1, after: .milliseconds(300)).up(2, after: .milliseconds(300)).settle()
        #expect(controller.activeTouchCount == 0)
    }
}
