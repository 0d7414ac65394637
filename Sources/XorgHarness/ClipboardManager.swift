import Foundation

/// A real clipboard manager on a harness display: Xfce's settings daemon (`xfsettingsd`), whose
/// clipboard manager implements freedesktop's clipboard-manager spec — it owns
/// `CLIPBOARD_MANAGER`, answers `SAVE_TARGETS` by fetching the targets with one `MULTIPLE`
/// conversion (INCR included), then owns the CLIPBOARD itself and serves what it saved.
/// (xfce4-clipman, parcellite and clipit keep copies by polling the clipboard, not by
/// `SAVE_TARGETS`.)
///
/// It runs as in an Xfce session: on a private session bus (xfconfd, which it reads its
/// settings from, is started through it), with a home of its own in the server's folder. It
/// counts as started once `CLIPBOARD_MANAGER` has an owner.
public final class ClipboardManager {
    private var processes: [ChildProcess] = []
    private let logPath: String

    public init(on server: XorgServer, reader: ScreenReader, stall: Duration = .seconds(20)) throws {
        let home = server.directory.appendingPathComponent("clipboard-manager-home")
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".config"), withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.displayName
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent(".cache").path
        environment["NO_AT_BRIDGE"] = "1"
        let bus = home.appendingPathComponent("bus").path
        logPath = server.directory.appendingPathComponent("xfsettingsd.stderr").path
        for program in ["/usr/bin/dbus-daemon", "/usr/bin/xfsettingsd"] where !FileManager.default.isExecutableFile(atPath: program) {
            throw HarnessError("\(program) is not installed (scripts/setup test installs it)")
        }
        do {
            processes.append(
                try ChildProcess(
                    path: "/usr/bin/dbus-daemon", arguments: ["--session", "--nofork", "--address=unix:path=\(bus)"],
                    environment: environment,
                    stderrPath: server.directory.appendingPathComponent("clipboard-bus.stderr").path, inOwnProcessGroup: true))
            _ = try waitFor("the clipboard manager's session bus", stall: stall) { () -> Bool? in
                FileManager.default.fileExists(atPath: bus) ? true : nil
            }
            environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(bus)"
            processes.append(
                try ChildProcess(
                    path: "/usr/bin/xfsettingsd", arguments: ["--disable-wm-check", "--sm-client-disable"], environment: environment,
                    stdoutPath: logPath + ".out", stderrPath: logPath, inOwnProcessGroup: true))
            _ = try waitFor("xfsettingsd to own CLIPBOARD_MANAGER", stall: stall) { () -> Bool? in
                if let exited { throw HarnessError(exited) }
                return reader.selectionOwner("CLIPBOARD_MANAGER") != nil ? true : nil
            }
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Stops the daemon, then its bus (TERM, then KILL).
    public func stop() {
        for process in processes.reversed() { process.stop(grace: .seconds(3)) }
        processes = []
    }

    /// Whether a program of it has exited, and what it said last; `nil` while all run.
    public var exited: String? {
        guard let gone = processes.first(where: { !$0.isRunning }) else { return nil }
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return
            "the clipboard manager exited (status \(gone.exitStatus ?? -1)): \(text.split(separator: "\n").suffix(5).joined(separator: " | "))"
    }
}
