import Testing
import XBoard

/// A whole continuous recognizer in a dozen lines: how far the fingers slid sideways. The core
/// drives its life; it writes only its measurement, and notes which of its hooks ran.
private final class SlideRecognizer: ContinuousGestureRecognizer {
    var core = RecognizerCore(name: "slide", isDiscrete: false)
    let settings = GestureSettings()
    let minimumNumberOfTouches: Int
    /// Board points the centroid moved along x since the gesture started.
    private(set) var distance = 0.0
    private var distanceAtBase = 0.0
    private(set) var hooks: [String] = []

    init(minimumNumberOfTouches: Int = 1) { self.minimumNumberOfTouches = minimumNumberOfTouches }

    func beginMeasuring(at time: Instant) { hooks.append("begin at \(time)") }

    func measure(_ motion: Similarity, at time: Instant) {
        distance = distanceAtBase + motion.currentCentroid.x - motion.startCentroid.x
        hooks.append("measure")
    }

    func rebaseMeasurement() {
        distanceAtBase = distance
        hooks.append("rebase")
    }

    func reset() {
        distance = 0
        distanceAtBase = 0
        hooks.append("reset")
    }

    func takeHooks() -> [String] {
        defer { hooks.removeAll() }
        return hooks
    }
}

@Suite struct ContinuousRecognizerTests {
    @Test func aMeasurementIsAllARecognizerNeeds() {
        let slide = SlideRecognizer()
        let script = SuiteScript(RecognizerSuite([slide]))
        script.down(1, at: Point(100, 100)).move(1, to: Point(106, 100))
        #expect(script.log.isEmpty)  // within the slop: still possible
        script.move(1, to: Point(120, 100)).move(1, to: Point(150, 130)).up(1)
        #expect(script.log == ["slide began", "slide changed", "slide ended"])
        #expect(slide.distance == 50)
    }

    @Test func theHooksRunAsTouchesJoinMoveAndLeave() {
        let slide = SlideRecognizer()
        let script = SuiteScript(RecognizerSuite([slide]))
        script.down(1, at: Point(0, 0), after: .milliseconds(5))
        #expect(slide.takeHooks() == ["begin at t+0.005s", "rebase"])
        script.move(1, to: Point(20, 0))
        #expect(slide.takeHooks() == ["measure"])
        script.down(2, at: Point(100, 0))
        #expect(slide.takeHooks() == ["rebase"])  // only the first touch begins the measurement
        script.up(1).up(2)
        #expect(slide.takeHooks() == ["measure", "rebase", "measure", "rebase"])
        script.down(1, at: Point(0, 0))
        #expect(slide.takeHooks() == ["reset", "begin at t+0.021s", "rebase"])
    }

    @Test func touchesJoiningAndLeavingNeverJumpTheValue() {
        let slide = SlideRecognizer()
        let script = SuiteScript(RecognizerSuite([slide]))
        script.down(1, at: Point(0, 0)).move(1, to: Point(20, 0))
        script.down(2, at: Point(200, 0))  // the centroid jumps to x = 110; the distance must not
        #expect(slide.distance == 20)
        script.move(2, to: Point(210, 0))
        #expect(slide.distance == 25)
        script.up(1).move(2, to: Point(220, 0))
        #expect(slide.distance == 35)
    }

    @Test func itBeginsWithItsMinimumOfTouchesAndHoldsWithFewer() {
        let slide = SlideRecognizer(minimumNumberOfTouches: 2)
        let script = SuiteScript(RecognizerSuite([slide]))
        script.down(1, at: Point(0, 0)).move(1, to: Point(50, 0))
        #expect(script.log.isEmpty)
        script.down(2, at: Point(100, 0))  // the first finger has travelled past the slop already
        #expect(script.log == ["slide began"])
        script.up(1).move(2, to: Point(140, 0))
        #expect(script.log == ["slide began", "slide changed"])
        script.up(2)
        #expect(script.log == ["slide began", "slide changed", "slide ended"])
    }

    @Test func withTooFewTouchesItFailsWhenTheLastLifts() {
        let slide = SlideRecognizer(minimumNumberOfTouches: 2)
        let script = SuiteScript(RecognizerSuite([slide]))
        script.down(1, at: Point(0, 0)).move(1, to: Point(50, 0)).up(1)
        #expect(script.log == ["slide failed"])
    }

    @Test func aCancelledGestureIsResetBeforeTheNext() {
        let slide = SlideRecognizer()
        let script = SuiteScript(RecognizerSuite([slide]))
        script.down(1, at: Point(0, 0)).move(1, to: Point(30, 0)).cancel(1)
        #expect(script.log == ["slide began", "slide cancelled"])
        #expect(slide.distance == 30)  // readable until the next cycle
        script.clearLog()
        script.down(1, at: Point(0, 0)).move(1, to: Point(12, 0))
        #expect(script.log == ["slide began"])
        #expect(slide.distance == 12)
    }

    @Test func disablingResetsThroughTheSamePath() {
        let slide = SlideRecognizer()
        let suite = RecognizerSuite([slide])
        let script = SuiteScript(suite)
        script.down(1, at: Point(0, 0)).move(1, to: Point(30, 0))
        _ = slide.takeHooks()
        #expect(suite.setEnabled(slide, false).map(\.description) == ["slide cancelled"])
        #expect(slide.takeHooks() == ["reset"])
        #expect(slide.distance == 0 && slide.state == .possible && slide.core.touches.isEmpty)
    }

    @Test func itIsArbitratedLikeTheBuiltInRecognizers() {
        let slide = SlideRecognizer(), tap = TapGestureRecognizer()
        let script = SuiteScript(RecognizerSuite([slide, tap]))
        script.down(1, at: Point(0, 0)).move(1, to: Point(9, 0)).up(1)
        #expect(script.log == ["slide began", "tap failed", "slide ended"])
    }
}
