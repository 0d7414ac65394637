/// What moves a photo while no finger holds it.
public enum Motion: Hashable, Sendable {
    case glide(Glide)
    case settle(Settle)

    public var endTime: Instant {
        switch self {
        case .glide(let glide): glide.endTime
        case .settle(let settle): settle.endTime
        }
    }

    /// The placement at `time`; glides are clamped to their bounds, settles end where they aim.
    public func transform(at time: Instant) -> AffineTransform {
        switch self {
        case .glide(let glide): glide.transform(at: time)
        case .settle(let settle): settle.transform(at: time)
        }
    }
}
