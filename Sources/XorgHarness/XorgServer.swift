import Foundation

/// A real Xorg on a free display: the dummy video driver, plus inputtest devices (a touchscreen,
/// an absolute pointer and a keyboard) whose events tests inject through their sockets.
///
/// Started as root with its own config and an empty config directory; stopped by PID. The
/// device connections stay open for the server's whole life (Xorg spins when one closes).
///
/// Its folder (`directory`: config, log, sockets, and whatever a test puts there) belongs to the
/// running test's `Leftovers` when there is one; otherwise `stop()` removes it unless
/// `keepsDirectory` is set.
public final class XorgServer {
    public let displayNumber: Int
    public let size: (width: Int, height: Int)
    /// The mode's refresh rate, in hertz (what RandR reports for the screen).
    public let refreshRate: Double
    public let directory: URL
    public private(set) var touch: InputTestDevice!
    public private(set) var pointer: InputTestDevice!
    public private(set) var keyboard: InputTestDevice!
    public private(set) var touchpad: InputTestDevice!
    private var process: ChildProcess?
    private let ownsDirectory: Bool
    /// Keep `directory` after `stop()` (for a failure to look at); only matters outside a test.
    public var keepsDirectory = false

    public var displayName: String { ":\(displayNumber)" }

    /// The server's process id.
    public var pid: Int32? { process?.pid }

    /// Starts a server, retrying on the next free display if another process took the number
    /// between the check and the start.
    ///
    /// - Parameters:
    ///   - refreshRate: the mode's refresh rate in hertz (its modeline's pixel clock is made for it).
    ///   - disabledExtensions: extensions the server runs without (`-extension NAME`); Xorg 1.21 refuses
    ///     some (Present among them) and runs with them anyway.
    ///   - touchOnly: the touchscreen is the server's only input device: no keyboard, mouse or
    ///     touchpad (a kiosk, a table display).
    public convenience init(
        width: Int = 1280, height: Int = 800, refreshRate: Double = 60, disabledExtensions: [String] = [], touchOnly: Bool = false
    ) throws {
        Self.reapOrphans()
        var lastError: Error = HarnessError("no attempt")
        for attempt in 0..<3 {
            do {
                try self.init(
                    width: width, height: height, refreshRate: refreshRate, disabledExtensions: disabledExtensions, touchOnly: touchOnly,
                    displayNumber: try Self.freeDisplayNumber(skipping: attempt))
                return
            } catch let error as HarnessError where error.description.contains("exited early") {
                lastError = error
            }
        }
        throw lastError
    }

    /// Whether the touchscreen is the only input device.
    public let touchOnly: Bool

