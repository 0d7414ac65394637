import Foundation
import Testing
import XorgHarness

/// A test photo: flat left and right halves in colours nothing else on the board has.
struct TestPhoto {
    let left: UInt32
    let right: UInt32
    let width: Int
    let height: Int

    static let redGreen = TestPhoto(left: 0xD0_2020, right: 0x20_B040, width: 400, height: 300)
    static let blueYellow = TestPhoto(left: 0x20_40D0, right: 0xE0_C020, width: 300, height: 400)
    static let cyanMagenta = TestPhoto(left: 0x10_E0E0, right: 0xE0_10E0, width: 400, height: 300)

    /// Whether both halves show in full (nothing over them, nothing off screen): a half of a
    /// print whose halves' centres are `span` apart covers 2 × span² × height / width pixels,
    /// less its anti-aliased edges.
    func isWhole(_ measure: PrintMeasure, in shot: Screenshot) -> Bool {
        let half = 2 * measure.span * measure.span * Double(height) / Double(width)
        return [left, right].allSatisfy { Double(shot.blob(of: $0)?.count ?? 0) >= 0.9 * half }
    }
}

extension TestPhoto: CustomStringConvertible {
    var description: String { String(left, radix: 16) + "/" + String(right, radix: 16) }
}

/// One real Xorg with the real `photoboard-x11` on it, showing test photos; fingers and eyes
/// for the test.
final class BoardSession {
    let server: XorgServer
    let reader: ScreenReader
    let app: AppUnderTest
    let photos: [TestPhoto]
    /// The desktop's window manager (and compositor) the board runs under, if any.
    let windowManager: WindowManager?
    private(set) var window: UInt = 0

