import Testing
import XBoard

/// While photos arrive and nobody is at the board, frames that only show what arrived wait a
/// tenth of a second after the last; a finger, a click or a key, anything moving, or the end of
/// loading brings frames back at once.
@Suite struct ArrivalFrameTests {
    @Test func arrivalsWaitOnlyWhileLoadingWithNobodyAtTheBoard() {
        let script = SessionScript()
        script.send(
            .opened(
                BoardOpening(
                    files: ["a.jpg", "b.jpg"].map(SessionScript.file), named: [], added: [], memory: BoardMemory(), problemPaths: [])))
        let session = script.session
        #expect(session.arrivalFrameTime(after: nil, at: script.now) == nil, "the first frame at once")
        let last = script.now
        #expect(session.arrivalFrameTime(after: last, at: script.now) == last + .milliseconds(100))

        script.touch(1, .began, at: Point(x: 5, y: 5))
        #expect(session.arrivalFrameTime(after: last, at: script.now) == nil, "a finger on the board")
        script.touch(1, .ended, at: Point(x: 5, y: 5))
        script.send(.window(.exposed), after: .milliseconds(400))
        #expect(session.arrivalFrameTime(after: script.now, at: script.now) == script.now + .milliseconds(100), "a moment after it lifted")

        script.key("t")
        #expect(session.arrivalFrameTime(after: script.now, at: script.now) == nil, "a key, and the board gliding")

        script.decodeAll().send(.window(.exposed), after: .seconds(2))
        #expect(session.arrivalFrameTime(after: script.now, at: script.now) == nil, "everything has arrived")
    }
}
