import Foundation

/// Every wait in the harness has one, so a broken build fails fast instead of hanging CI.
public struct HarnessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Polls `condition` every `interval` until it returns a value or `timeout` passes.
public func waitFor<T>(
    _ what: @autoclosure () -> String, timeout: Duration = .seconds(10), interval: Duration = .milliseconds(20),
    _ condition: () throws -> T?
) throws -> T {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
        if let value = try condition() { return value }
        if clock.now >= deadline { throw HarnessError("timed out after \(timeout) waiting for \(what())") }
        Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
    }
}

/// Sleeps for a duration (the harness injects input in real time).
public func pause(_ duration: Duration) {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    Thread.sleep(forTimeInterval: seconds)
}
