import Testing
import XBoard

@Suite struct StallWatchTests {
    private let start = Instant(sinceOrigin: .seconds(100))

    @Test func silenceForThePatienceStallsItOnce() {
        var watch = StallWatch(patience: .seconds(5))
        #expect(watch.nextDeadline == nil)
        var stalled = watch.hasStalled(at: start + .seconds(60))
        #expect(!stalled)
        watch.start(at: start)
        #expect(watch.isWatching && watch.nextDeadline == start + .seconds(5))
        stalled = watch.hasStalled(at: start + .milliseconds(4999))
        #expect(!stalled)
        stalled = watch.hasStalled(at: start + .seconds(5))
        #expect(stalled)
        #expect(!watch.isWatching && watch.nextDeadline == nil)
        stalled = watch.hasStalled(at: start + .seconds(10))
        #expect(!stalled)  // said once
    }

    @Test func progressPushesTheDeadlineBackSoALongTransferThatMovesGoesOn() {
        var watch = StallWatch(patience: .seconds(5))
        watch.start(at: start)
        var now = start
        for _ in 0..<20 {  // a piece every 4 s: 80 s in all, never 5 s of silence
            now = now + .seconds(4)
            let stalled = watch.hasStalled(at: now)
            #expect(!stalled)
            watch.progressed(at: now)
        }
        #expect(watch.nextDeadline == now + .seconds(5))
        let stalled = watch.hasStalled(at: now + .seconds(5))
        #expect(stalled)
    }

    @Test func stoppingOrProgressWhileNotWatchingArmsNothing() {
        var watch = StallWatch(patience: .seconds(5))
        watch.progressed(at: start)
        #expect(watch.nextDeadline == nil)
        watch.start(at: start)
        watch.stop()
        let stalled = watch.hasStalled(at: start + .seconds(6))
        #expect(watch.nextDeadline == nil && !stalled)
    }
}
