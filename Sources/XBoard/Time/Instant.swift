/// A moment on the board's timeline, as an offset from an arbitrary origin.
///
/// The engine never reads a clock: every input event carries an `Instant`, and
/// `advance(to:)` is the only way time passes. The platform layer maps its monotonic clock
/// onto this; tests construct instants by hand.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Time since the origin.
    public var sinceOrigin: Duration

    public init(sinceOrigin: Duration) {
        self.sinceOrigin = sinceOrigin
    }

    public static let origin = Instant(sinceOrigin: .zero)

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.sinceOrigin < rhs.sinceOrigin }
    public static func + (lhs: Instant, rhs: Duration) -> Instant { Instant(sinceOrigin: lhs.sinceOrigin + rhs) }
    public static func - (lhs: Instant, rhs: Duration) -> Instant { Instant(sinceOrigin: lhs.sinceOrigin - rhs) }
    public static func - (lhs: Instant, rhs: Instant) -> Duration { lhs.sinceOrigin - rhs.sinceOrigin }
    public static func += (lhs: inout Instant, rhs: Duration) { lhs = lhs + rhs }

    public var description: String { "t+\(sinceOrigin.seconds)s" }
}

extension Duration {
    /// The duration in seconds as a `Double`.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    /// A duration of `seconds` (finite) seconds.
    public static func seconds(_ seconds: Double) -> Duration {
        .nanoseconds(Int64((seconds * 1e9).rounded()))
    }
}
