import XBoard

/// The one clock the board reads: `CLOCK_MONOTONIC` as a board `Instant` (origin: boot). The
/// core never reads it; the loop stamps events and passes instants in.
public enum MonotonicClock {
    public static func now() -> Instant { Instant(sinceOrigin: System.monotonicTime()) }
}
