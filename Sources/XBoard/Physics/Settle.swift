import Foundation

/// A photo easing from one placement to another over a fixed time (triple-tap reset, close-up,
/// returning into a shrunken window).
///
/// Centre, log-scale and rotation are interpolated separately with an ease-out curve; the
/// rotation takes the shortest arc.
public struct Settle: Hashable, Sendable {
    public var from: AffineTransform
    public var to: AffineTransform
    public var startTime: Instant
    public var duration: Duration

    public init(from: AffineTransform, to: AffineTransform, startTime: Instant, duration: Duration) {
        self.from = from
        self.to = to
        self.startTime = startTime
        self.duration = duration
    }

    public var endTime: Instant { startTime + duration }

    public func transform(at time: Instant) -> AffineTransform {
        let total = duration.seconds
        guard total > 0, time < endTime else { return to }
        let progress = max(0, (time - startTime).seconds / total)
        let eased = 1 - pow(1 - progress, 3)
        let center = from.center + (to.center - from.center) * eased
        let scale = exp(log(from.scale) + (log(to.scale) - log(from.scale)) * eased)
        let rotation = from.rotation + Angle.shortestArc(from: from.rotation, to: to.rotation) * eased
        return AffineTransform(center: center, scale: scale, rotation: rotation)
    }
}
