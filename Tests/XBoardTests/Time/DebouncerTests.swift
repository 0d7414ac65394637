import Testing
import XBoard

@Suite struct DebouncerTests {
    private let start = Instant(sinceOrigin: .seconds(100))

    @Test func aChangeFiresOnceAfterStandingStillForTheDelay() {
        var debouncer = Debouncer(delay: .seconds(1))
        func poll(_ revision: UInt64, ready: Bool = true, at time: Instant) -> Bool {
            debouncer.poll(revision: revision, isReady: ready, at: time)
        }
        #expect(!poll(1, at: start))
        #expect(debouncer.nextDeadline == start + .seconds(1))
        #expect(!poll(1, at: start + .milliseconds(999)))
        #expect(poll(1, at: start + .seconds(1)))
        #expect(debouncer.nextDeadline == nil)
        #expect(!poll(1, at: start + .seconds(5)))  // handled already
    }

    @Test func activityDisarmsItAndRestingArmsItAnew() {
        var debouncer = Debouncer(delay: .seconds(1))
        func poll(_ revision: UInt64, ready: Bool = true, at time: Instant) -> Bool {
            debouncer.poll(revision: revision, isReady: ready, at: time)
        }
        _ = poll(1, at: start)
        #expect(!poll(2, ready: false, at: start + .milliseconds(500)))  // a gesture began
        #expect(debouncer.nextDeadline == nil)
        #expect(!poll(3, at: start + .seconds(2)))
        #expect(debouncer.nextDeadline == start + .seconds(3))
        #expect(poll(3, at: start + .seconds(3)))
    }

    @Test func aNewRevisionAfterFiringFiresAgain() {
        var debouncer = Debouncer(delay: .milliseconds(10))
        func poll(_ revision: UInt64, ready: Bool = true, at time: Instant) -> Bool {
            debouncer.poll(revision: revision, isReady: ready, at: time)
        }
        _ = poll(1, at: start)
        #expect(poll(1, at: start + .milliseconds(10)))
        #expect(!poll(2, at: start + .milliseconds(20)))
        #expect(poll(2, at: start + .milliseconds(30)))
    }
}
