import Foundation
import Testing
import XBoard
import XorgHarness

/// File names are bytes: a Latin-1 name from an old disk (`caf\xe9.png`) opens from a folder and
/// named on the command line, keeps its arrangement, and is shown escaped in messages.
extension EndToEnd {
    @Suite(.timeLimit(.minutes(15)))
    struct FileNames {
        static let latin1 = TestPhoto(left: 0xD0_2020, right: 0x20_B040, width: 400, height: 300)
        static let utf8 = TestPhoto(left: 0x20_40D0, right: 0xE0_C020, width: 300, height: 400)

        /// `name` with its bytes, written as a test photo in `folder`.
        static func write(_ photo: TestPhoto, named name: [UInt8], in folder: String) throws {
            let temporary = folder + "/writing.png"
            try TestPhotos.write(to: temporary, width: photo.width, height: photo.height, left: photo.left, right: photo.right)
            let target = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
            let status = target.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { rename(temporary, $0) } ?? -1
            }
            guard status == 0 else { throw HarnessError("cannot name a file with bytes \(name)") }
        }

        /// The board started by a shell, as a person types it: `printf` makes the raw bytes.
        /// `arguments` are printf formats (so `\351` is the byte 0xE9).
        static func launchThroughShell(_ arguments: [String], server: XorgServer) throws -> AppUnderTest {
            let script = #"for format; do set -- "$@" "$(printf -- "$format")"; shift; done; exec "$0" "$@""#
            return try AppUnderTest(binary: "/bin/sh", arguments: ["-c", script, BoardSession.binaryPath] + arguments, server: server)
        }

        static func waitForWindow(of app: AppUnderTest, reader: ScreenReader) throws {
            _ = try waitFor("the board window", stall: .seconds(15)) { () -> UInt? in
                guard app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(app.standardError)") }
                return reader.window(ofProcess: app.pid)
            }
        }

        static func settled(_ photo: TestPhoto, reader: ScreenReader) throws -> PrintMeasure {
            var last: PrintMeasure?
            var stable = 0
            return try waitFor("the photo to come to rest", stall: .seconds(15), interval: .milliseconds(50)) {
                guard let current = PrintMeasure(try reader.screenshot(), left: photo.left, right: photo.right) else { return nil }
                if let last, abs(last.center.x - current.center.x) < 0.1, abs(last.center.y - current.center.y) < 0.1 {
                    stable += 1
                } else {
                    stable = 0
                }
                last = current
                return stable >= 3 ? current : nil
            }
        }

        static func press(_ keysym: UInt, with modifiers: [UInt] = [], server: XorgServer, reader: ScreenReader) throws {
            let code = reader.keycode(for: keysym), held = modifiers.map { reader.keycode(for: $0) }
            for modifier in held { try server.keyboard.key(modifier, pressed: true) }
            try server.keyboard.key(code, pressed: true)
            try server.keyboard.key(code, pressed: false)
            for modifier in held.reversed() { try server.keyboard.key(modifier, pressed: false) }
            try server.keyboard.sync()
            pause(.milliseconds(30))
        }

        @Test func aNameThatIsNotUTF8OpensFromItsFolderBesideItsLookalike() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let folder = server.directory.path + "/photos"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Self.write(Self.latin1, named: Array("caf".utf8) + [0xE9] + Array(".png".utf8), in: folder)
            try Self.write(Self.utf8, named: Array("café.png".utf8), in: folder)
            let app = try AppUnderTest(binary: BoardSession.binaryPath, arguments: ["--seed", "4", folder], server: server)
            defer { app.stop() }
            try Self.waitForWindow(of: app, reader: reader)
            _ = try Self.settled(Self.latin1, reader: reader)
            _ = try Self.settled(Self.utf8, reader: reader)
            #expect(app.standardError.isEmpty, "\(app.standardError)")
        }

        @Test func aNameThatIsNotUTF8OpensNamedDirectlyAndKeepsItsArrangement() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let folder = server.directory.path
            try Self.write(Self.latin1, named: Array("caf".utf8) + [0xE9] + Array(".png".utf8), in: folder)
            let arguments = ["--seed", "6", folder + "/caf\\351.png", folder + "/gone\\377.png"]

            // First run: it opens; the missing one is one line, escaped, never U+FFFD.
            var app = try Self.launchThroughShell(arguments, server: server)
            try Self.waitForWindow(of: app, reader: reader)
            let first = try Self.settled(Self.latin1, reader: reader)
            let lines = app.standardError.split(separator: "\n")
            #expect(lines == ["photoboard-x11: \(folder)/gone\\xff.png: no such file or folder"], "\(lines)")
            #expect(!app.standardError.contains("\u{FFFD}"))
            // Move it with the keyboard (select, then Shift+Right a few times) and quit: saved.
            try Self.press(0xFF09, server: server, reader: reader)
            for _ in 0..<4 { try Self.press(0xFF53, with: [0xFFE1], server: server, reader: reader) }
            let moved = try Self.settled(Self.latin1, reader: reader)
            #expect(moved.center.x - first.center.x > 40, "moved from \(first) to \(moved)")
            try Self.press(0x71, server: server, reader: reader)  // q
            #expect(try app.waitForExit(stall: .seconds(10)) == 0)
            let layouts = server.directory.path + "/state/photoboard-x11/boards"
            let saved = try FileManager.default.contentsOfDirectory(atPath: layouts).filter { $0.hasSuffix(".json") }
            #expect(saved.count == 1)
            let text = try String(contentsOfFile: layouts + "/" + (saved.first ?? ""), encoding: .utf8)
            #expect(text.contains(#""escaped" : "#) && text.contains(#"caf\\xe9.png""#), "\(text)")

            // Second run: the same photo lies where it was left.
            app = try Self.launchThroughShell(arguments, server: server)
            defer { app.stop() }
            try Self.waitForWindow(of: app, reader: reader)
            let again = try Self.settled(Self.latin1, reader: reader)
            #expect(
                abs(again.center.x - moved.center.x) <= 2 && abs(again.center.y - moved.center.y) <= 2, "left at \(moved), back at \(again)"
            )
        }
    }
}
