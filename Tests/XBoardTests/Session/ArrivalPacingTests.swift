import Testing

@testable import XBoard

/// The pacing of arrival frames alone: they wait only while nobody is at the board.
struct ArrivalPacingTests {
    @Test func framesWaitOnlyWhileUnattendedAndAMomentAfterInput() {
        var pacing = ArrivalPacing(interval: .milliseconds(100), inputQuiet: .milliseconds(300))
        let last = Instant.origin + .seconds(1)
        #expect(pacing.frameTime(after: nil, at: last, isUnattended: true) == nil, "the first frame at once")
        #expect(pacing.frameTime(after: last, at: last, isUnattended: true) == last + .milliseconds(100))
        #expect(pacing.frameTime(after: last, at: last, isUnattended: false) == nil, "someone at the board")
        pacing.lastInputAt = last
        #expect(pacing.frameTime(after: last, at: last + .milliseconds(299), isUnattended: true) == nil, "just after input")
        #expect(pacing.frameTime(after: last, at: last + .milliseconds(300), isUnattended: true) == last + .milliseconds(100))
    }
}
