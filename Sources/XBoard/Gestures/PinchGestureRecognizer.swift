import Foundation

/// Recognizes fingers spreading or gathering and reports the scale relative to the start.
///
/// As in Qt's PinchHandler, the scale is measured against the fingers' spread when the gesture
/// (re-)based; with three or more fingers it is the least-squares scale of their motion. Begins
/// once two fingers are down and one has travelled more than the slop, so pan, pinch and
/// rotation on a photo begin on the same event and the photo sticks to the fingers. Holds while
/// fewer than two fingers remain; ends when the last lifts.
public final class PinchGestureRecognizer: ContinuousGestureRecognizer {
    public var core: RecognizerCore
    public var settings: GestureSettings
    public var minimumNumberOfTouches: Int { 2 }
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

    /// A spread needs two fingers: with one left, the scale holds.
    public func measure(_ motion: Similarity, at time: Instant) {
        guard core.measuredTouches.count >= 2 else { return }
        scale = scaleAtBase * motion.scale
        velocityEstimator.add(log(scale), at: time)
    }

    public func rebaseMeasurement() { scaleAtBase = scale }

    public func reset() {
        scale = 1
        scaleAtBase = 1
        velocityEstimator.removeAll()
    }
}
