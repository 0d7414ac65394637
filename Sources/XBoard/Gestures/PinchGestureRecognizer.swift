import Foundation

/// Recognizes fingers spreading or gathering and reports the scale relative to the start.
///
/// As in Qt's PinchHandler, the scale is measured against the fingers' spread when the gesture
/// (re-)based; with three or more fingers it is the least-squares scale of their motion. Begins
/// once two fingers are down and one has travelled more than the slop, so pan, pinch and
/// rotation on a photo begin on the same event and the photo sticks to the fingers. Holds while
/// fewer than two fingers remain; ends when the last lifts.
public final class PinchGestureRecognizer: GestureRecognizer {
    public var core: RecognizerCore
    public var settings: GestureSettings
    /// Scale factor since the gesture started (1 = unchanged).
    public private(set) var scale: Double = 1
    private var scaleAtBase: Double = 1
    private var velocityEstimator: VelocityEstimator

    public init(name: String = "pinch", settings: GestureSettings = GestureSettings()) {
        core = RecognizerCore(name: name, isDiscrete: false)
        self.settings = settings
        velocityEstimator = VelocityEstimator(window: settings.velocityWindow, restThreshold: settings.restBeforeLift)
    }

    /// Rate of change of the natural logarithm of the scale, per second.
    public func logScaleVelocity(at time: Instant) -> Double { velocityEstimator.velocity(at: time).x }

    public func touchBegan(_ touch: Touch) {
        scaleAtBase = scale
        core.considerBeginning(minimumTouches: 2, slop: settings.slop)
    }

    public func touchMoved(_ touch: Touch) {
        measure(at: touch.time)
        core.measuredMove(minimumTouches: 2, slop: settings.slop)
    }

    public func touchEnded(_ touch: Touch) {
        measure(at: touch.time)
        scaleAtBase = scale
        core.endIfLastTouch()
    }

    public func touchCancelled(_ touch: Touch) { core.cancelOrFail() }

    public func reset() {
        scale = 1
        scaleAtBase = 1
        velocityEstimator.removeAll()
    }

    private func measure(at time: Instant) {
        guard core.measuredTouches.count >= 2, let fit = core.fitSinceBase() else { return }
        scale = scaleAtBase * fit.scale
        velocityEstimator.add(log(scale), at: time)
    }
}
