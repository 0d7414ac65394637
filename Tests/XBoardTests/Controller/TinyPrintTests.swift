import Testing
import XBoard

/// A print too small on screen for a fingertip belongs to the table: on a dense board, where
/// prints cover every bit of the table, fingers on them pan and zoom the table, and so do the
/// wheel and a touchpad pinch over them; the mouse's left button, being precise, still moves
/// them, and a print shown large enough still takes a finger.
@Suite struct TinyPrintTests {
    static let bigPrint = PhotoID(10_000)

    /// A 1000×800 board carpeted with 40×24 prints (44×28 with their borders), overlapping so
    /// no table shows, and one 200×100 print on top at (500, 400): at zoom 1 the small prints'
    /// shorter side shows 28 px, under a fingertip's 37 px at 96 dpi.
    static func denseBoard(settings: BoardSettings = BoardSettings()) -> BoardController {
        var board = Board(size: Size(width: 1000, height: 800))
        var number = 1
        for row in 0..<40 {
            for column in 0..<33 {
                let center = Point(15 + 30 * Double(column), 10 + 20 * Double(row))
                board.add(
                    Photo(
                        id: PhotoID(number), size: Size(width: 40, height: 24), pixelSize: Size(width: 400, height: 240),
                        photoToBoard: AffineTransform(center: center, scale: 1, rotation: 0)))
                number += 1
            }
        }
        board.add(
            Photo(
                id: bigPrint, size: Size(width: 200, height: 100), pixelSize: Size(width: 2000, height: 1000),
                photoToBoard: AffineTransform(center: Point(500, 400), scale: 1, rotation: 0)))
        return BoardController(board: board, settings: settings)
    }

    @Test func twoFingersOnTwoTinyPrintsZoomTheTableAndMoveNoPrint() throws {
        let controller = Self.denseBoard()
        let script = TouchScript(controller)
        let photos = controller.board.photos
        let first = Point(100, 650), second = Point(300, 650)
        let tiny = try #require(controller.photo(atWindow: first))
        #expect(tiny != Self.bigPrint && controller.photo(atWindow: second) != nil, "precondition: both fingers land on prints")
        #expect(controller.isTooSmallForFinger(tiny))
        script.down(1, at: first).down(2, at: second, after: .milliseconds(10))
        #expect(controller.owner(of: TouchID(number: 1)) == nil && controller.owner(of: TouchID(number: 2)) == nil)
        for step in 1...20 {
            let f = Double(step) / 20
            script.move([(1, Point(100 - 100 * f, 650 - 50 * f)), (2, Point(300 + 100 * f, 650 - 50 * f))], after: .milliseconds(16))
        }
        expectClose(controller.view.zoom, 2, absolute: 1e-6)
        expectClose(controller.view.windowToBoard.apply(to: Point(0, 600)), first, within: 0.5, "zoomed about the fingers")
        script.up(1, after: .milliseconds(200)).up(2).settle()
        #expect(controller.board.photos == photos, "no print moved, nor came to the front")
        #expect(!controller.canUndo, "a view is no change to undo")
        // Zoomed in, the same print shows 56 px: a finger takes it now.
        let shown = controller.view.boardToWindow.apply(to: controller.board.photo(tiny)!.center)
        #expect(!controller.isTooSmallForFinger(tiny))
        script.down(3, at: shown)
        #expect(controller.owner(of: TouchID(number: 3)) == controller.photo(atWindow: shown))
        script.up(3, after: .milliseconds(300))
    }

    @Test func oneFingerOnATinyPrintPansAndAFlickGlides() {
        let controller = Self.denseBoard()
        let script = TouchScript(controller)
        let photos = controller.board.photos
        script.down(1, at: Point(100, 650)).slide(1, to: Point(150, 700), steps: 10, interval: .milliseconds(30))
        expectClose(controller.view.windowToBoard.apply(to: Point(150, 700)), Point(100, 650), within: 1e-9)
        script.up(1, after: .milliseconds(300))
        #expect(controller.nextDeadline == nil, "a slow drag does not glide")
        let origin = controller.view.origin
        script.down(1, at: Point(100, 650))
        for x in stride(from: 150.0, through: 400, by: 50) { script.move(1, to: Point(x, 650), after: .milliseconds(8)) }
        script.up(1)
        #expect(controller.isViewMoving)
        script.settle()
        #expect(origin.x - controller.view.origin.x > 300, "it went further than the finger: \(controller.view.origin)")
        #expect(controller.board.photos == photos, "no print moved")
    }

