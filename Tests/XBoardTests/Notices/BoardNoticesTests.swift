import Testing
import XBoard

@Suite struct BoardNoticesTests {
    @Test func unopenedFilesAreCountedAndTheFirstNamed() {
        #expect(BoardNotices.unopened(["/tmp/x/broken.png"]) == "Could not open broken.png (standard error says why)")
        #expect(
            BoardNotices.unopened(["/a/one.png", "/a/two.jpg", "/b/", "/c/four.gif", "/c/five.gif"])
                == "Could not open 5 items: one.png, two.jpg, b and 2 more (standard error says why)")
    }

    @Test func theSavedPathShowsTheHomeFolderAsATilde() {
        #expect(BoardNotices.saved(path: "/home/me/Pictures/a.png", home: "/home/me") == "Saved the board as ~/Pictures/a.png")
        #expect(BoardNotices.saved(path: "/home/melissa/a.png", home: "/home/me") == "Saved the board as /home/melissa/a.png")
        #expect(BoardNotices.saved(path: "/tmp/a.png", home: nil) == "Saved the board as /tmp/a.png")
    }

    @Test func touchesThatBeginOnANoticeStayWithItUntilTheyLift() {
        var touches = OverlayTouches()
        let notice = Rect(x: 100, y: 700, width: 300, height: 40)
        let panelAt: (Point) -> TextPanel.Kind? = { notice.contains($0) ? .notice(NoticeID(3)) : nil }
        let onNotice = TouchID(number: 1), onBoard = TouchID(number: 2)
        func event(_ id: TouchID, _ phase: TouchPhase, _ x: Double, _ y: Double) -> TouchEvent {
            TouchEvent(id: id, phase: phase, location: Point(x, y), time: .origin)
        }
        #expect(touches.route(event(onNotice, .began, 150, 710), panelAt: panelAt) == .overlay(began: .notice(NoticeID(3))))
        #expect(touches.route(event(onBoard, .began, 150, 300), panelAt: panelAt) == .board)
        #expect(touches.route(event(onNotice, .moved, 150, 300), panelAt: panelAt) == .overlay(began: nil))  // slid off: still its
        #expect(touches.route(event(onBoard, .moved, 150, 710), panelAt: panelAt) == .board)  // slid on: still the board's
        #expect(touches.route(event(onNotice, .ended, 150, 300), panelAt: panelAt) == .overlay(began: nil))
        #expect(touches.route(event(onNotice, .moved, 150, 710), panelAt: panelAt) == .board)  // lifted: forgotten
    }
}
