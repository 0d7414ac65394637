import CX11
import Foundation
import SystemPackage
import XBoard
import XorgHarness

@testable import XBoardPlatform

/// A real Xorg, a connection to it and a window of the test's own — what the board's window is
/// to the clipboard and drop types — with an event pump that hands every event to the type
/// under test and stops at an outcome or a deadline (no test sleeps: it waits in poll()).
final class ClipboardBench {
    let server: XorgServer
    let display: OpaquePointer
    let window: Window
    let folder: String

    private var isWindowDestroyed = false

    init() throws {
        X11Errors.install()  // as the board: a protocol error is a line, not the end of the process
        server = try XorgServer()
        guard let display = XOpenDisplay(server.displayName) else { throw HarnessError("cannot open \(server.displayName)") }
        self.display = display
        window = XCreateSimpleWindow(display, cx11_root_window(display, cx11_default_screen(display)), 0, 0, 10, 10, 0, 0, 0)
        // As the board's window: property changes carry INCR pieces and the timestamp.
        XSelectInput(display, window, PropertyChangeMask | StructureNotifyMask)
        XFlush(display)
        folder = server.directory.appendingPathComponent("files").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        destroyWindow()
        XCloseDisplay(display)
        server.stop()
    }

    /// Destroys the window, as the board's goes when it exits.
    func destroyWindow() {
        guard !isWindowDestroyed else { return }
        isWindowDestroyed = true
        XDestroyWindow(display, window)
        XFlush(display)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    func write(_ bytes: [UInt8], named name: String) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Hands every event to `handle` until it returns a value, waking at least at `nextDeadline`
    /// to call `tick` (a component's stall check); fails after `stall` in which neither this
    /// test nor the programs it started did anything (`Progress`), or after ten times that.
    func pump<T>(
        _ what: String, stall: Duration = .seconds(30), nextDeadline: () -> Instant? = { nil }, tick: (Instant) -> T? = { _ in nil },
        _ handle: (XEvent, Instant) -> T?
    ) throws -> T {
        var progress = Progress.Watch()
        let limit = MonotonicClock.now() + stall * 10
        var lastEvent = MonotonicClock.now()
        while true {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                lastEvent = MonotonicClock.now()
                if let value = handle(event, lastEvent) { return value }
            }
            let now = MonotonicClock.now()
            if let value = tick(now) { return value }
            guard now < limit else { throw HarnessError("no \(what) within \(stall * 10) of work") }
            guard min(progress.stillFor(), now - lastEvent) < stall else {
                throw HarnessError("no \(what): nothing happened for \(stall)")
            }
            // A flush in `tick` may have read events into Xlib's queue, where poll() cannot see them.
            if XEventsQueued(display, QueuedAlready) > 0 { continue }
            let wake = [limit, nextDeadline(), now + .milliseconds(250)].compactMap { $0 }.min() ?? limit
            _ = try Poll.waitUntilReadable(cx11_connection_number(display), timeout: max(.milliseconds(1), wake - now))
        }
    }

    /// Waits until some program other than the owner `before` owns `selection`.
    func waitForOwner(of selection: String = "CLIPBOARD", other before: Window = 0, stall: Duration = .seconds(15)) throws {
        let atom = XInternAtom(display, selection, 0)
        _ = try waitFor("a new owner of \(selection)", stall: stall) { () -> Bool? in
            let owner = XGetSelectionOwner(display, atom)
            return owner != 0 && owner != before ? true : nil
        }
    }

