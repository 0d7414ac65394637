import Foundation

/// A child process started with posix_spawn and reaped with waitpid, so its exit is seen the
/// moment it happens (no run loop involved).
public final class ChildProcess {
    public let pid: pid_t
    /// Whether it leads a process group of its own (`inOwnProcessGroup`).
    public let leadsGroup: Bool
    private var status: Int32?

    /// Starts `path` with `arguments`; standard output and error go to the given files (or
    /// /dev/null), standard input is /dev/null.
    ///
    /// `inOwnProcessGroup` starts it in a new process group, which `stop()` then signals whole:
    /// for programs that signal their own group (xfwm4 does, as it exits) or start helpers.
    public init(
        path: String, arguments: [String], environment: [String: String]? = nil, stdoutPath: String? = nil, stderrPath: String? = nil,
        inOwnProcessGroup: Bool = false, role: Progress.Role = .worker
    )
        throws
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let environmentStrings = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            environmentStrings.forEach { free($0) }
        }
        // The test runner may ignore or block signals; the child starts with defaults, so TERM works.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), empty = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        let group = inOwnProcessGroup ? POSIX_SPAWN_SETPGROUP : 0
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | group))
        var childPID: pid_t = 0
        let result = posix_spawn(&childPID, path, &actions, &attributes, argv, environmentStrings)
        guard result == 0 else { throw HarnessError("cannot start \(path): \(String(cString: strerror(result)))") }
        pid = childPID
        leadsGroup = inOwnProcessGroup
        // Waits go on while it (or what it starts) works: `waitFor`.
        Progress.watch(pid, as: role)
    }

    deinit {
        stop()
        Progress.forget(pid)
    }

    public var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, WNOHANG)
        if result == pid {
            status = raw
            Progress.forget(pid)
            return false
        }
        return result == 0
    }

    /// The exit status (or 128 + signal), once it exited.
    public var exitStatus: Int32? {
        guard !isRunning, let status else { return nil }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Waits for it to exit, as long as it (or anything the harness started) works, and gives
    /// up after `stall` of stillness (`waitFor`).
    public func waitForExit(stall: Duration, ceiling: Duration? = nil) throws -> Int32 {
        try waitFor("process \(pid) to exit", stall: stall, ceiling: ceiling, interval: .milliseconds(5)) { exitStatus }
    }

    /// TERM, then KILL if it has not gone within `grace` — to its whole group when it leads
    /// one (what is left of the group is killed even when the leader is gone).
    public func stop(grace: Duration = .seconds(3)) {
        let target = leadsGroup ? -pid : pid
        guard isRunning else {
            if leadsGroup { kill(target, SIGKILL) }
            return
        }
        kill(target, SIGTERM)
        // A grace on the clock: what is stopped has had its chance.
        if (try? waitForExit(stall: grace, ceiling: grace)) == nil { kill(target, SIGKILL) }
        if leadsGroup { kill(target, SIGKILL) }
        _ = try? waitForExit(stall: .seconds(5), ceiling: .seconds(5))
    }
}
