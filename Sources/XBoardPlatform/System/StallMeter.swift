import XBoard

/// Records how long each turn of the loop took (`PHOTOBOARD_TRACE=loop`): every turn over
/// `threshold` is one line on standard error with when it began (seconds of the monotonic
/// clock, which every process shares), so a benchmark can find the longest stall during what
/// it drove, and where the turn went (each phase the loop marked, in milliseconds); at the end,
/// the count and the longest.
public struct StallMeter {
    /// Turns shorter than this are not said.
    var threshold: Duration = .milliseconds(4)
    private var turns = 0
    private var longest: Duration = .zero
    private var phases: [(name: StaticString, end: Instant)] = []
    /// The loop thread's processor time when the turn began: a long turn that ran little waited
    /// (for the X server to take its requests, or for a processor).
    private var processorAtStart = System.threadProcessorTime()
    /// The time it had waited for a processor, then: the rest of a long turn waited on the X server.
    private var queuedAtStart = System.threadRunQueueTime()

    public init() {}

    /// Ends the turn's phase called `name` now (the next starts here).
    public mutating func mark(_ name: StaticString) {
        phases.append((name, MonotonicClock.now()))
    }

    public mutating func record(_ start: Instant, until end: Instant) {
        // Read once a turn: the end of this one is the start of the next (what comes between is
        // the wait in poll, which runs nothing and queues for nothing).
        let processor = System.threadProcessorTime(), queuedNow = System.threadRunQueueTime()
        let ran = processor - processorAtStart, queued = queuedNow - queuedAtStart
        defer {
            phases.removeAll(keepingCapacity: true)
            (processorAtStart, queuedAtStart) = (processor, queuedNow)
        }
        let took = end - start
        turns += 1
        longest = max(longest, took)
        guard took >= threshold else { return }
        var parts: [String] = []
        var from = start
        for phase in phases {
            parts.append("\(phase.name) \(String(format: "%.1f", (phase.end - from).seconds * 1000))")
            from = phase.end
        }
        if !phases.isEmpty { parts.append("rest \(String(format: "%.1f", (end - from).seconds * 1000))") }
        parts.append("ran \(String(format: "%.1f", ran.seconds * 1000)), queued \(String(format: "%.1f", queued.seconds * 1000))")
        let breakdown = " (\(parts.joined(separator: ", ")))"
        System.printError(
            "trace: loop turn at \(String(format: "%.3f", start.sinceOrigin.seconds)) took \(String(format: "%.1f", took.seconds * 1000)) ms\(breakdown)"
        )
    }

    public func summarize() {
        System.printError("trace: loop turns \(turns), longest \(String(format: "%.1f", longest.seconds * 1000)) ms")
    }
}
