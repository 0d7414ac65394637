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
}

/// One real Xorg with the real `photoboard-x11` on it, showing test photos; fingers and eyes
/// for the test.
final class BoardSession {
    let server: XorgServer
    let reader: ScreenReader
    let app: AppUnderTest
    let photos: [TestPhoto]
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
    /// board opens its bundled photos.
    ///
    /// `prepare` gets the session's folder and returns more paths to open (files the test made).
    /// `user` runs the board as another user (e.g. "nobody"), through setpriv.
    init(
        photos: [TestPhoto], seed: Int = 7, arguments: [String] = [], user: (uid: Int, gid: Int)? = nil, resources: String? = nil,
        waitForPhotos: Bool = true, screen: (width: Int, height: Int) = (1280, 800), prepare: (String) throws -> [String] = { _ in [] }
    ) throws {
        self.photos = photos
        server = try XorgServer(width: screen.width, height: screen.height)
        reader = try ScreenReader(displayName: server.displayName)
        if let resources { reader.setResources(resources) }
        var paths: [String] = []
        for (index, photo) in photos.enumerated() {
            let path = server.directory.appendingPathComponent("photo\(index).png").path
            try TestPhotos.write(to: path, width: photo.width, height: photo.height, left: photo.left, right: photo.right)
            paths.append(path)
        }
        paths += try prepare(server.directory.path)
        var command = [Self.binaryPath, "--seed", "\(seed)"] + arguments + paths
        if let user {
            command = ["/usr/bin/setpriv", "--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--"] + command
        }
        app = try AppUnderTest(binary: command[0], arguments: Array(command.dropFirst()), server: server)
        guard waitForPhotos else { return }
        window = try waitFor("the board window to map", timeout: .seconds(15)) { [app, reader] in
            guard app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(app.standardError)") }
            return reader.window(ofProcess: app.pid)
        }
        for photo in photos { _ = try settled(photo) }
    }

    deinit {
        app.stop()
        reader.close()
        server.stop()
    }

    func screenshot() throws -> Screenshot { try reader.screenshot() }

    func measure(_ photo: TestPhoto) throws -> PrintMeasure? {
        PrintMeasure(try screenshot(), left: photo.left, right: photo.right)
    }

    /// Waits until the photo is on screen and has not moved for a few frames.
    func settled(_ photo: TestPhoto, timeout: Duration = .seconds(10)) throws -> PrintMeasure {
        var last: PrintMeasure?
        var stableCount = 0
        return try waitFor(
            "\(String(photo.left, radix: 16)) photo to come to rest (last seen: \(last.map(String.init(describing:)) ?? "nowhere"))",
            timeout: timeout, interval: .milliseconds(40)
        ) {
            guard let current = try measure(photo) else { return nil }
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
                let point = path?(finger.id, f)
                    ?? (finger.from.0 + (finger.to.0 - finger.from.0) * f, finger.from.1 + (finger.to.1 - finger.from.1) * f)
                try touch(.update, finger.id, point.0, point.1)
            }
        }
        guard lift else { return }
        pause(restBeforeLift)
        for finger in fingers {
            let end = path?(finger.id, 1) ?? finger.to
            try touch(.end, finger.id, end.0, end.1)
        }
    }

    /// Drags the photo (resting before the lift, so it does not glide) until its middle is at
    /// `target`; returns where it came to rest.
    func place(_ photo: TestPhoto, at target: (Double, Double)) throws -> PrintMeasure {
        let now = try settled(photo)
        try gesture([(8, (now.center.x, now.center.y), target)], steps: 30)
        return try settled(photo)
    }

    /// A drag with the absolute pointer device (left button unless told), resting before the
    /// release unless `rest` is zero.
    func mouseDrag(from: (Double, Double), to: (Double, Double), steps: Int = 30, button: Int32 = 1, rest: Duration = .milliseconds(120))
        throws
    {
        let pointer = server.pointer!
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
        let code = reader.keycode(for: keysym), held = modifiers.map { reader.keycode(for: $0) }
        for modifier in held { try server.keyboard.key(modifier, pressed: true) }
        try server.keyboard.key(code, pressed: true)
        try server.keyboard.key(code, pressed: false)
        for modifier in held.reversed() { try server.keyboard.key(modifier, pressed: false) }
        try server.keyboard.sync()
    }

    /// Holds a key (X keycode) while `body` runs.
    func holding(_ keycode: Int32, _ body: () throws -> Void) throws {
        try server.keyboard.key(keycode, pressed: true)
        try server.keyboard.sync()
        defer {
            try? server.keyboard.key(keycode, pressed: false)
            try? server.keyboard.sync()
        }
        try body()
    }

    func tap(at point: (Double, Double), id: UInt32 = 9) throws {
        try touch(.begin, id, point.0, point.1)
        pause(.milliseconds(40))
        try touch(.end, id, point.0, point.1)
    }
}
