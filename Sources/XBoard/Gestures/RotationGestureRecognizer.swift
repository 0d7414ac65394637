/// Recognizes fingers turning about their centroid and reports the angle since the start.
///
/// The angle is the least-squares rotation of the fingers' motion, accumulated from move to move
/// as shortest signed arcs, so it is continuous past ±π (two full turns read 4π). Begins, holds
/// and ends like `PinchGestureRecognizer`.
public final class RotationGestureRecognizer: GestureRecognizer {
    public var core: RecognizerCore
    public var settings: GestureSettings
    /// Radians since the gesture started; positive turns clockwise on screen (y down).
    public private(set) var rotation: Double = 0
    private var lastFitRotation: Double = 0
    private var velocityEstimator: VelocityEstimator

    public init(name: String = "rotation", settings: GestureSettings = GestureSettings()) {
        core = RecognizerCore(name: name, isDiscrete: false)
        self.settings = settings
        velocityEstimator = VelocityEstimator(window: settings.velocityWindow, restThreshold: settings.restBeforeLift)
    }

    /// Radians per second.
    public func velocity(at time: Instant) -> Double { velocityEstimator.velocity(at: time).x }

    public func touchBegan(_ touch: Touch) {
        lastFitRotation = 0
        core.considerBeginning(minimumTouches: 2, slop: settings.slop)
    }

    public func touchMoved(_ touch: Touch) {
        measure(at: touch.time)
        core.measuredMove(minimumTouches: 2, slop: settings.slop)
    }

    public func touchEnded(_ touch: Touch) {
        measure(at: touch.time)
        lastFitRotation = 0
        core.endIfLastTouch()
    }

    public func touchCancelled(_ touch: Touch) { core.cancelOrFail() }

    public func reset() {
        rotation = 0
        lastFitRotation = 0
        velocityEstimator.removeAll()
    }

    private func measure(at time: Instant) {
        guard core.measuredTouches.count >= 2, let fit = core.fitSinceBase() else { return }
        rotation += Angle.shortestArc(from: lastFitRotation, to: fit.rotation)
        lastFitRotation = fit.rotation
        velocityEstimator.add(rotation, at: time)
    }
}
