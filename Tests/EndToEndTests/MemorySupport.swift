import Foundation
import SystemPackage
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

extension TestPhoto {
    /// A fourth photo, portrait like `blueYellow`, in colours none of the others has.
    static let orangePurple = TestPhoto(left: 0xF0_8000, right: 0x70_20C0, width: 300, height: 400)

    /// Writes this photo as a PNG at `path` (the same bytes every time).
    func write(to path: String) throws {
        try TestPhotos.write(to: path, width: width, height: height, left: left, right: right)
    }
}

/// The real board on a harness server for the memory tests: started with any arguments, and
/// started again on the same server (and so the same saved state) as often as a test needs.
final class MemoryBoard {
    let server: XorgServer
    let reader: ScreenReader
    let app: AppUnderTest
    private(set) var window: UInt = 0

    /// Starts the board with `arguments` (seed 7, a window of `geometry`; `environment` added to
    /// the test's) and waits until every photo in `showing` shows and the board rests.
    init(
        on server: XorgServer, _ arguments: [String], showing photos: [TestPhoto], waitForRest: Bool = true,
        environment: [String: String] = [:], geometry: String = "1280x800"
    ) throws {
        self.server = server
        reader = try ScreenReader(displayName: server.displayName)
        app = try AppUnderTest(
            binary: BoardSession.binaryPath, arguments: ["--seed", "7", "--geometry", geometry] + arguments, server: server,
            environment: environment)
        window = try waitFor("the board window", stall: .seconds(15)) { [app, reader] in
            guard app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(app.standardError)") }
            return reader.window(ofProcess: app.pid)
        }
        guard waitForRest else { return }
        do {
            _ = try waitFor("\(photos) to show", stall: .seconds(20)) { () -> Bool? in
                let shot = try reader.screenshot()
                return photos.allSatisfy { PrintMeasure(shot, left: $0.left, right: $0.right) != nil } ? true : nil
            }
        } catch {
            // What the screen showed instead, kept with the failed test's files.
            try? reader.screenshot().savePNG(to: server.directory.appendingPathComponent("not-shown.png").path)
            throw error
        }
        // The controls shown at opening may still cover a photo that lies under the top edge
        // (a board laid out at once from its files' headers shows its photos sooner): they fade.
        let shot = try rest()
        if photos.contains(where: { photo in
            PrintMeasure(shot, left: photo.left, right: photo.right).map { !photo.isWhole($0, in: shot) } ?? true
        }) {
            pause(BoardSession.controlsShownAtOpening)
            try rest()
        }
    }

    deinit {
        app.stop()
        reader.close()
    }

    @discardableResult
    func rest() throws -> Screenshot { try reader.waitForRest(of: app, on: server) }

    func measure(_ photo: TestPhoto) throws -> PrintMeasure? {
        PrintMeasure(try rest(), left: photo.left, right: photo.right)
    }

    /// Closes the window as a window manager's close button does; expects a clean exit.
    func close() throws {
        reader.requestClose(window)
        let status = try app.waitForExit(stall: .seconds(10))
        #expect(status == 0, "exit status \(status): \(app.standardError)")
    }

    /// The lines the board wrote on stderr.
    var errorLines: [Substring] { app.standardError.split(separator: "\n") }

    func touch(_ type: InputTestDevice.TouchType, _ id: UInt32, _ point: (Double, Double)) throws {
        let (vx, vy) = server.valuators(for: point.0, point.1)
        try server.touch.touch(type, id: id, x: vx, y: vy)
        try server.touch.sync()
    }

    /// Puts a finger down at `from` and moves it to `to` at about 120 Hz, leaving it down.
    func press(at from: (Double, Double), andMoveTo to: (Double, Double), id: UInt32 = 1) throws {
        try touch(.begin, id, from)
        for step in 1...30 {
            pause(.microseconds(8333))
            let f = Double(step) / 30
            try touch(.update, id, (from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f))
        }
    }

    /// Drags `photo` (taken where it shows widest) until its middle is at `target`, resting
    /// before the lift so it does not glide; a second drag corrects the first when another
    /// photo covered part of it. Returns where it came to rest.
    @discardableResult
    func place(_ photo: TestPhoto, at target: (Double, Double)) throws -> PrintMeasure {
        for _ in 0..<3 {
            let shot = try rest()
            guard let now = PrintMeasure(shot, left: photo.left, right: photo.right),
                let grab = shot.interiorPoint(of: [photo.left, photo.right]), grab.clearance >= 6
            else { throw HarnessError("the \(photo) photo does not show") }
            if abs(now.center.x - target.0) <= 1.5, abs(now.center.y - target.1) <= 1.5 { return now }
            try press(at: (grab.x, grab.y), andMoveTo: (grab.x + target.0 - now.center.x, grab.y + target.1 - now.center.y), id: 8)
            pause(.milliseconds(120))
            try touch(.end, 8, (grab.x + target.0 - now.center.x, grab.y + target.1 - now.center.y))
        }
        return try #require(try measure(photo))
    }

    /// Presses a key (keysym) with modifier keysyms held.
    func press(_ keysym: UInt, with modifiers: [UInt] = []) throws {
        try server.keyboard.press(reader.keycode(for: keysym), with: modifiers.map { reader.keycode(for: $0) })
    }

    func tap(at point: (Double, Double)) throws {
        try touch(.begin, 9, point)
        pause(.milliseconds(40))
        try touch(.end, 9, point)
    }

    // MARK: What is saved

    /// Where the board keeps its memory on this server.
    static func boardsFolder(_ server: XorgServer) -> URL {
        server.directory.appendingPathComponent("state/photoboard-x11/boards")
    }

    /// The one board memory file on this server, read and checked; `nil` when there is none.
    static func savedMemory(_ server: XorgServer) throws -> BoardMemory? {
        let folder = boardsFolder(server)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
        guard let name = names.first else { return nil }
        #expect(names.count == 1, "one board, one memory file: \(names)")
        return try BoardFile.decode(try Data(contentsOf: folder.appendingPathComponent(name))).memory
    }

    /// The saved entry of the file at `path` (resolved as the board resolves it).
    static func saved(_ path: String, on server: XorgServer) throws -> PhotoMemory? {
        try savedMemory(server)?[System.canonicalPath(FilePath(path))]
    }
}

/// Whether two measures of a print agree: the same place, size and turn, to a pixel or two.
func same(_ a: PrintMeasure?, _ b: PrintMeasure?, tolerance: Double = 2) -> Bool {
    guard let a, let b else { return false }
    return abs(a.center.x - b.center.x) <= tolerance && abs(a.center.y - b.center.y) <= tolerance && abs(a.span - b.span) <= 1.5
        && abs(a.angle - b.angle) <= 0.6
}
