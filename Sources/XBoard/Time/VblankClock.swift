/// What the X Present extension says about the display's vertical blank: its counter (MSC) and
/// time (UST, microseconds) with every frame shown, from which the counter's rate follows.
///
/// Presenting at the next vertical blank avoids tearing only when that counter is the screen's
/// own. A server without one (the dummy driver, a virtual screen) counts a made-up 60 Hz; there
/// waiting for it would cap a 120 Hz screen at 60 frames and add up to a frame of latency for
/// nothing, so frames are presented at once and paced by the board's own clock instead.
public struct VblankClock: Sendable {
    /// The first report kept and the latest, as (UST µs, MSC).
    private var first: (ust: UInt64, msc: UInt64)?
    private var latest: (ust: UInt64, msc: UInt64)?
    /// Reports are compared over at least this long before the rate is believed, in microseconds.
    public static let minimumSpan: UInt64 = 200_000

    public init() {}

    /// Notes a frame the server reported shown at `ust` (microseconds) and counter `msc`. A
    /// counter or clock going backwards (a new CRTC, a suspended screen) starts over.
    public mutating func record(ust: UInt64, msc: UInt64) {
        if let latest, ust < latest.ust || msc < latest.msc {
            first = nil
        }
        if first == nil { first = (ust, msc) }
        latest = (ust, msc)
    }

    /// The counter's rate in frames per second, once reports span `minimumSpan` and it counted.
    public var countedRate: Double? {
        guard let first, let latest, latest.ust - first.ust >= Self.minimumSpan, latest.msc > first.msc else { return nil }
        return Double(latest.msc - first.msc) / (Double(latest.ust - first.ust) / 1e6)
    }

    /// Whether frames should wait for the next vertical blank on a display running at `rate`:
    /// only when the counter is known to run at that rate (within 5%).
    public func waitsForVblank(at rate: RefreshRate) -> Bool {
        guard let counted = countedRate else { return false }
        return abs(counted - rate.hertz) <= rate.hertz * 0.05
    }
}
