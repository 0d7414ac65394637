/// Recognizes fingers turning about their centroid and reports the angle since the start.
///
/// The angle is the least-squares rotation of the fingers' motion, accumulated from move to move
/// as shortest signed arcs, so it is continuous past ±π (two full turns read 4π). Begins, holds
/// and ends like `PinchGestureRecognizer`.
public final class RotationGestureRecognizer: ContinuousGestureRecognizer {
    public var core: RecognizerCore
    public var settings: GestureSettings
    public var minimumNumberOfTouches: Int { 2 }
    /// Radians since the gesture started; positive turns clockwise on screen (y down).
    public private(set) var rotation: Double = 0
    /// The fit's rotation at the last move, since the base: each move adds the shortest arc
    /// from it.
    private var lastFitRotation: Double = 0
    private var velocityEstimator: VelocityEstimator

    public init(name: String = "rotation", settings: GestureSettings = GestureSettings()) {
        core = RecognizerCore(name: name, isDiscrete: false)
        self.settings = settings
        velocityEstimator = VelocityEstimator(window: settings.velocityWindow, restThreshold: settings.restBeforeLift)
    }

    /// Radians per second.
    public func velocity(at time: Instant) -> Double { velocityEstimator.velocity(at: time).x }

    /// A turn needs two fingers: with one left, the angle holds.
    public func measure(_ motion: Similarity, at time: Instant) {
        guard core.measuredTouches.count >= 2 else { return }
        rotation += Angle.shortestArc(from: lastFitRotation, to: motion.rotation)
        lastFitRotation = motion.rotation
        velocityEstimator.add(rotation, at: time)
    }

    public func rebaseMeasurement() { lastFitRotation = 0 }

    public func reset() {
        rotation = 0
        lastFitRotation = 0
        velocityEstimator.removeAll()
    }
}
