import Foundation

/// What /proc says about a process: CPU ticks, wake-ups, resident memory.
public enum ProcessFigures {
    /// User + system CPU time so far, in clock ticks (1/100 s).
    public static func ticks(of pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
            return nil
        }
        // After the command: state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// CPU time, in clock ticks, of a process and every process it started: its own user and
    /// system time, its reaped children's (`cutime`, `cstime`), and its live children's (the
    /// board's decoding helpers).
    public static func ticksWithChildren(of pid: Int32) -> Int? {
        guard let fields = statFields(of: pid), fields.count > 15, let user = Int(fields[11]), let system = Int(fields[12]),
            let childrenUser = Int(fields[13]), let childrenSystem = Int(fields[14])
        else { return nil }
        return user + system + childrenUser + childrenSystem + children(of: pid).reduce(0) { $0 + (ticks(of: $1) ?? 0) }
    }

    /// The processes whose parent is `pid` now.
    public static func children(of pid: Int32) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int32.init).filter { candidate in
            // The parent is field 4: the second after the command.
            statFields(of: candidate).map { $0.count > 1 && Int32($0[1]) == pid } ?? false
        }
    }

    /// The fields of /proc/PID/stat after the command (the state first).
    private static func statFields(of pid: Int32) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
            return nil
        }
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    /// Voluntary context switches of the main thread: each one a wake-up from sleep.
    public static func wakeups(of pid: Int32) -> Int? {
        statusField("voluntary_ctxt_switches", of: pid).flatMap { Int($0) }
    }

    /// Resident memory in MiB.
    public static func residentMiB(of pid: Int32) -> Double { statusMiB("VmRSS", of: pid) }

    /// Resident shared memory, in MiB: for the board, cairo's MIT-SHM pools, through which
    /// pictures go to the X server. A pool's pages stay resident once touched, and how much of
    /// it is touched follows how far the server lags behind the uploads, not what the board holds.
    public static func sharedMiB(of pid: Int32) -> Double { statusMiB("RssShmem", of: pid) }

    private static func statusMiB(_ name: String, of pid: Int32) -> Double {
        statusField(name, of: pid).flatMap { Double($0.split(separator: " ").first ?? "") }.map { $0 / 1024 } ?? 0
    }

    /// Whether any of the process's threads (or only its main thread) is running or waiting for
    /// the CPU or a disk — that is, not asleep. A dead process is not busy.
    ///
    /// The board and the X server both asleep means everything sent to them has been handled and
    /// drawn (a socket with unread data wakes its reader at once); only timers remain.
    public static func isBusy(_ pid: Int32, allThreads: Bool = false) -> Bool {
        let threads = allThreads ? (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? [] : []
        let tasks = allThreads ? threads.map { "/proc/\(pid)/task/\($0)/stat" } : ["/proc/\(pid)/stat"]
        return tasks.contains { path in
            guard let stat = try? String(contentsOfFile: path, encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
            // The state follows the command in parentheses: R running or runnable, D waiting for a disk.
            let state = stat[stat.index(after: close)...].dropFirst().first
            return state == "R" || state == "D"
        }
    }

    private static func statusField(_ name: String, of pid: Int32) -> String? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") })
        else { return nil }
        return line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
    }
}
