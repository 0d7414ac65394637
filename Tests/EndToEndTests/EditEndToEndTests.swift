import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    /// Edits of a print (issue 40) as a person makes them, measured on screen on a picture half
    /// red, half green: flipped, the red is where the green was; in black and white, no pixel of
    /// the print has a colour; see-through, the table shows through it. By touch alone (the menu
    /// found by its words, as a screen reader would) and by keys; each undone and redone, each
    /// surviving a reopen, and each in `--export` and in what Copy puts on the clipboard.
    @Suite(.timeLimit(.minutes(15)))
    struct Edits {
        static let photo = TestPhoto.redGreen

        /// What a finger can act on, as the board last said (`PHOTOBOARD_TRACE=widgets`).
        static func targets(_ app: AppUnderTest) -> [String: (x: Double, y: Double)] {
            guard let line = app.standardError.split(separator: "\n").last(where: { $0.hasPrefix("trace: targets ") }) else { return [:] }
            var found: [String: (Double, Double)] = [:]
            for entry in line.dropFirst("trace: targets ".count).components(separatedBy: "; ") {
                guard let at = entry.range(of: " at ", options: .backwards) else { continue }
                let numbers = entry[at.upperBound...].split(separator: " ").compactMap { Double($0) }
                guard numbers.count == 4 else { continue }
                found[String(entry[..<at.lowerBound])] = (numbers[0] + numbers[2] / 2, numbers[1] + numbers[3] / 2)
            }
            return found
        }

        /// Presses and holds the print, lifts, and taps the menu entry that begins with `words`.
        static func choose(_ words: String, on board: MemoryBoard) throws {
            let shot = try board.rest()
            let grab = try #require(shot.interiorPoint(of: [photo.left, photo.right, grey(photo.left), grey(photo.right)]))
            try board.touch(.begin, 3, (grab.x, grab.y))
            let entry = try waitFor("the menu entry \(words)", stall: .seconds(5)) {
                targets(board.app).first { $0.key.hasPrefix("menu \(words)") }?.value
            }
            try board.touch(.end, 3, (grab.x, grab.y))
            pause(.milliseconds(200))
            try save(board, "edit-menu")
            try board.tap(at: (entry.x, entry.y))
            pause(.milliseconds(200))
        }

        /// The grey a colour turns to in black and white (Rec. 709 luminance).
        static func grey(_ colour: UInt32) -> UInt32 {
            let red = Double(colour >> 16 & 0xFF), green = Double(colour >> 8 & 0xFF), blue = Double(colour & 0xFF)
            let luminance: Double = 0.2126 * red + 0.7152 * green + 0.0722 * blue
            let value = UInt32(luminance.rounded())
            return value << 16 | value << 8 | value
        }

        /// `colour` laid at `opacity` over `under`.
        static func mix(_ colour: UInt32, over under: UInt32, _ opacity: Double) -> UInt32 {
            [16, 8, 0].reduce(0) { result, shift in
                let top = Double(colour >> UInt32(shift) & 0xFF), bottom = Double(under >> UInt32(shift) & 0xFF)
                return result | UInt32((top * opacity + bottom * (1 - opacity)).rounded()) << UInt32(shift)
            }
        }

        /// Where the red and the green halves show, as `colours` says they look now.
        static func halves(_ shot: Screenshot, _ colours: (UInt32, UInt32)) -> (red: Blob, green: Blob)? {
            guard let red = shot.blob(of: colours.0, tolerance: 6), let green = shot.blob(of: colours.1, tolerance: 6),
                red.count > 2000, green.count > 2000
            else { return nil }
            return (red, green)
        }

        static func close(_ a: UInt32, _ b: UInt32, tolerance: Int = 6) -> Bool {
            [16, 8, 0].allSatisfy { abs(Int(a >> UInt32($0) & 0xFF) - Int(b >> UInt32($0) & 0xFF)) <= tolerance }
        }

        /// Keeps what the screen shows now, as `PHOTOBOARD_SCREENSHOTS` asks (`BoardSession`'s).
        static func save(_ board: MemoryBoard, _ name: String) throws {
            guard let folder = ProcessInfo.processInfo.environment["PHOTOBOARD_SCREENSHOTS"] else { return }
            try board.reader.screenshot().savePNG(to: folder + "/\(name).png")
        }

        static func near(_ a: Blob, _ b: Blob, within: Double = 4) -> Bool {
            abs(a.centroid.x - b.centroid.x) <= within && abs(a.centroid.y - b.centroid.y) <= within
        }

        @Test func byTouchAloneEachEditShowsUndoesAndIsRememberedExportedAndCopied() throws {
            let server = try XorgServer(touchOnly: true)
            defer { server.stop() }
            let path = server.directory.appendingPathComponent("half.png").path
            try TestPhotos.write(
                to: path, width: Self.photo.width, height: Self.photo.height, left: Self.photo.left, right: Self.photo.right)
            let environment = ["PHOTOBOARD_TRACE": "widgets", "PHOTOBOARD_CONTROLS_IDLE": "3"]
            var board: MemoryBoard? = try MemoryBoard(on: server, [path], showing: [Self.photo], environment: environment)
            let first = try #require(board)
            let colours = (Self.photo.left, Self.photo.right)
            let before = try #require(Self.halves(try first.rest(), colours), "the print as laid out")
            let table = try first.rest().pixel(3, 790)

            // Flip left to right: the red is where the green was.
            try Self.choose("Flip left to right", on: first)
            let flipped = try waitFor("the print flipped") { () -> (red: Blob, green: Blob)? in
                guard let now = Self.halves(try first.rest(), colours), Self.near(now.red, before.green), Self.near(now.green, before.red)
                else { return nil }
                return now
            }
            #expect(abs(flipped.red.count - before.green.count) < before.green.count / 20, "the same print, mirrored")
            try Self.save(first, "edit-flipped")

            // Black and white: every pixel that was red or green is its grey.
            let coloured = try first.rest()
            try Self.choose("Black and white", on: first)
            let greys = (Self.grey(Self.photo.left), Self.grey(Self.photo.right))
            _ = try waitFor("the print in black and white") { try Self.halves(try first.rest(), greys) }
            let grey = try first.rest()
            var checked = 0
            for y in 0..<coloured.height {
                for x in 0..<coloured.width {
                    let was = coloured.pixel(x, y)
                    guard Self.close(was, Self.photo.left) || Self.close(was, Self.photo.right)
                    else { continue }
                    let now = grey.pixel(x, y)
                    let (r, g, b) = (Int(now >> 16 & 0xFF), Int(now >> 8 & 0xFF), Int(now & 0xFF))
                    if max(r, g, b) - min(r, g, b) > 2 { Issue.record("a coloured pixel at (\(x), \(y)): \(String(now, radix: 16))") }
                    checked += 1
                }
            }
            #expect(checked > 50_000, "\(checked) pixels of the print checked")
            try Self.save(first, "edit-black-and-white")

            // Back to colour from its menu, then undone (black and white again) and redone.
            try Self.choose("Back to colour", on: first)
            _ = try waitFor("the print in colour again") { try Self.halves(try first.rest(), colours) }

            // See-through, twice: 50 %, the table through half of each pixel.
            try Self.choose("See-through 75 %", on: first)
            try Self.choose("See-through 50 %", on: first)
            let halfSeen = (Self.mix(Self.photo.left, over: table, 0.5), Self.mix(Self.photo.right, over: table, 0.5))
            let seeThrough = try waitFor("the print half see-through") { () -> (red: Blob, green: Blob)? in
                guard let now = Self.halves(try first.rest(), halfSeen), Self.near(now.red, flipped.red) else { return nil }
                return now
            }
            #expect(abs(seeThrough.red.count - flipped.red.count) < flipped.red.count / 20, "\(seeThrough.red) against \(flipped.red)")
            try Self.save(first, "edit-see-through")

            // Copy from its menu: xclip reads the picture as the print shows it.
            try Self.choose("Copy", on: first)
            let copied = try waitFor("the copied picture", stall: .seconds(20)) { () -> DecodedImage? in
                guard let bytes = try? Self.xclip(reading: "image/png", on: server), !bytes.isEmpty else { return nil }
                return try? ImageLoader.decode(bytes: bytes, maximumLongEdge: 4096).get().image
            }
            let (left, right) = (try #require(copied.argb(x: 20, y: 150)), try #require(copied.argb(x: 380, y: 150)))
            #expect(abs(Int(left >> 24) - 128) <= 1 && abs(Int(right >> 24) - 128) <= 1, "half see-through: \(left) \(right)")
            #expect(left >> 8 & 0xFF > left >> 16 & 0xFF, "flipped: green on the left (\(String(left, radix: 16)))")
            #expect(right >> 16 & 0xFF > right >> 8 & 0xFF, "flipped: red on the right (\(String(right, radix: 16)))")

            // Quit and open the board again: flipped and half see-through still.
            try first.close()
            board = nil
            let again = try MemoryBoard(on: server, [path], showing: [], waitForRest: false, environment: environment)
            let reopened = try waitFor("the print as it was left", stall: .seconds(20)) { () -> (red: Blob, green: Blob)? in
                guard let now = Self.halves(try again.rest(), halfSeen), Self.near(now.red, flipped.red) else { return nil }
                return now
            }
            #expect(Self.near(reopened.green, flipped.green))
            try again.close()

            // `--export` draws it so too, with no display.
            let exported = try Self.export(path, on: server)
            let inExport = try #require(Self.halves(exported, halfSeen), "the print half see-through in the export")
            #expect(
                (inExport.red.centroid.x - inExport.green.centroid.x) * (flipped.red.centroid.x - flipped.green.centroid.x) > 0,
                "flipped in the export as on screen")
            #expect(exported.blob(of: Self.photo.left, tolerance: 6).map { $0.count < 100 } ?? true, "no opaque red in the export")
        }

        @Test func byKeysEachEditActsOnTheSelectionAndUndoTakesItBack() throws {
            let server = try XorgServer()
            defer { server.stop() }
            var paths: [String] = []
            for (index, photo) in [TestPhoto.redGreen, .blueYellow].enumerated() {
                let path = server.directory.appendingPathComponent("photo\(index).png").path
                try TestPhotos.write(to: path, width: photo.width, height: photo.height, left: photo.left, right: photo.right)
                paths.append(path)
            }
            let board = try MemoryBoard(on: server, paths, showing: [.redGreen, .blueYellow])
            let shot = try board.rest()
            let red = try #require(shot.blob(of: TestPhoto.redGreen.left)), yellow = try #require(shot.blob(of: TestPhoto.blueYellow.right))
            let blue = try #require(shot.blob(of: TestPhoto.blueYellow.left)), green = try #require(shot.blob(of: TestPhoto.redGreen.right))

            try board.press(0x61, with: [0xFFE3])  // Ctrl+A: both
            try board.press(0x68)  // h
            _ = try waitFor("both flipped") { () -> Bool? in
                let now = try board.rest()
                guard let r = now.blob(of: TestPhoto.redGreen.left), let y = now.blob(of: TestPhoto.blueYellow.right) else { return nil }
                return Self.near(r, green) && Self.near(y, blue) ? true : nil
            }
            try board.press(0x62)  // b
            _ = try waitFor("both in black and white") { () -> Bool? in
                let now = try board.rest()
                return now.blob(of: TestPhoto.redGreen.left) == nil && now.blob(of: TestPhoto.blueYellow.left) == nil
                    && now.blob(of: Self.grey(TestPhoto.blueYellow.right)).map { $0.count > 2000 } == true ? true : nil
            }
            try board.press(0x7A, with: [0xFFE3])  // Ctrl+Z: colour again, still flipped
            _ = try waitFor("colour again, still flipped") { () -> Bool? in
                let now = try board.rest()
                guard let r = now.blob(of: TestPhoto.redGreen.left), let y = now.blob(of: TestPhoto.blueYellow.right) else { return nil }
                return Self.near(r, green) && Self.near(y, blue) ? true : nil
            }
            try board.press(0x7A, with: [0xFFE3])  // Ctrl+Z: as laid out
            _ = try waitFor("as laid out again") { () -> Bool? in
                let now = try board.rest()
                guard let r = now.blob(of: TestPhoto.redGreen.left), let y = now.blob(of: TestPhoto.blueYellow.right) else { return nil }
                return Self.near(r, red) && Self.near(y, yellow) ? true : nil
            }
            try board.press(0x7A, with: [0xFFE3, 0xFFE1])  // Ctrl+Shift+Z: flipped again
            _ = try waitFor("flipped again by redo") { () -> Bool? in
                let now = try board.rest()
                guard let r = now.blob(of: TestPhoto.redGreen.left) else { return nil }
                return Self.near(r, green) ? true : nil
            }
            // Taken off the board (Delete), the removed photos list (r) shows them as their prints
            // were: the red half of the red/green photo on the right of its thumbnail.
            try board.press(0xFFFF)  // Delete
            try board.press(0x72)  // r
            _ = try waitFor("the flipped thumbnail in the removed photos list") { () -> Bool? in
                let now = try board.rest()
                guard let r = now.blob(of: TestPhoto.redGreen.left), let g = now.blob(of: TestPhoto.redGreen.right),
                    r.minY > 600, g.minY > 600
                else { return nil }
                return r.centroid.x > g.centroid.x ? true : nil
            }
            try Self.save(board, "edit-removed-list")
            try board.close()
        }

        /// By mouse: each edit from the print's menu, right-clicked, its entry clicked.
        @Test func byMouseEachEditFromTheRightClickedMenu() throws {
            let session = try BoardSession(photos: [Self.photo], environment: ["PHOTOBOARD_TRACE": "widgets"])
            let colours = (Self.photo.left, Self.photo.right)
            let before = try #require(Self.halves(try session.rest(), colours))
            let table = try session.rest().pixel(3, 790)
            func choose(_ words: String) throws {
                let shot = try session.rest()
                let grab = try #require(
                    shot.interiorPoint(of: [Self.photo.left, Self.photo.right, Self.grey(Self.photo.left), Self.grey(Self.photo.right)]))
                try session.click(3, at: (grab.x, grab.y))
                let entry = try waitFor("the menu entry \(words)", stall: .seconds(5)) {
                    Self.targets(session.app).first { $0.key.hasPrefix("menu \(words)") }?.value
                }
                try session.click(1, at: (entry.x, entry.y))
                pause(.milliseconds(150))
            }
            try choose("Flip left to right")
            _ = try waitFor("the print flipped left to right") { () -> Bool? in
                guard let now = Self.halves(try session.rest(), colours) else { return nil }
                return Self.near(now.red, before.green) && Self.near(now.green, before.red) ? true : nil
            }
            try choose("Black and white")
            _ = try waitFor("the print in black and white") { () -> Bool? in
                let now = try session.rest()
                return now.blob(of: Self.photo.left) == nil
                    && Self.halves(now, (Self.grey(Self.photo.left), Self.grey(Self.photo.right))) != nil
                    ? true : nil
            }
            try choose("Back to colour")
            try choose("See-through 75 %")
            let seen = (Self.mix(Self.photo.left, over: table, 0.75), Self.mix(Self.photo.right, over: table, 0.75))
            _ = try waitFor("the print three quarters opaque") { Self.halves(try session.rest(), seen) != nil ? true : nil }
            try session.press(0x7A, with: [0xFFE3])  // Ctrl+Z: opaque again
            _ = try waitFor("opaque again by undo") { () -> Bool? in
                guard let now = Self.halves(try session.rest(), colours) else { return nil }
                return Self.near(now.red, before.green) ? true : nil
            }
        }

        /// What `photoboard-x11 --export` draws of `path` with no display, as the board this
        /// server's folder remembers (1280×800, seed 7); the run must succeed.
        static func export(_ path: String, on server: XorgServer) throws -> Screenshot {
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = nil
            environment["HOME"] = server.directory.path
            environment["XDG_STATE_HOME"] = server.directory.appendingPathComponent("state").path
            environment["XDG_CACHE_HOME"] = server.directory.appendingPathComponent("cache").path
            let output = server.directory.appendingPathComponent("export.png").path
            let export = try ChildProcess(
                path: BoardSession.binaryPath, arguments: ["--export", output, "--geometry", "1280x800", "--seed", "7", path],
                environment: environment, stdoutPath: output + ".out", stderrPath: output + ".err")
            #expect(try export.waitForExit(stall: .seconds(20)) == 0)
            return try Screenshot(pngAt: output)
        }

        /// What `xclip -o` reads from the clipboard as `target` on `server`.
        static func xclip(reading target: String, on server: XorgServer) throws -> [UInt8] {
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = server.displayName
            let output = server.directory.appendingPathComponent("read-\(UUID().uuidString.prefix(6))").path
            let process = try ChildProcess(
                path: "/usr/bin/xclip", arguments: ["-selection", "clipboard", "-target", target, "-out"], environment: environment,
                stdoutPath: output, stderrPath: output + ".err")
            guard try process.waitForExit(stall: .seconds(30)) == 0, let data = FileManager.default.contents(atPath: output) else {
                throw HarnessError("xclip -o -t \(target) failed")
            }
            return [UInt8](data)
        }
    }
}
