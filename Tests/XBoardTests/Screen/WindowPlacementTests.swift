import Testing
import XBoard

@Suite struct WindowPlacementTests {
    let placement = WindowPlacement()

    @Test func aHiDPIScreenGetsTwoThirdsOfItInTheMiddle() {
        let monitor = Rect(x: 0, y: 0, width: 3840, height: 2160)
        let frame = placement.frame(monitor: monitor, workArea: nil, uiScale: 2, hasWindowManager: false)
        #expect(frame == Rect(x: 640, y: 280, width: 2560, height: 1600))
        #expect(placement.minimum(for: frame.size, uiScale: 2) == Size(width: 800, height: 600))
    }

    @Test func aSmallScreenIsFilledAndAMidSizedOneGetsThePreferredSize() {
        let small = Rect(x: 0, y: 0, width: 1280, height: 800)
        #expect(placement.frame(monitor: small, workArea: nil, uiScale: 1, hasWindowManager: false) == small)
        let hd = Rect(x: 0, y: 0, width: 1920, height: 1080)
        #expect(placement.frame(monitor: hd, workArea: nil, uiScale: 1, hasWindowManager: false).size == Size(width: 1280, height: 800))
        // At 192 dpi the preferred 2560×1600 is more than the screen: it fills it.
        #expect(placement.frame(monitor: small, workArea: nil, uiScale: 2, hasWindowManager: false) == small)
    }

    @Test func theWorkAreaAndTheWindowManagersFrameAreKeptClear() {
        let monitor = Rect(x: 0, y: 0, width: 1280, height: 800)
        let workArea = Rect(x: 0, y: 30, width: 1280, height: 770)  // a panel along the top
        let frame = placement.frame(monitor: monitor, workArea: workArea, uiScale: 1, hasWindowManager: true)
        #expect(frame.minY >= 30)
        #expect(frame.size.width + placement.frameAllowance.width <= 1280)
        #expect(frame.size.height + placement.frameAllowance.height <= 770)
    }

    @Test func theSecondMonitorUnderThePointerIsTheOneUsed() {
        let left = Rect(x: 0, y: 0, width: 1920, height: 1080), right = Rect(x: 1920, y: 0, width: 3840, height: 2160)
        #expect(WindowPlacement.monitor(under: Point(2000, 10), monitors: [left, right], primary: 0) == right)
        #expect(WindowPlacement.monitor(under: nil, monitors: [left, right], primary: 1) == right)
        #expect(WindowPlacement.monitor(under: Point(-5, -5), monitors: [left, right], primary: nil) == left)
        #expect(WindowPlacement.monitor(under: nil, monitors: [], primary: nil) == nil)
        let frame = placement.frame(
            monitor: right, workArea: Rect(x: 0, y: 0, width: 5760, height: 2160), uiScale: 1, hasWindowManager: false)
        #expect(right.contains(frame.origin) && right.contains(Point(frame.maxX, frame.maxY)))
    }

    @Test func titlesNameWhatTheBoardShows() {
        #expect(BoardTitle.title(for: []) == "Photoboard")
        #expect(BoardTitle.title(for: ["/home/me/Pictures/trip/"]) == "trip — Photoboard")
        #expect(BoardTitle.title(for: ["a.jpg", "b.jpg", "c.jpg"]) == "a.jpg and 2 more — Photoboard")
        #expect(BoardTitle.title(for: ["/"]) == "/ — Photoboard")
    }
}
