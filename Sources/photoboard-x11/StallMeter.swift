import XBoard
import XBoardPlatform

/// Records how long each turn of the loop took (`PHOTOBOARD_TRACE=loop`): every turn over
/// `threshold` is one line on standard error with when it began (seconds of the monotonic
/// clock, which every process shares), so a benchmark can find the longest stall during what
/// it drove; at the end, the count and the longest.
struct StallMeter {
    /// Turns shorter than this are not said.
    var threshold: Duration = .milliseconds(4)
    private var turns = 0
    private var longest: Duration = .zero

    mutating func record(_ start: Instant, until end: Instant) {
        let took = end - start
        turns += 1
        longest = max(longest, took)
        guard took >= threshold else { return }
        System.printError(
            "trace: loop turn at \(String(format: "%.3f", start.sinceOrigin.seconds)) took \(String(format: "%.1f", took.seconds * 1000)) ms"
        )
    }

    func summarize() {
        System.printError("trace: loop turns \(turns), longest \(String(format: "%.1f", longest.seconds * 1000)) ms")
    }
}