    private init(width: Int, height: Int, refreshRate: Double, disabledExtensions: [String], touchOnly: Bool, displayNumber: Int) throws {
        size = (width, height)
        self.touchOnly = touchOnly
        self.refreshRate = refreshRate
        self.displayNumber = displayNumber
        ownsDirectory = Leftovers.current == nil
        directory = try Leftovers.makeFolder("photoboard-xorg-\(displayNumber)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("conf.d"), withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("xorg.conf")
        try configuration().write(to: config, atomically: true, encoding: .utf8)
        guard let xorg = ["/usr/lib/xorg/Xorg", "/usr/bin/Xorg"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw HarnessError("Xorg is not installed (apt-get install xserver-xorg-core xserver-xorg-video-dummy)")
        }
        let process = try ChildProcess(
            path: xorg,
            arguments: [
                displayName, "-config", config.path, "-configdir", directory.appendingPathComponent("conf.d").path,
                "-logfile", directory.appendingPathComponent("xorg.log").path, "-noreset", "-nolisten", "tcp", "-sharevts", "-novtswitch",
            ] + disabledExtensions.flatMap { ["-extension", $0] }, stderrPath: directory.appendingPathComponent("xorg.stderr").path,
            role: .server)
        self.process = process
        do {
            try waitFor("Xorg \(displayName) to accept connections", stall: .seconds(20)) { () -> Bool? in
                guard process.isRunning else { throw HarnessError("Xorg exited early; see \(directory.path)/xorg.log") }
                // Another test's server may have taken the number between the check and the
                // start (tests run in parallel): connecting would reach that one. Only ours,
                // holding the display's lock, counts; ours then exits, and the caller tries anew.
                guard Self.lockHolder(ofDisplay: displayNumber) == process.pid else { return nil }
                return ScreenReader.canConnect(displayName) ? true : nil
            }
            touch = try InputTestDevice(socketPath: directory.appendingPathComponent("touch.sock").path)
            if !touchOnly {
                pointer = try InputTestDevice(socketPath: directory.appendingPathComponent("pointer.sock").path)
                keyboard = try InputTestDevice(socketPath: directory.appendingPathComponent("keyboard.sock").path)
                touchpad = try InputTestDevice(socketPath: directory.appendingPathComponent("touchpad.sock").path)
            }
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Kills the server by its PID (TERM, then KILL), closes the device connections, and removes
    /// what it left in /tmp (see the type's notes on `directory`).
    public func stop() {
        process?.stop(grace: .seconds(5))
        touch?.close()
        pointer?.close()
        keyboard?.close()
        touchpad?.close()
        if let pid = process?.pid { Self.removeLock(ofDisplay: displayNumber, heldBy: pid) }
        if ownsDirectory, !keepsDirectory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Kills the server outright (SIGKILL), as a crash would. Close every client connection of
    /// the test's own first: Xlib exits the process when its server vanishes.
    public func crash() {
        guard let pid = process?.pid else { return }
        kill(pid, SIGKILL)
        _ = try? process?.waitForExit(stall: .seconds(5))
        Self.removeLock(ofDisplay: displayNumber, heldBy: pid)
    }

    /// The process id in the display's lock file (the server that holds the display), if any.
    static func lockHolder(ofDisplay number: Int) -> Int32? {
        guard let text = try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Removes the display's lock file and socket, which a server killed outright leaves behind,
    /// when the lock names `pid` and that process is gone.
    static func removeLock(ofDisplay number: Int, heldBy pid: Int32) {
        let lock = "/tmp/.X\(number)-lock"
        guard let text = try? String(contentsOfFile: lock, encoding: .utf8),
            Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) == pid, kill(pid, 0) != 0
        else { return }
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        try? FileManager.default.removeItem(atPath: lock)
    }

    /// Converts a screen position to the touch device's 0…65535 valuator range.
    public func valuators(for x: Double, _ y: Double) -> (Double, Double) {
        (x * 65535 / Double(size.width - 1), y * 65535 / Double(size.height - 1))
    }

    /// Kills harness servers left behind by test runs that died (their runner's PID ends the
    /// server's directory name and no longer exists), so they do not spin forever.
    static func reapOrphans() {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return }
        for entry in entries {
            guard let pid = Int32(entry),
                let commandLine = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8),
                commandLine.contains("Xorg"), let range = commandLine.range(of: "photoboard-xorg-")
            else { continue }
            let arguments = commandLine.split(separator: "\0")
            let owner = commandLine[range.upperBound...].split(separator: "/").first?.split(separator: "-").last
            if let owner, let ownerPID = Int32(owner), kill(ownerPID, 0) != 0 {
                kill(pid, SIGKILL)
                // Its display (the first argument after the path, ":N") is free again once it is gone.
                if let display = arguments.dropFirst().first, display.hasPrefix(":"), let number = Int(display.dropFirst()) {
                    for _ in 0..<50 where kill(pid, 0) == 0 { pause(.milliseconds(10)) }
                    removeLock(ofDisplay: number, heldBy: pid)
                }
            }
        }
    }

    private static func freeDisplayNumber(skipping: Int) throws -> Int {
        let start = 20 + Int(getpid() % 200) + skipping * 7
        for offset in 0..<300 {
            let number = 20 + (start - 20 + offset) % 300
            if !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock"),
                !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
            {
                return number
            }
        }
        throw HarnessError("no free X display number between :20 and :319")
    }

    /// The mode's pixel clock in MHz: `refreshRate` frames of the modeline's total size a second.
    private var pixelClock: Double {
        Double(size.width + 400) * Double(size.height + 31) * refreshRate / 1e6
    }

    private func configuration() -> String {
        let (width, height) = size
        let socket = { (name: String) in self.directory.appendingPathComponent("\(name).sock").path }
        return """
            Section "ServerFlags"
                Option "AutoAddDevices" "off"
                Option "AutoEnableDevices" "off"
                Option "DontVTSwitch" "on"
                Option "BlankTime" "0"
                Option "StandbyTime" "0"
                Option "SuspendTime" "0"
                Option "OffTime" "0"
            EndSection
            Section "Device"
                Identifier "dummy"
                Driver "dummy"
                VideoRam 256000
                DacSpeed 3000
            EndSection
            Section "Monitor"
                Identifier "monitor"
                HorizSync 5.0-1000.0
                VertRefresh 5.0-200.0
                Modeline "board" \(String(format: "%.3f", pixelClock)) \(width) \(width + 72) \(width + 200) \(width + 400) \(height) \(height + 3) \(height + 9) \(height + 31)
            EndSection
            Section "Screen"
                Identifier "screen"
                Device "dummy"
                Monitor "monitor"
                DefaultDepth 24
                SubSection "Display"
                    Depth 24
                    Modes "board"
                    Virtual \(width) \(height)
                EndSubSection
            EndSection
            Section "InputDevice"
                Identifier "touch"
                Driver "inputtest"
                Option "SocketPath" "\(socket("touch"))"
                Option "DeviceType" "Touch"
                Option "TouchCount" "10"
            EndSection
            Section "InputDevice"
                Identifier "pointer"
                Driver "inputtest"
                Option "SocketPath" "\(socket("pointer"))"
                Option "DeviceType" "PointerAbsolute"
            EndSection
            Section "InputDevice"
                Identifier "touchpad"
                Driver "inputtest"
                Option "SocketPath" "\(socket("touchpad"))"
                Option "DeviceType" "PointerGesture"
            EndSection
            Section "InputDevice"
                Identifier "keyboard"
                Driver "inputtest"
                Option "SocketPath" "\(socket("keyboard"))"
                Option "DeviceType" "Keyboard"
            EndSection
            Section "ServerLayout"
                Identifier "layout"
                Screen "screen"
            \(touchOnly ? "    InputDevice \"touch\" \"SendCoreEvents\"" : """
                    InputDevice "touch"
                    InputDevice "pointer" "CorePointer"
                    InputDevice "touchpad" "SendCoreEvents"
                    InputDevice "keyboard" "CoreKeyboard"
            """)
            EndSection

            """
    }
}
