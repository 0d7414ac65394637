/// Recognizes fingers moving together and reports the translation of their centroid.
///
/// As UIKit's pan: begins once `minimumNumberOfTouches` are down and one has travelled more than
/// the slop; reports `translation` since the gesture started and `velocity(at:)`. Fingers added
/// or lifted mid-gesture re-base the centroid, so the translation never jumps. Unlike UIKit, the
/// gesture holds (does not end) while fewer than the minimum remain, and ends when the last
/// finger lifts.
public final class PanGestureRecognizer: ContinuousGestureRecognizer {
    public var core: RecognizerCore
    public var minimumNumberOfTouches: Int
    public var settings: GestureSettings
    /// Centroid translation since the gesture started, in board points.
    public private(set) var translation: Point = .zero
    private var translationAtBase: Point = .zero
    private var velocityEstimator: VelocityEstimator

    public init(
        name: String = "pan", settings: GestureSettings = GestureSettings(), minimumNumberOfTouches: Int = 1,
        maximumNumberOfTouches: Int = .max
    ) {
        core = RecognizerCore(name: name, isDiscrete: false, maximumMeasuredTouches: maximumNumberOfTouches)
        self.minimumNumberOfTouches = minimumNumberOfTouches
        self.settings = settings
        velocityEstimator = VelocityEstimator(window: settings.velocityWindow, restThreshold: settings.restBeforeLift)
    }

    /// Board points per second of the translation, fitted over the last samples.
    public func velocity(at time: Instant) -> Point { velocityEstimator.velocity(at: time) }

    /// The translation's first sample, where the first finger went down: a quick throw's
    /// velocity is fitted from there.
    public func beginMeasuring(at time: Instant) { velocityEstimator.add(translation, at: time) }

    public func measure(_ motion: Similarity, at time: Instant) {
        translation = translationAtBase + (motion.currentCentroid - motion.startCentroid)
        velocityEstimator.add(translation, at: time)
    }

    public func rebaseMeasurement() { translationAtBase = translation }

    public func reset() {
        translation = .zero
        translationAtBase = .zero
        velocityEstimator.removeAll()
    }
}
