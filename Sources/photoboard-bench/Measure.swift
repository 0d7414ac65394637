import Foundation
import XBoard
import XBoardPlatform
import XorgHarness

/// Small helpers for measuring: wall clock, CPU time, /proc figures, statistics.
enum Measure {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        return (ContinuousClock.now - start).seconds
    }

    /// User + system CPU seconds of this process (all threads).
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    static func ticks(of pid: Int32) -> Int { ProcessFigures.ticks(of: pid) ?? 0 }
    static func residentMiB(of pid: Int32) -> Double { ProcessFigures.residentMiB(of: pid) }
    static func wakeups(of pid: Int32) -> Int { ProcessFigures.wakeups(of: pid) ?? 0 }

    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    static func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

    /// With `BENCH_PERF=PREFIX` in the environment, records `pids` with `perf record -g` for
    /// `seconds` into PREFIX-`name`.data (for finding where a scenario's time goes); `nil` otherwise.
    static func perfRecord(_ pids: [Int32], seconds: Int, name: String) throws -> Process? {
        guard let output = ProcessInfo.processInfo.environment["BENCH_PERF"] else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/perf")
        process.arguments = [
            "record", "-q", "-g", "-o", "\(output)-\(name).data", "-p", pids.map(String.init).joined(separator: ","), "--", "sleep",
            "\(seconds)",
        ]
        try process.run()
        return process
    }
}
