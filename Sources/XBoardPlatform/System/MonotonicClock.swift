@preconcurrency import Glibc
import XBoard

/// The one clock the board reads: `CLOCK_MONOTONIC` as a board `Instant` (origin: boot). The
/// core never reads it; the loop stamps events and passes instants in.
public enum MonotonicClock {
    public static func now() -> Instant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Instant(sinceOrigin: .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec)))
    }
}