    static var binaryPath: String {
        if let path = ProcessInfo.processInfo.environment["PHOTOBOARD_BINARY"] { return path }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("photoboard-x11")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
            directory = directory.deletingLastPathComponent()
        }
        return ".build/debug/photoboard-x11"
    }

    /// Starts a server and the board. With `photos` empty and no paths in `arguments`, the
    /// board opens its bundled photos. The layout is the one `seed` tosses on a 1280×800 window
    /// (unless `arguments` give another `--geometry`), the same in every run.
    ///
    /// `prepare` gets the session's folder and returns more paths to open (files the test made).
    /// `user` runs the board as another user (e.g. "nobody"), through setpriv. With
    /// `sizedFromScreen` the board sizes its window from the `screen` as a person's would. The
    /// screen's mode runs at `refreshRate` hertz; `environment` is added to the board's. With
    /// `windowManager`, that desktop takes the screen before the board starts.
    init(
        photos: [TestPhoto], seed: Int = 7, arguments: [String] = [], user: (uid: Int, gid: Int)? = nil, resources: String? = nil,
        waitForPhotos: Bool = true, screen: (width: Int, height: Int) = (1280, 800), refreshRate: Double = 60,
        environment: [String: String] = [:], sizedFromScreen: Bool = false, windowManager desktop: WindowManager.Kind? = nil,
        touchOnly: Bool = false, prepare: (String) throws -> [String] = { _ in [] }
    ) throws {
        self.photos = photos
        server = try XorgServer(width: screen.width, height: screen.height, refreshRate: refreshRate, touchOnly: touchOnly)
        reader = try ScreenReader(displayName: server.displayName)
        if let resources { reader.setResources(resources) }
        windowManager = try desktop.map { [server, reader] in try WindowManager($0, on: server, reader: reader) }
        var paths: [String] = []
        for (index, photo) in photos.enumerated() {
            let path = server.directory.appendingPathComponent("photo\(index).png").path
            try TestPhotos.write(to: path, width: photo.width, height: photo.height, left: photo.left, right: photo.right)
            paths.append(path)
        }
        paths += try prepare(server.directory.path)
        let geometry = arguments.contains("--geometry") || sizedFromScreen ? [] : ["--geometry", "1280x800"]
        var command = [Self.binaryPath, "--seed", "\(seed)"] + geometry + arguments + paths
        if let user {
            command = ["/usr/bin/setpriv", "--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--"] + command
        }
        app = try AppUnderTest(binary: command[0], arguments: Array(command.dropFirst()), server: server, environment: environment)
        guard waitForPhotos else { return }
        window = try waitFor("the board window to map", stall: .seconds(15)) { [app, reader] in
            guard app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(app.standardError)") }
            if let gone = windowManager?.exited { throw HarnessError(gone) }
            return reader.window(ofProcess: app.pid)
        }
        // Every test starts from the same board: each test photo wholly in view, none over
        // another (true of the seed-7 layout at 1280×800; if a layout change breaks it, say so
        // here rather than in a puzzling measurement later).
        var shot = try rest()
        var measures = try photos.map { try settled($0) }
        // The board's controls show along the top edge when it opens (for tests, they fade at
        // once: `AppUnderTest`); a photo they cover is whole once they have.
        if zip(photos, measures).contains(where: { !$0.isWhole($1, in: shot) }) {
            pause(Self.controlsShownAtOpening)
            shot = try rest()
            measures = try photos.map { try settled($0) }
        }
        for (photo, measure) in zip(photos, measures) {
            guard photo.isWhole(measure, in: shot) else {
                throw HarnessError("precondition: the \(photo) photo is not wholly in view as laid out with seed \(seed): \(measure)")
            }
        }
    }

    /// Longer than the controls take to fade when the board opens with `PHOTOBOARD_CONTROLS_IDLE`
    /// of 0 (their fade, `SessionSettings.controlsFade`), or 3 s for a test that sets it so.
    static let controlsShownAtOpening: Duration = .milliseconds(3500)

    deinit {
        app.stop()
        windowManager?.stop()
        reader.close()
        server.stop()
    }

    func screenshot() throws -> Screenshot { try reader.screenshot() }

    func measure(_ photo: TestPhoto) throws -> PrintMeasure? {
        PrintMeasure(try screenshot(), left: photo.left, right: photo.right)
    }

    /// Waits until the photo is on screen and has not moved for a few frames.
    ///
    /// Only looks taken while the board and the server are asleep count: on a busy machine the
    /// board may not have handled the last touch or key yet, and a screen that merely has not
    /// changed *yet* must not pass for one at rest.
    func settled(_ photo: TestPhoto, stall: Duration = .seconds(10)) throws -> PrintMeasure {
        var last: PrintMeasure?
        var stableCount = 0
        return try waitFor(
            "\(String(photo.left, radix: 16)) photo to come to rest (last seen: \(last.map(String.init(describing:)) ?? "nowhere"))",
            stall: stall, interval: .milliseconds(40)
        ) {
            guard app.isAsleep(with: server, alongside: windowManager?.pids ?? []) else { return nil }
            guard let current = try measure(photo) else {
                stableCount = 0
                return nil
            }
            if let last, abs(last.center.x - current.center.x) < 0.05, abs(last.center.y - current.center.y) < 0.05,
                abs(last.span - current.span) < 0.05, abs(last.angle - current.angle) < 0.02
            {
                stableCount += 1
            } else {
                stableCount = 0
            }
            last = current
            return stableCount >= 3 ? current : nil
        }
    }

    /// Waits until nothing on the board moves any more (see `ScreenReader.waitForRest`).
    @discardableResult
    func rest(stall: Duration = .seconds(10)) throws -> Screenshot {
        try reader.waitForRest(of: app, on: server, alongside: windowManager?.pids ?? [], stall: stall)
    }

    /// A point where a finger lands on `photo` whatever lies around it: the middle of the
    /// largest square of the photo's colours on screen (at least 8 px from anything else).
    ///
    /// With `raisingIfHidden`, while none shows Shift+Tab selects and raises photos: the first
    /// press the one above the selected (or the bottom one), every later press the bottom one,
    /// so within one press more than there are photos each has been on top — and a photo on top
    /// shows, its middle being inside the window.
    func grabPoint(_ photo: TestPhoto, raisingIfHidden: Bool = false) throws -> (Double, Double) {
        var presses = 0
        while true {
            if let spot = try rest().interiorPoint(of: [photo.left, photo.right]), spot.clearance >= 8 { return (spot.x, spot.y) }
            guard raisingIfHidden, presses <= photos.count else {
                throw HarnessError("no part of the \(photo) photo shows wide enough to touch (after \(presses) × Shift+Tab)")
            }
            try press(0xFF09, with: [0xFFE1])  // Shift+Tab
            presses += 1
        }
    }

    /// Saves the current screen for a person to look at.
    func saveScreenshot(named name: String) throws -> String {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/screenshots")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("\(name).png").path
        try screenshot().savePNG(to: path)
        return path
    }

    // MARK: Fingers

    func touch(_ type: InputTestDevice.TouchType, _ id: UInt32, _ x: Double, _ y: Double) throws {
        let (vx, vy) = server.valuators(for: x, y)
        try server.touch.touch(type, id: id, x: vx, y: vy)
        try server.touch.sync()
    }

    /// Moves fingers from their start to their end points together, in `steps` updates at
    /// about 120 Hz, as a person's gesture arrives from a touchscreen.
    func gesture(
        _ fingers: [(id: UInt32, from: (Double, Double), to: (Double, Double))], steps: Int = 40,
        interval: Duration = .microseconds(8333), path: ((UInt32, Double) -> (Double, Double))? = nil, lift: Bool = true,
        restBeforeLift: Duration = .milliseconds(120)
    ) throws {
        for finger in fingers { try touch(.begin, finger.id, finger.from.0, finger.from.1) }
        for step in 1...steps {
            pause(interval)
            let f = Double(step) / Double(steps)
            for finger in fingers {
                let point =
                    path?(finger.id, f)
                    ?? (finger.from.0 + (finger.to.0 - finger.from.0) * f, finger.from.1 + (finger.to.1 - finger.from.1) * f)
                try touch(.update, finger.id, point.0, point.1)
            }
        }
        guard lift else { return }
        if restBeforeLift > .zero { pause(restBeforeLift) }
        for finger in fingers {
            let end = path?(finger.id, 1) ?? finger.to
            try touch(.end, finger.id, end.0, end.1)
        }
    }

    /// Drags the photo (resting before the lift, so it does not glide) until its middle is at
    /// `target`, and returns where it came to rest: on top, so it measures whole.
    ///
    /// The finger takes it where it shows (`grabPoint`); if another photo covered part of it,
    /// its measured middle was off, and a second drag (by way of a detour, beyond the slop)
    /// corrects that.
    func place(_ photo: TestPhoto, at target: (Double, Double)) throws -> PrintMeasure {
        let now = try settled(photo), grab = try grabPoint(photo)
        try gesture([(8, grab, (grab.0 + target.0 - now.center.x, grab.1 + target.1 - now.center.y))], steps: 30)
        let placed = try settled(photo)
        guard abs(placed.center.x - target.0) > 2 || abs(placed.center.y - target.1) > 2 else { return placed }
        let again = try grabPoint(photo), shift = (target.0 - placed.center.x, target.1 - placed.center.y)
        try gesture(
            [(8, again, again)], steps: 30,
            path: { _, f in (again.0 + shift.0 * f + 40 * sin(f * .pi), again.1 + shift.1 * f) })
        return try settled(photo)
    }

    /// Touches the photo where it shows and lets go: it comes to the front, nothing else
    /// changes. Returns it measured there, whole.
    func bringToFront(_ photo: TestPhoto) throws -> PrintMeasure {
        try tap(at: try grabPoint(photo))
        try rest()
        return try settled(photo)
    }

    /// A drag with the absolute pointer device (left button unless told), resting before the
    /// release unless `rest` is zero.
    func mouseDrag(from: (Double, Double), to: (Double, Double), steps: Int = 30, button: Int32 = 1, rest: Duration = .milliseconds(120))
        throws
    {
        guard let pointer = server.pointer else { throw HarnessError("this server has no pointer device") }
        try movePointer(to: from)
        try pointer.button(button, pressed: true)
        for step in 1...steps {
            pause(.microseconds(8333))
            let f = Double(step) / Double(steps)
            try movePointer(to: (from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f))
        }
        pause(rest)
        try pointer.button(button, pressed: false)
        try pointer.sync()
    }

    func movePointer(to point: (Double, Double)) throws {
        let (vx, vy) = server.valuators(for: point.0, point.1)
        try server.pointer.motion(x: vx, y: vy)
        try server.pointer.sync()
    }

    /// Presses and releases a pointer button where the pointer is.
    func click(_ button: Int32 = 1, at point: (Double, Double)? = nil) throws {
        if let point { try movePointer(to: point) }
        try server.pointer.button(button, pressed: true)
        try server.pointer.sync()
        pause(.milliseconds(30))
        try server.pointer.button(button, pressed: false)
        try server.pointer.sync()
    }

    /// Presses and releases a key, given as a keysym, with modifier keysyms held.
    func press(_ keysym: UInt, with modifiers: [UInt] = []) throws {
        try server.keyboard.press(reader.keycode(for: keysym), with: modifiers.map { reader.keycode(for: $0) })
    }

    /// Holds a key (X keycode) while `body` runs, with a person's pause after pressing it and
    /// before letting go, so the pointer events in `body` come well inside the held modifier.
    func holding(_ keycode: Int32, _ body: () throws -> Void) throws {
        try server.keyboard.key(keycode, pressed: true)
        try server.keyboard.sync()
        defer {
            pause(.milliseconds(100))
            try? server.keyboard.key(keycode, pressed: false)
            try? server.keyboard.sync()
        }
        pause(.milliseconds(100))
        try body()
    }

    func tap(at point: (Double, Double), id: UInt32 = 9) throws {
        try touch(.begin, id, point.0, point.1)
        pause(.milliseconds(40))
        try touch(.end, id, point.0, point.1)
    }
}
