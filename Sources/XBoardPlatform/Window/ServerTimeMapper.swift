import XBoard

/// Maps the X server's 32-bit millisecond timestamps onto the local monotonic timeline.
///
/// The offset is `local − server`: the smallest seen (the event that arrived with the least
/// delay), except that an offset more than a second larger than the current one replaces it (one
/// of the clocks jumped, for example after a suspend). Mapped instants are never later than the
/// moment the event was received; wrap-around (every 49.7 days) is unwrapped; results never go
/// backwards.
struct ServerTimeMapper {
    private var lastServerTime: UInt32?
    private var unwrappedMilliseconds: Int64 = 0
    private var offset: Duration?
    private var lastInstant = Instant.origin

    mutating func instant(forServerTime serverTime: UInt, receivedAt now: Instant) -> Instant {
        let time = UInt32(truncatingIfNeeded: serverTime)
        if let lastServerTime {
            unwrappedMilliseconds += Int64(Int32(bitPattern: time &- lastServerTime))
        } else {
            unwrappedMilliseconds = Int64(time)
        }
        lastServerTime = time
        let server = Instant(sinceOrigin: .milliseconds(unwrappedMilliseconds))
        let candidate = now - server
        if let current = offset, candidate >= current, candidate - current < .seconds(1) {
            // keep the smaller offset: this event was delayed more than the one that set it
        } else {
            offset = candidate
        }
        let mapped = min(server + (offset ?? candidate), now)
        lastInstant = max(lastInstant, mapped)
        return lastInstant
    }
}
