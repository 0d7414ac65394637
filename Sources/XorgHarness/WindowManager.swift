import Foundation

/// A real window manager — with a compositor, where the desktop runs one — on a harness display,
/// as a person's desktop runs it: the ones the README promises the board works under.
///
/// Each runs with the configuration its package ships, or the least that starts it, written
/// into the server's folder (its home there too, so no user's settings reach it); it counts as
/// started once it says so on the root window (`_NET_SUPPORTING_WM_CHECK`, and the compositing
/// manager's selection `_NET_WM_CM_S0` where one composites). Each program runs in a process
/// group of its own (xfwm4 signals its group as it exits), stopped by group, last one first.
public final class WindowManager {
    /// The desktops tested.
    public enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Openbox 3.6 with its shipped rc.xml: a stacking, reparenting window manager.
        case openbox
        /// i3 4.22, tiling, with a config of its defaults and no bar.
        case i3
        /// xfwm4 4.18 with its shipped defaults, compositing included (it draws the screen).
        case xfwm4
        /// Openbox under picom 9 (the XRender backend, no shadows, fading or vsync, so what
        /// it shows is exact).
        case openboxWithPicom = "openbox+picom"

        public var description: String { rawValue }

        /// The `_NET_WM_NAME` the window manager gives its check window.
        var announcedName: String {
            switch self {
            case .openbox, .openboxWithPicom: "Openbox"
            case .i3: "i3"
            case .xfwm4: "Xfwm4"
            }
        }

        /// Whether a compositing manager draws the screen (it owns `_NET_WM_CM_S0`).
        public var composites: Bool { self == .xfwm4 || self == .openboxWithPicom }
    }

    public let kind: Kind
    private var processes: [(name: String, process: ChildProcess, stderrPath: String)] = []

    /// The process ids of the window manager and the compositor, for "is the desktop asleep".
    public var pids: [Int32] { processes.map(\.process.pid) }

    /// Starts `kind` on `server` and waits, at most `stall` of stillness for each program, until it has
    /// taken the screen.
    public init(_ kind: Kind, on server: XorgServer, reader: ScreenReader, stall: Duration = .seconds(15)) throws {
        self.kind = kind
        let home = server.directory.appendingPathComponent("desktop-home")
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".config"), withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.displayName
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent(".cache").path
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        do {
            switch kind {
            case .openbox, .openboxWithPicom:
                try start("openbox", ["--sm-disable"], environment: environment, in: server)
            case .i3:
                let config = home.appendingPathComponent("i3.config")
                // i3's own defaults, less the bar (no i3bar, no status line): only the board on
                // screen. The first line is needed: a config without it is taken for i3 3's and
                // converted, which adds a bar with a clock.
                try """
                # i3 config file (v4)
                font pango:DejaVu Sans Mono 8
                ipc-socket \(home.appendingPathComponent("i3.sock").path)

                """.write(to: config, atomically: true, encoding: .utf8)
                try start("i3", ["-a", "-c", config.path], environment: environment, in: server)
            case .xfwm4:
                // Its settings come through xfconfd, on the session bus (without one it exits):
                // a private bus, as a desktop session has, which starts xfconfd when asked.
                let bus = home.appendingPathComponent("bus").path
                try start("dbus-daemon", ["--session", "--nofork", "--address=unix:path=\(bus)"], environment: environment, in: server)
                try waitUntilRunning("its session bus", stall: stall) { FileManager.default.fileExists(atPath: bus) }
                environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(bus)"
                try start("xfwm4", ["--sm-client-disable"], environment: environment, in: server)
            }
            try waitUntilRunning("\(kind.announcedName) to manage the screen", stall: stall) {
                reader.windowManagerName() == kind.announcedName
            }
            if kind == .openboxWithPicom {
                let config = home.appendingPathComponent("picom.conf")
                try """
                backend = "xrender";
                shadow = false;
                fading = false;
                vsync = false;

                """.write(to: config, atomically: true, encoding: .utf8)
                try start("picom", ["--config", config.path], environment: environment, in: server)
            }
            if kind.composites {
                try waitUntilRunning("a compositing manager to draw the screen", stall: stall) {
                    reader.selectionOwner("_NET_WM_CM_S0") != nil
                }
            }
            // Announced is not yet listening: Openbox names itself on the root window before it
            // has read its menus and begun handling requests, and twice in clean clones a board
            // started then never had its window mapped (the screen black, nothing said). A
            // window of the harness's own, mapped by the manager, says it handles them now.
            let probe = reader.openProbe()
            defer { reader.closeCover(probe) }
            try waitUntilRunning("\(kind.announcedName) to map a window", stall: stall) { reader.probeIsMapped(probe) }
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Stops the compositor, then the window manager (TERM, then KILL).
    public func stop() {
        for entry in processes.reversed() { entry.process.stop(grace: .seconds(3)) }
    }

    /// The first of its programs that is no longer running, with the end of what it said; nil
    /// while all run.
    public var exited: String? {
        guard let gone = processes.first(where: { !$0.process.isRunning }) else { return nil }
        return "\(gone.name) exited (status \(gone.process.exitStatus ?? -1)): \(Self.tail(of: gone.stderrPath))"
    }

    private func start(_ name: String, _ arguments: [String], environment: [String: String], in server: XorgServer) throws {
        guard let path = ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { throw HarnessError("\(name) is not installed (scripts/setup test installs it)") }
        let stderrPath = server.directory.appendingPathComponent("\(name).stderr").path
        let process = try ChildProcess(
            path: path, arguments: arguments, environment: environment, stdoutPath: stderrPath + ".out", stderrPath: stderrPath,
            inOwnProcessGroup: true)
        processes.append((name, process, stderrPath))
    }

    private func waitUntilRunning(_ what: String, stall: Duration, _ isReady: () -> Bool) throws {
        _ = try waitFor("\(kind): \(what)", stall: stall) { () -> Bool? in
            if let exited { throw HarnessError("\(kind): \(exited)") }
            return isReady() ? true : nil
        }
    }

    private static func tail(of path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(5).joined(separator: " | ")
    }
}
