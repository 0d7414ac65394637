import Foundation

/// Every wait in the harness has one, so a broken build fails fast instead of hanging CI.
public struct HarnessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Polls `condition` every `interval` until it returns a value — for as long as the work it
/// waits for goes on.
///
/// A wait gives up only when nothing has happened for `stall`: none of the processes the
/// harness started (the board and its decoding helpers, window managers, clipboard programs,
/// and whatever they started; `Progress`) used the processor or waited for it in that time.
/// So a busy or slow machine makes a wait longer, never a failure, while a board that sits
/// idle without doing what is waited for (a broken build) still fails after `stall`. A wait
/// whose processes keep working without ever getting there fails after `ceiling` (ten times
/// `stall`, and at least two minutes, unless given): a board spinning in a loop.
///
/// Choose `stall` longer than the longest pause the work itself makes (a debounce, a notice's
/// time on screen): it is not a guess at how fast the machine is.
public func waitFor<T>(
    _ what: @autoclosure () -> String, stall: Duration = .seconds(10), ceiling: Duration? = nil,
    interval: Duration = .milliseconds(20), _ condition: () throws -> T?
) throws -> T {
    let clock = ContinuousClock()
    let started = clock.now
    let ceiling = ceiling ?? max(stall * 10, .seconds(120))
    var progress = Progress.Watch()
    while true {
        if let value = try condition() { return value }
        let now = clock.now
        if now - started >= ceiling {
            throw HarnessError("gave up after \(now - started) of work (the ceiling) waiting for \(what())")
        }
        if progress.stillFor(at: now) >= stall {
            throw HarnessError("nothing happened for \(stall) (after \(now - started) in all) while waiting for \(what())")
        }
        pause(interval)
    }
}

/// Sleeps for a duration (the harness injects input in real time).
public func pause(_ duration: Duration) {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    Thread.sleep(forTimeInterval: seconds)
}