    @Test func aPrintOfNormalSizeStillMovesUnderAFinger() throws {
        let controller = Self.denseBoard()
        let script = TouchScript(controller)
        let view = controller.view
        script.down(1, at: Point(500, 400)).slide(1, to: Point(560, 430), steps: 10, interval: .milliseconds(30))
        #expect(controller.owner(of: TouchID(number: 1)) == Self.bigPrint)
        script.up(1, after: .milliseconds(300)).settle()
        expectClose(try #require(controller.board.photo(Self.bigPrint)).center, Point(560, 430), within: 1e-9)
        #expect(controller.view == view)
    }

    /// The fingertip is 7 mm at the widgets' measure: twice the pixels at 192 dpi, so a print
    /// whose shorter side shows 44 px takes a finger at 96 dpi and is the table's at 192.
    @Test(arguments: [1.0, 2.0]) func theThresholdFollowsTheDpi(uiScale: Double) {
        let settings = BoardSettings(uiScale: uiScale)
        expectClose(settings.gestures.fingertip, uiScale * 7 * 48 / 9, absolute: 1e-9)
        var board = Board(size: Size(width: 1000, height: 800))
        board.add(
            Photo(
                id: PhotoID(1), size: Size(width: 200, height: 40), pixelSize: Size(width: 2000, height: 400),
                photoToBoard: AffineTransform(center: Point(500, 400), scale: 1, rotation: 0)))
        let controller = BoardController(board: board, settings: settings)
        let script = TouchScript(controller)
        script.down(1, at: Point(500, 400))
        let owner = controller.owner(of: TouchID(number: 1))
        #expect(owner == (uiScale == 1 ? PhotoID(1) : nil))
        script.up(1, after: .milliseconds(300))
    }

    @Test func aTapWhileASelectionExistsTogglesATinyPrint() throws {
        let controller = Self.denseBoard()
        let script = TouchScript(controller)
        let tiny = try #require(controller.photo(atWindow: Point(100, 650)))
        script.tap(at: Point(100, 650)).wait(.seconds(1))
        #expect(controller.selected.isEmpty, "without a selection a tap selects nothing")
        controller.select([Self.bigPrint])
        script.tap(at: Point(100, 650)).wait(.seconds(1))
        #expect(controller.selected == [Self.bigPrint, tiny])
        script.tap(at: Point(100, 650)).wait(.seconds(1))
        #expect(controller.selected == [Self.bigPrint])
    }

    @Test func theWheelAndAPinchOverATinyPrintZoomTheTableAndOverABigPrintThePrint() throws {
        let mouse = MouseEmulatorTests.Mouse(Self.denseBoard())
        let controller = mouse.controller
        let photos = controller.board.photos
        let pointer = Point(100, 650)
        let boardPoint = controller.view.windowToBoard.apply(to: pointer)
        mouse.send(.scrolled(x: 0, y: -1), at: pointer)
        expectClose(controller.view.zoom, 1.1, absolute: 1e-9)
        expectClose(controller.view.boardToWindow.apply(to: boardPoint), pointer, within: 1e-6, "about the pointer")
        mouse.send(.pinchBegan, at: pointer)
        mouse.send(.pinchUpdated(scale: 2, angleDelta: 0, offset: .zero), at: pointer)
        mouse.send(.pinchEnded(isCancelled: false), at: pointer)
        mouse.settle()
        expectClose(controller.view.zoom, 2.2, absolute: 1e-6)
        #expect(controller.board.photos == photos, "no print moved")
        // Over the big print the wheel zooms the print, as before.
        let big = controller.view.boardToWindow.apply(to: Point(500, 400))
        let view = controller.view
        mouse.send(.scrolled(x: 0, y: -1), at: big)
        #expect(controller.view == view)
        expectClose(try #require(controller.board.photo(Self.bigPrint)).scale, 1.1, absolute: 1e-9)
    }

    @Test func aLeftMouseDragStillMovesATinyPrint() throws {
        let mouse = MouseEmulatorTests.Mouse(Self.denseBoard())
        let controller = mouse.controller
        let tiny = try #require(controller.photo(atWindow: Point(100, 650)))
        let center = try #require(controller.board.photo(tiny)).center
        let view = controller.view
        mouse.send(.pressed(.left), at: Point(100, 650))
        // A finger landing on the print the mouse holds joins it: a held print is no longer tiny.
        controller.handle(TouchEvent(id: TouchID(number: 7), phase: .began, location: Point(102, 652), time: mouse.now))
        #expect(controller.owner(of: TouchID(number: 7)) == tiny)
        controller.handle(TouchEvent(id: TouchID(number: 7), phase: .ended, location: Point(102, 652), time: mouse.now))
        for step in 1...20 { mouse.send(.moved, at: Point(100, 650) + Point(60, 40) * (Double(step) / 20)) }
        mouse.send(.released(.left), at: Point(160, 690), after: .milliseconds(60))
        mouse.settle()
        expectClose(try #require(controller.board.photo(tiny)).center, center + Point(60, 40), within: 1e-9)
        #expect(controller.view == view)
    }
}
