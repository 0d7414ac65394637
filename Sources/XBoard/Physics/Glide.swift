import Foundation

/// A photo moving on after release: sliding, spinning and zooming with exponential friction.
///
/// Computed in closed form from the release state, so it is frame-rate independent: with decay
/// time τ, the offset after t seconds is `v·τ·(1 − e^(−t/τ))`. The centre is clamped per axis to
/// `bounds`, the part of the board the window showed at release, so a glide toward an edge stops
/// at the edge and slides along it; a pan of the table while it glides does not pull it along.
public struct Glide: Hashable, Sendable {
    public var startTransform: AffineTransform
    public var startTime: Instant
    /// Board points per second.
    public var velocity: Point
    /// Radians per second.
    public var angularVelocity: Double
    /// Natural-log scale units per second.
    public var logScaleVelocity: Double
    public var settings: MotionSettings
    /// Scale limits for this photo.
    public var scaleRange: ClosedRange<Double>
    /// Half the print's diagonal at the start, in board points: converts spin and zoom to distances.
    public var radius: Double
    /// Where the centre may go, in board points.
    public var bounds: Rect

    public init(
        startTransform: AffineTransform, startTime: Instant, velocity: Point, angularVelocity: Double,
        logScaleVelocity: Double, settings: MotionSettings, scaleRange: ClosedRange<Double>, radius: Double, bounds: Rect
    ) {
        self.startTransform = startTransform
        self.bounds = bounds
        self.startTime = startTime
        let speed = velocity.length
        let cap = settings.maximumReleaseSpeed
        self.velocity = speed > cap && speed.isFinite ? velocity * (cap / speed) : (velocity.isFinite ? velocity : .zero)
        let spinCap = settings.maximumReleaseSpin, zoomCap = settings.maximumReleaseZoom
        self.angularVelocity = angularVelocity.isFinite ? min(max(angularVelocity, -spinCap), spinCap) : 0
        self.logScaleVelocity = logScaleVelocity.isFinite ? min(max(logScaleVelocity, -zoomCap), zoomCap) : 0
        self.settings = settings
        self.scaleRange = scaleRange
        self.radius = radius.isFinite ? radius : 0
    }

    private var slideTau: Double { settings.glideTime.seconds }
    private var spinTau: Double { settings.spinTime.seconds }

    /// When nothing left of the glide moves the print by `restDistance`.
    public var endTime: Instant {
        let rest = max(settings.restDistance, 1e-6)
        func settle(_ distance: Double, tau: Double) -> Double {
            distance > rest ? tau * log(distance / rest) : 0
        }
        let seconds = max(
            settle(velocity.length * slideTau, tau: slideTau),
            settle(abs(angularVelocity) * spinTau * radius, tau: spinTau),
            settle(abs(logScaleVelocity) * spinTau * radius, tau: spinTau))
        return startTime + .seconds(min(seconds, 30))
    }

    /// The placement at `time`, with the centre clamped into `bounds`.
    public func transform(at time: Instant) -> AffineTransform {
        let t = max(0, min((time - startTime).seconds, (endTime - startTime).seconds))
        let isDone = time >= endTime
        let slide = isDone ? slideTau : slideTau * (1 - exp(-t / slideTau))
        let spin = isDone ? spinTau : spinTau * (1 - exp(-t / spinTau))
        let center = bounds.clamp(startTransform.center + velocity * slide)
        let rotation = startTransform.rotation + angularVelocity * spin
        let scale = min(max(startTransform.scale * exp(logScaleVelocity * spin), scaleRange.lowerBound), scaleRange.upperBound)
        return AffineTransform(center: center, scale: scale, rotation: rotation)
    }
}
