import Foundation

/// The real `photoboard-x11` binary, launched on a harness display.
public final class AppUnderTest {
    public let process: ChildProcess
    public let stderrPath: String

    /// Launches the binary with `arguments` on `server`'s display, with `environment` added to
    /// the test's own.
    public init(binary: String, arguments: [String], server: XorgServer, environment extra: [String: String] = [:]) throws {
        stderrPath = server.directory.appendingPathComponent("app-\(UUID().uuidString.prefix(8)).stderr").path
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.displayName
        // Each session keeps its saved layouts and its thumbnails to itself.
        environment["XDG_STATE_HOME"] = server.directory.appendingPathComponent("state").path
        environment["XDG_CACHE_HOME"] = server.directory.appendingPathComponent("cache").path
        environment["HOME"] = server.directory.path
        // The controls shown when the board opens fade at once, so tests of other things measure
        // the board without them (the touch-only tests ask for the real 3 s).
        environment["PHOTOBOARD_CONTROLS_IDLE"] = "0"
        environment.merge(extra) { $1 }
        process = try ChildProcess(path: binary, arguments: arguments, environment: environment, stderrPath: stderrPath)
    }

    deinit { stop() }

    public var pid: Int32 { process.pid }

    public var standardError: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Waits for the process to exit and returns its status.
    public func waitForExit(stall: Duration = .seconds(10)) throws -> Int32 {
        try process.waitForExit(stall: stall)
    }

    public func stop() { process.stop() }

    /// CPU time used so far (user + system), in clock ticks, and voluntary context switches
    /// (each one a wake-up from sleep), read from /proc.
    public func cpuAndWakeups() throws -> (ticks: Int, wakeups: Int) {
        guard let ticks = ProcessFigures.ticks(of: pid), let wakeups = ProcessFigures.wakeups(of: pid) else {
            throw HarnessError("cannot read /proc/\(pid)")
        }
        return (ticks, wakeups)
    }
}