    /// The program that owns `selection` now, if any.
    func owner(of selection: String = "CLIPBOARD") -> Window {
        XGetSelectionOwner(display, XInternAtom(display, selection, 0))
    }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.displayName
        environment["HOME"] = server.directory.path
        environment["XDG_RUNTIME_DIR"] = nil
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["GDK_BACKEND"] = "x11"
        environment["NO_AT_BRIDGE"] = "1"
        return environment
    }

    /// `xclip` owning the CLIPBOARD with the file at `path` as `target`, in the foreground
    /// (`-quiet`) until stopped.
    func xclipOwning(_ path: String, as target: String) throws -> ChildProcess {
        let before = owner()
        let process = try ChildProcess(
            path: "/usr/bin/xclip", arguments: ["-selection", "clipboard", "-target", target, "-in", path, "-quiet"],
            environment: environment, stdoutPath: self.path("xclip.out"), stderrPath: self.path("xclip.err"))
        try waitForOwner(other: before)
        return process
    }

    /// Runs `xclip -o` for `target` and returns what it printed (its status must be 0), while
    /// `serve` answers this connection's events.
    func xclipReading(_ target: String, stall: Duration = .seconds(30), serve: (XEvent, Instant) -> Void) throws -> [UInt8] {
        let output = path("xclip-read-\(UUID().uuidString.prefix(6))")
        let process = try ChildProcess(
            path: "/usr/bin/xclip", arguments: ["-selection", "clipboard", "-target", target, "-out"], environment: environment,
            stdoutPath: output, stderrPath: output + ".err")
        let status = try waitWhilePumping("xclip -o -t \(target)", process: process, stall: stall, serve: serve)
        guard status == 0 else {
            throw HarnessError(
                "xclip -o -t \(target) exited \(status): \((try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? "")")
        }
        return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// Waits for `process` to exit while `serve` answers this connection's events (the test's
    /// own component is the other side of what the process does). Its exit is looked for every
    /// 20 ms (it does not wake poll()).
    func waitWhilePumping(_ what: String, process: ChildProcess, stall: Duration, serve: (XEvent, Instant) -> Void = { _, _ in })
        throws -> Int32
    {
        try pump(
            what, stall: stall, nextDeadline: { MonotonicClock.now() + .milliseconds(20) },
            tick: { _ in process.isRunning ? nil : process.exitStatus ?? -1 }
        ) { event, now in
            serve(event, now)
            return nil
        }
    }

    /// A Python program using GTK 3 through the system's GObject bindings, as a GTK application
    /// would use the clipboard.
    func gtkProgram(_ source: String, arguments: [String], named name: String) throws -> ChildProcess {
        let script = path(name + ".py")
        try source.write(toFile: script, atomically: true, encoding: .utf8)
        return try ChildProcess(
            path: "/usr/bin/python3", arguments: [script] + arguments, environment: environment, stdoutPath: path(name + ".out"),
            stderrPath: path(name + ".err"))
    }

    func output(of name: String) -> String {
        ((try? String(contentsOfFile: path(name + ".out"), encoding: .utf8)) ?? "")
            + ((try? String(contentsOfFile: path(name + ".err"), encoding: .utf8)) ?? "")
    }
}

/// Pictures the clipboard tests hand around: flat colours that survive any codec, and noise
/// that does not compress (for INCR).
enum ClipboardPictures {
    static func png(_ color: UInt32, width: Int = 64, height: Int = 48) -> [UInt8] {
        PictureEncoders.png(.flat(color, width: width, height: height), layout: .rgb8)
    }

    /// A PNG of random pixels about `bytes` long (random data does not compress).
    static func noisyPNG(about bytes: Int) -> [UInt8] {
        let side = Int(Double(bytes / 3).squareRoot()) + 1
        var generator = SystemRandomNumberGenerator()
        let pixels = (0..<(side * side)).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &generator) }
        return PictureEncoders.png(TestCanvas(width: side, height: side, pixels: pixels), layout: .rgb8)
    }

    /// The colour (0xRRGGBB) at the middle of a picture given as bytes, decoded in this process
    /// (the test's own check, not the board's path).
    static func middleColour(of bytes: [UInt8]) throws -> UInt32? {
        let picture = try ImageLoader.decode(bytes: bytes).get()
        return picture.image.rgb(x: Int(picture.image.pixelSize.width) / 2, y: Int(picture.image.pixelSize.height) / 2)
    }
}

extension ClipboardSettings {
    /// The board waits 5 s for the other side's next step and for a clipboard manager's save (as
    /// GTK does); xclip, Python's GTK and xfce4-clipman on a busy machine can be slower than that
    /// to start. Tests that are not about those deadlines wait twelve times as long; the tests of a
    /// stalled requestor or owner set their own.
    static var patientForTests: ClipboardSettings {
        var settings = ClipboardSettings()
        settings.patience = .seconds(60)
        settings.handoverPatience = .seconds(60)
        return settings
    }
}
