import Foundation

/// What /proc says about a process: CPU ticks, wake-ups, resident memory.
public enum ProcessFigures {
    /// User + system CPU time so far, in clock ticks (1/100 s).
    public static func ticks(of pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
        // After the command: state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// Voluntary context switches of the main thread: each one a wake-up from sleep.
    public static func wakeups(of pid: Int32) -> Int? {
        statusField("voluntary_ctxt_switches", of: pid).flatMap { Int($0) }
    }

    /// Resident memory in MiB.
    public static func residentMiB(of pid: Int32) -> Double {
        statusField("VmRSS", of: pid).flatMap { Double($0.split(separator: " ").first ?? "") }.map { $0 / 1024 } ?? 0
    }

    private static func statusField(_ name: String, of pid: Int32) -> String? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") })
        else { return nil }
        return line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
    }
}
