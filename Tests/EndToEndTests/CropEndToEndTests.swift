import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    /// Cropping a print (issue 40) as a person does it, measured on screen on a picture half red,
    /// half green: cropped to the red half, no green shows and the red lies where it lay. By touch
    /// alone (the menu and the handles found by their words, as a screen reader would) and by
    /// mouse and keys; undone, redone, reset, kept across a reopen, in `--export` and in Copy.
    @Suite(.timeLimit(.minutes(15)))
    struct Crop {
        typealias Edits = EndToEnd.Edits
        static let photo = TestPhoto.redGreen

        /// The red and green halves as they show now, either of them allowed to be missing.
        static func colours(_ shot: Screenshot) -> (red: Blob?, green: Blob?) {
            (
                shot.blob(of: photo.left, tolerance: 6).flatMap { $0.count > 300 ? $0 : nil },
                shot.blob(of: photo.right, tolerance: 6).flatMap { $0.count > 300 ? $0 : nil }
            )
        }

        /// Waits for the crop's handles and buttons to show, by their names.
        /// Waits for the crop's handles and buttons to show, by their names, once the board rests
        /// (`rest`): the table may ease to bring the frame where fingers reach it.
        static func cropTargets(_ app: AppUnderTest, rest: () throws -> Void) throws -> [String: (x: Double, y: Double)] {
            _ = try waitFor("the crop's handles and buttons", stall: .seconds(5)) { () -> Bool? in
                let found = Edits.targets(app)
                return found["crop Done"] != nil && found["handle right"] != nil ? true : nil
            }
            try rest()
            return Edits.targets(app)
        }

        /// Drags a finger from `from` to `to` in steps, resting before the lift.
        static func drag(_ board: MemoryBoard, from: (x: Double, y: Double), to: (Double, Double), id: UInt32 = 4) throws {
            try board.press(at: (from.x, from.y), andMoveTo: to, id: id)
            pause(.milliseconds(120))
            try board.touch(.end, id, to)
        }

        @Test func byTouchAloneACropShowsOnlyThePartKeptAndIsRememberedExportedCopiedAndReset() throws {
            let server = try XorgServer(touchOnly: true)
            defer { server.stop() }
            let path = server.directory.appendingPathComponent("half.png").path
            try TestPhotos.write(
                to: path, width: Self.photo.width, height: Self.photo.height, left: Self.photo.left, right: Self.photo.right)
            let environment = ["PHOTOBOARD_TRACE": "widgets", "PHOTOBOARD_CONTROLS_IDLE": "3"]
            var board: MemoryBoard? = try MemoryBoard(on: server, [path], showing: [Self.photo], environment: environment)
            let first = try #require(board)
            let laidOut = Self.colours(try first.rest())
            let red = try #require(laidOut.red, "the red half"), green = try #require(laidOut.green, "the green half")

            // Crop from its menu: the whole picture shows, the part outside the frame dimmed.
            try Edits.choose("Crop", on: first)
            var targets = try Self.cropTargets(first.app) { try first.rest() }
            let right = try #require(targets["handle right"]), left = try #require(targets["handle left"])
            // The right edge's handle dragged to where red meets green: the picture's middle,
            // halfway between the handles of its two side edges (the print lies turned).
            try Self.drag(first, from: right, to: ((left.x + right.x) / 2, (left.y + right.y) / 2))
            let framed = try waitFor("the green half dimmed") { () -> Bool? in
                let shot = try first.rest()
                let dimmed = Edits.mix(0, over: Self.photo.right, 0.6)
                return Self.colours(shot).green == nil && shot.blob(of: dimmed, tolerance: 8).map { $0.count > 2000 } == true ? true : nil
            }
            #expect(framed)
            try Edits.save(first, "crop-framing")
            targets = try Self.cropTargets(first.app) { try first.rest() }
            let done = try #require(targets["crop Done"])
            try first.tap(at: (done.x, done.y))

            // Cropped to the red half: no green shows, the red lies where it lay.
            let cropped = try waitFor("the print cropped to its red half", stall: .seconds(10)) { () -> Blob? in
                let now = Self.colours(try first.rest())
                guard now.green == nil, let red = now.red, Edits.near(red, laidOut.red!, within: 3) else { return nil }
                return red
            }
            #expect(abs(cropped.count - red.count) < red.count / 20, "the red half whole: \(cropped.count) against \(red.count)")
            #expect(Edits.targets(first.app)["crop Done"] == nil, "the crop closed")
            try Edits.save(first, "crop-cropped")

            // Copy from its menu: xclip reads the red half alone, at the picture's own pixels.
            try Edits.choose("Copy", on: first)
            let copied = try waitFor("the copied picture", stall: .seconds(20)) { () -> DecodedImage? in
                guard let bytes = try? Edits.xclip(reading: "image/png", on: server), !bytes.isEmpty else { return nil }
                return try? ImageLoader.decode(bytes: bytes, maximumLongEdge: 4096).get().image
            }
            #expect(abs(copied.pixelSize.width - Double(Self.photo.width) / 2) <= 8, "\(copied.pixelSize)")
            #expect(copied.pixelSize.height == Double(Self.photo.height))
            for x in [2, Int(copied.pixelSize.width) - 3] {
                let pixel = try #require(copied.argb(x: x, y: 150))
                #expect(pixel >> 16 & 0xFF > 0xA0 && pixel >> 8 & 0xFF < 0x60, "red at \(x): \(String(pixel, radix: 16))")
            }

            // Quit and open the board again: cropped still, where it lay.
            try first.close()
            board = nil
            let again = try MemoryBoard(on: server, [path], showing: [], waitForRest: false, environment: environment)
            _ = try waitFor("the print cropped as it was left", stall: .seconds(20)) { () -> Bool? in
                let now = Self.colours(try again.rest())
                guard now.green == nil, let red = now.red, Edits.near(red, cropped, within: 3) else { return nil }
                return true
            }

            // `--export` draws it so too, with no display.
            let exported = Self.colours(try Edits.export(path, on: server))
            #expect(exported.green == nil && exported.red.map { abs($0.count - red.count) < red.count / 20 } == true, "\(exported)")

            // Reset crop from its menu: the whole picture again, where it lay.
            try Edits.choose("Reset crop", on: again)
            _ = try waitFor("the whole picture again") { () -> Bool? in
                let now = Self.colours(try again.rest())
                guard let r = now.red, let g = now.green, Edits.near(r, red, within: 3), Edits.near(g, green, within: 3) else { return nil }
                return true
            }
            try again.close()
        }

        /// A flipped, cropped, black-and-white, see-through print in a board document that moves
        /// with its folder: it opens so, where it lay.
        @Test func everyEditSurvivesADocumentMovedToAnotherFolder() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let folder = server.directory.appendingPathComponent("trip").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let photo = TestPhoto.blueYellow
            try photo.write(to: folder + "/blue.png")
            func halves(_ shot: Screenshot) -> (blue: Blob?, yellow: Blob?) {
                (
                    shot.blob(of: photo.left, tolerance: 6).flatMap { $0.count > 300 ? $0 : nil },
                    shot.blob(of: photo.right, tolerance: 6).flatMap { $0.count > 300 ? $0 : nil }
                )
            }
            var kept: Blob?, shown: UInt32 = 0
            do {
                let board = try MemoryBoard(on: server, [folder], showing: [photo], environment: ["PHOTOBOARD_TRACE": "widgets"])
                let laidOut = halves(try board.rest())
                let blue = try #require(laidOut.blue)
                try board.press(0x68)  // h: yellow on the left now
                _ = try waitFor("the print flipped") { () -> Bool? in
                    let now = halves(try board.rest())
                    return now.yellow.map { Edits.near($0, blue, within: 4) } == true ? true : nil
                }
                try board.press(0x78)  // x
                let targets = try Self.cropTargets(board.app) { try board.rest() }
                let right = try #require(targets["handle right"]), left = try #require(targets["handle left"])
                try Self.drag(board, from: right, to: ((left.x + right.x) / 2, (left.y + right.y) / 2))
                pause(.milliseconds(200))
                try board.press(0xFF0D)  // Enter
                kept = try waitFor("the yellow half alone") { () -> Blob? in
                    let now = halves(try board.rest())
                    guard now.blue == nil, let yellow = now.yellow, Edits.near(yellow, blue, within: 4) else { return nil }
                    return yellow
                }
                // Black and white, and three quarters opaque: its grey over the table.
                let table = try board.rest().pixel(3, 790)
                try board.press(0x62)  // b
                try board.press(0x6F)  // o
                shown = Edits.mix(Edits.grey(photo.right), over: table, 0.75)
                _ = try waitFor("the yellow half grey and see-through") { () -> Bool? in
                    try board.rest().blob(of: shown, tolerance: 6).map { Edits.near($0, kept!, within: 3) } == true ? true : nil
                }
                try board.press(0x53, with: [0xFFE3, 0xFFE1])  // Ctrl+Shift+S
                _ = try waitFor("the document") { FileManager.default.fileExists(atPath: folder + "/trip.photoboard") ? true : nil }
                try board.close()
            }
            let text = try String(contentsOfFile: folder + "/trip.photoboard", encoding: .utf8)
            #expect(text.contains(#""crop" : ["#) && text.contains(#""flip" : "horizontal""#), "\(text)")
            #expect(text.contains(#""blackAndWhite" : true"#) && text.contains(#""opacity" : 0.75"#), "\(text)")
            let moved = server.directory.appendingPathComponent("moved-trip").path
            try FileManager.default.moveItem(atPath: folder, toPath: moved)
            let board = try MemoryBoard(on: server, [moved + "/trip.photoboard"], showing: [], waitForRest: false)
            let blueShown = Edits.mix(Edits.grey(photo.left), over: try board.rest().pixel(3, 790), 0.75)
            let reopened = try waitFor("the flipped, cropped, grey, see-through print where it lay", stall: .seconds(20)) { () -> Blob? in
                let shot = try board.rest()
                guard halves(shot).yellow == nil, shot.blob(of: blueShown, tolerance: 6).map({ $0.count > 300 }) != true,
                    let grey = shot.blob(of: shown, tolerance: 6), let kept, Edits.near(grey, kept, within: 3)
                else { return nil }
                return grey
            }
            #expect(abs(reopened.count - (kept?.count ?? 0)) < (kept?.count ?? 0) / 20)
            try board.close()
        }

        @Test func byMouseAndKeysACropIsMadeLeftUndoneAndRedone() throws {
            let session = try BoardSession(photos: [Self.photo], environment: ["PHOTOBOARD_TRACE": "widgets"])
            let laidOut = Self.colours(try session.rest())
            let red = try #require(laidOut.red), green = try #require(laidOut.green)
            // Right-click the print, Crop from its menu.
            try session.click(3, at: (red.centroid.x, red.centroid.y))
            let entry = try waitFor("the menu's Crop", stall: .seconds(5)) { Edits.targets(session.app)["menu Crop"] }
            try session.click(1, at: (entry.x, entry.y))
            var targets = try Self.cropTargets(session.app) { try session.rest() }
            // The left handle dragged with the mouse to where red meets green; Esc leaves it.
            let left = try #require(targets["handle left"]), right = try #require(targets["handle right"])
            let middle = ((left.x + right.x) / 2, (left.y + right.y) / 2)
            try session.mouseDrag(from: (left.x, left.y), to: middle)
            _ = try waitFor("the red half dimmed") { Self.colours(try session.rest()).red == nil ? true : nil }
            try session.press(0xFF1B)  // Esc
            _ = try waitFor("the print as it was") { () -> Bool? in
                let now = Self.colours(try session.rest())
                guard let r = now.red, let g = now.green, Edits.near(r, red, within: 2), Edits.near(g, green, within: 2) else { return nil }
                return true
            }
            // Again with x (the print is the top one), and Enter keeps it: the green half alone.
            try session.press(0x78)  // x
            targets = try Self.cropTargets(session.app) { try session.rest() }
            let again = try #require(targets["handle left"])
            try session.mouseDrag(from: (again.x, again.y), to: middle)
            _ = try waitFor("the red half dimmed") { Self.colours(try session.rest()).red == nil ? true : nil }
            try session.press(0xFF0D)  // Enter
            let kept = try waitFor("the green half alone") { () -> Blob? in
                let now = Self.colours(try session.rest())
                guard now.red == nil, let g = now.green, Edits.near(g, green, within: 3) else { return nil }
                return g
            }
            #expect(abs(kept.count - green.count) < green.count / 20)
            try session.press(0x7A, with: [0xFFE3])  // Ctrl+Z: whole again
            _ = try waitFor("the whole picture again by undo") { () -> Bool? in
                let now = Self.colours(try session.rest())
                guard let r = now.red, let g = now.green, Edits.near(r, red, within: 2), Edits.near(g, green, within: 2) else { return nil }
                return true
            }
            try session.press(0x7A, with: [0xFFE3, 0xFFE1])  // Ctrl+Shift+Z: cropped again
            _ = try waitFor("cropped again by redo") { () -> Bool? in
                let now = Self.colours(try session.rest())
                return now.red == nil && now.green.map { Edits.near($0, green, within: 3) } == true ? true : nil
            }
        }
    }
}
