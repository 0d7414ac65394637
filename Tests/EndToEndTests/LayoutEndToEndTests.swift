import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    /// The arrangement survives restarts; saves are atomic. (Memory by photo, merges, signals and
    /// documents: `MemoryEndToEndTests`.)
    @Suite(.timeLimit(.minutes(15)))
    struct Layout {
        /// Starts the board with the two test photos on `server`, waits until both show and the
        /// board is at rest, runs `body`.
        static func withBoard(on server: XorgServer, arguments: [String] = [], _ body: (AppUnderTest, ScreenReader, UInt) throws -> Void)
            throws
        {
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let paths = try [TestPhoto.redGreen, .blueYellow].enumerated().map { index, photo in
                let path = server.directory.appendingPathComponent("photo\(index).png").path
                if !FileManager.default.fileExists(atPath: path) {
                    try TestPhotos.write(to: path, width: photo.width, height: photo.height, left: photo.left, right: photo.right)
                }
                return path
            }
            let app = try AppUnderTest(
                binary: BoardSession.binaryPath, arguments: ["--seed", "7", "--geometry", "1280x800"] + arguments + paths, server: server)
            defer { app.stop() }
            let window = try waitFor("the window", stall: .seconds(15)) { reader.window(ofProcess: app.pid) }
            _ = try waitFor("both photos") { () -> Bool? in
                let shot = try reader.screenshot()
                let shown = [TestPhoto.redGreen, .blueYellow].allSatisfy { PrintMeasure(shot, left: $0.left, right: $0.right) != nil }
                return shown ? true : nil
            }
            _ = try reader.waitForRest(of: app, on: server)
            try body(app, reader, window)
        }

        static func measure(_ reader: ScreenReader) throws -> PrintMeasure? {
            PrintMeasure(try reader.screenshot(), left: TestPhoto.redGreen.left, right: TestPhoto.redGreen.right)
        }

        static func drag(_ server: XorgServer, from: (Double, Double), to: (Double, Double)) throws {
            func touch(_ type: InputTestDevice.TouchType, _ x: Double, _ y: Double) throws {
                let (vx, vy) = server.valuators(for: x, y)
                try server.touch.touch(type, id: 1, x: vx, y: vy)
                try server.touch.sync()
            }
            try touch(.begin, from.0, from.1)
            for step in 1...30 {
                pause(.microseconds(8333))
                let f = Double(step) / 30
                try touch(.update, from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f)
            }
            pause(.milliseconds(120))
            try touch(.end, to.0, to.1)
        }

        @Test func theArrangementIsThereAgainAfterARestartAndFreshIgnoresIt() throws {
            let server = try XorgServer()
            defer { server.stop() }
            var first: PrintMeasure?, moved: PrintMeasure?
            try Self.withBoard(on: server) { app, reader, window in
                first = try Self.measure(reader)
                let start = try #require(first)
                try Self.drag(server, from: (start.center.x, start.center.y), to: (640, 420))
                _ = try reader.waitForRest(of: app, on: server)
                moved = try Self.measure(reader)
                reader.requestClose(window)  // saves on the way out
                #expect(try app.waitForExit(stall: .seconds(5)) == 0)
            }
            try Self.withBoard(on: server) { app, reader, _ in
                let restored = try #require(try Self.measure(reader)), expected = try #require(moved)
                #expect(
                    abs(restored.center.x - expected.center.x) <= 2 && abs(restored.center.y - expected.center.y) <= 2,
                    "\(restored) vs \(expected)")
                #expect(abs(restored.angle - expected.angle) <= 0.5 && abs(restored.span - expected.span) <= 1)
            }
            try Self.withBoard(on: server, arguments: ["--fresh"]) { _, reader, _ in
                let fresh = try #require(try Self.measure(reader)), original = try #require(first)
                #expect(
                    abs(fresh.center.x - original.center.x) <= 2 && abs(fresh.center.y - original.center.y) <= 2, "\(fresh) vs \(original)")
            }
        }

        @Test func aCorruptLayoutFileIsOneLineAndIgnored() throws {
            let server = try XorgServer()
            defer { server.stop() }
            try Self.withBoard(on: server) { app, reader, window in
                reader.requestClose(window)
                _ = try app.waitForExit(stall: .seconds(5))
            }
            let folder = server.directory.appendingPathComponent("state/photoboard-x11/boards").path
            let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".json") })
            try Data("{ this is not a layout".utf8).write(to: URL(fileURLWithPath: folder + "/" + file))
            try Self.withBoard(on: server) { app, _, _ in
                // The file is read before the photos show; the board is at rest by now. It is kept
                // aside for a person to look at, and the board starts afresh.
                let lines = app.standardError.split(separator: "\n")
                #expect(lines.count == 1 && lines[0].contains(file) && lines[0].contains("starts afresh"), "\(lines)")
                #expect(FileManager.default.fileExists(atPath: folder + "/" + file + ".unreadable"))
            }
        }

        @Test func killingTheBoardWhileItSavesNeverCorruptsTheLayout() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let folder = server.directory.appendingPathComponent("state/photoboard-x11/boards").path
            func layouts() -> [String] {
                ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }
            }
            // First a save that is let finish, so a layout exists whatever moments the kills hit.
            try Self.withBoard(on: server) { app, reader, window in
                let now = try #require(try Self.measure(reader))
                try Self.drag(server, from: (now.center.x, now.center.y), to: (640, 400))
                _ = try waitFor("the layout to be saved", stall: .seconds(10)) { layouts().isEmpty ? nil : true }
                reader.requestClose(window)
                #expect(try app.waitForExit(stall: .seconds(10)) == 0)
            }
            var kills = 0
            for round in 0..<5 {
                try Self.withBoard(on: server) { app, reader, _ in
                    guard let now = try Self.measure(reader) else { return }
                    let target = (round % 2 == 0 ? 420.0 : 860.0, 300.0 + Double(round) * 40)
                    try Self.drag(server, from: (now.center.x, now.center.y), to: target)
                    // Saves come a second after the board rests; kill around that moment.
                    pause(.milliseconds(900 + Int64(round) * 70))
                    kill(app.pid, SIGKILL)
                    _ = try? app.waitForExit(stall: .seconds(5))
                    kills += 1
                }
                for name in layouts() {
                    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
                    #expect((try? BoardFile.decode(data)) != nil, "round \(round): \(name) is not a whole board file")
                }
            }
            #expect(kills == 5)
            #expect(layouts().count == 1, "one layout, for the one set of photos: \(layouts())")
        }
    }
}
