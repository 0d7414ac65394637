import Foundation

/// Whether the work a test waits for is going on: the processes the test started (every
/// `ChildProcess`, the decoding helpers of a decoder the test runs itself) and the processes
/// they started, read from /proc.
///
/// A worker (the board, a window manager, xclip, a helper) shows progress by using processor
/// time or by waiting for the processor; an X server (`ChildProcess` started with the server
/// role) only by waiting for it or running at the moment of a reading — its processor time also
/// grows with the test's own screen reads, which are no progress of the work.
public enum Progress {
    public enum Role: Sendable { case worker, server }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var watched: [pid_t: Role] = [:]

    /// Gives `pid`, a child of the test's, a role other than a worker's, until `forget`.
    static func watch(_ pid: pid_t, as role: Role) {
        lock.withLock { watched[pid] = role }
    }

    static func forget(_ pid: pid_t) {
        _ = lock.withLock { watched.removeValue(forKey: pid) }
    }

    /// One reading: the processor time (in clock ticks) of every watched worker and its
    /// descendants, live and reaped; and whether any watched process or descendant is running
    /// or waiting for the processor or a disk now.
    struct Reading: Equatable {
        var ticks: Int
        var isBusy: Bool
    }

    static func read() -> Reading {
        let roles = lock.withLock { watched }
        let table = ProcessTable.read()
        var ticks = 0, isBusy = false
        var queue = table.children[getpid()] ?? [], seen: Set<pid_t> = []
        while let pid = queue.popLast() {
            guard seen.insert(pid).inserted, let entry = table.entries[pid] else { continue }
            // A descendant of a worker is a worker (a server starts none the tests watch).
            let role = roles[pid] ?? .worker
            if entry.isBusy { isBusy = true }
            if role == .worker { ticks += entry.ticks }
            queue += table.children[pid] ?? []
        }
        return Reading(ticks: ticks, isBusy: isBusy)
    }

    /// How long the watched processes have been still, as one wait sees it: read at most every
    /// quarter of a second (a reading walks /proc).
    public struct Watch {
        private var last: Reading?
        private var stillSince: ContinuousClock.Instant?
        private var readAt: ContinuousClock.Instant?

        public init() {}

        /// How long nothing has happened, as of `now`.
        public mutating func stillFor(at now: ContinuousClock.Instant = ContinuousClock.now) -> Duration {
            if let readAt, now - readAt < .milliseconds(250), let stillSince { return now - stillSince }
            readAt = now
            let reading = Progress.read()
            if reading.isBusy || reading != last { stillSince = now }
            last = reading
            return now - (stillSince ?? now)
        }
    }
}

/// Every process's parent, processor time and state, from one walk of /proc.
private struct ProcessTable {
    struct Entry {
        var ticks: Int
        var isBusy: Bool
    }
    var entries: [pid_t: Entry] = [:]
    var children: [pid_t: [pid_t]] = [:]

    static func read() -> ProcessTable {
        var table = ProcessTable()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for name in names {
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command: state, parent, …; utime, stime, cutime, cstime are fields 14–17.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 15, let parent = pid_t(fields[1]) else { continue }
            let ticks = [11, 12, 13, 14].reduce(0) { $0 + (Int(fields[$1]) ?? 0) }
            let state = fields[0].first
            table.entries[pid] = Entry(ticks: ticks, isBusy: state == "R" || state == "D")
            table.children[parent, default: []].append(pid)
        }
        return table
    }
}
