import Testing
import XBoard

@Suite struct VelocityEstimatorTests {
    private func estimator() -> VelocityEstimator {
        VelocityEstimator(window: .milliseconds(100), restThreshold: .milliseconds(40))
    }

    @Test func steadyMotionGivesItsSpeed() {
        var velocity = estimator()
        for step in 0...20 {
            velocity.add(Point(Double(step) * 8, Double(step) * -4), at: Instant(sinceOrigin: .milliseconds(step * 8)))
        }
        let estimate = velocity.velocity(at: Instant(sinceOrigin: .milliseconds(160)))
        expectClose(estimate, Point(1000, -500), within: 1e-6)
    }

    @Test func onlyTheLastHundredMillisecondsCount() {
        var velocity = estimator()
        // Slow for 288 ms, then fast for the last 108 ms.
        var time = 0, x = 0.0
        while time < 288 { velocity.add(Point(x, 0), at: Instant(sinceOrigin: .milliseconds(time))); time += 8; x += 1 }
        while time <= 396 { velocity.add(Point(x, 0), at: Instant(sinceOrigin: .milliseconds(time))); time += 8; x += 16 }
        let estimate = velocity.velocity(at: Instant(sinceOrigin: .milliseconds(396)))
        expectClose(estimate.x, 2000, absolute: 1e-6)
    }

    @Test func aFingerThatRestedBeforeLiftingThrowsNothing() {
        var velocity = estimator()
        for step in 0...10 { velocity.add(Point(Double(step) * 10, 0), at: Instant(sinceOrigin: .milliseconds(step * 8))) }
        velocity.add(Point(100, 0), at: Instant(sinceOrigin: .milliseconds(120)))
        #expect(velocity.velocity(at: Instant(sinceOrigin: .milliseconds(119))) != .zero)
        #expect(velocity.velocity(at: Instant(sinceOrigin: .milliseconds(121))) == .zero)
    }
}
