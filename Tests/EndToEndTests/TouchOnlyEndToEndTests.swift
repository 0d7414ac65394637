import Foundation
import Testing
import XBoard
import XorgHarness

extension EndToEnd {
    /// Everything by touch alone, on an X server whose only input device is a touchscreen: no key
    /// and no pointer event is ever sent. The board says what a finger can act on
    /// (`PHOTOBOARD_TRACE=widgets`: each control, menu entry and picker tile by its word, with its
    /// frame), as a screen reader would find them; the test taps them there.
    @Suite(.timeLimit(.minutes(15)))
    struct TouchOnly {
        let one = TestPhoto.blueYellow, two = TestPhoto.cyanMagenta, three = TestPhoto.orangePurple

        /// The things a finger can act on, as the board last said: "kind word" → frame.
        func targets(_ session: BoardSession) -> [String: (x: Double, y: Double, width: Double, height: Double)] {
            guard let line = session.app.standardError.split(separator: "\n").last(where: { $0.hasPrefix("trace: targets ") }) else {
                return [:]
            }
            var found: [String: (Double, Double, Double, Double)] = [:]
            for entry in line.dropFirst("trace: targets ".count).components(separatedBy: "; ") {
                guard let at = entry.range(of: " at ", options: .backwards) else { continue }
                let numbers = entry[at.upperBound...].split(separator: " ").compactMap { Double($0) }
                guard numbers.count == 4 else { continue }
                found[String(entry[..<at.lowerBound])] = (numbers[0], numbers[1], numbers[2], numbers[3])
            }
            return found
        }

        /// Waits for `name` ("control Add") to show, and returns its frame.
        func find(_ name: String, in session: BoardSession, stall: Duration = .seconds(10)) throws -> (
            x: Double, y: Double, width: Double, height: Double
        ) {
            if name.hasPrefix("control "), targets(session)[name] == nil {
                // The controls fade when idle: a finger on the empty table (the bottom right
                // corner, where no print lies) brings them back.
                let size = session.server.size
                try session.tap(at: (Double(size.width) - 3, Double(size.height) - 3))
            }
            return try waitFor("\(name) to show", stall: stall) { targets(session)[name] }
        }

        /// Taps the middle of `name` with a finger.
        func tap(_ name: String, in session: BoardSession) throws {
            let frame = try find(name, in: session)
            try session.tap(at: (frame.x + frame.width / 2, frame.y + frame.height / 2))
            pause(.milliseconds(150))
        }

        /// A board with the red/green photo, and a Pictures folder (named in user-dirs.dirs) of two
        /// photos and a sub-folder of one; on a touchscreen-only server.
        func board(screen: (width: Int, height: Int) = (1280, 800), arguments: [String] = [], resources: String? = nil) throws
            -> BoardSession
        {
            try BoardSession(
                photos: [.redGreen], arguments: arguments, resources: resources, screen: screen,
                environment: ["PHOTOBOARD_TRACE": "widgets", "PHOTOBOARD_CONTROLS_IDLE": "3"], touchOnly: true
            ) { home in
                let pictures = home + "/Bilder"
                try FileManager.default.createDirectory(atPath: pictures + "/trip", withIntermediateDirectories: true)
                try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: true)
                try "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n".write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
                for (path, photo) in [("/one.png", one), ("/two.png", two), ("/trip/three.png", three)] {
                    try TestPhotos.write(
                        to: pictures + path, width: photo.width, height: photo.height, left: photo.left, right: photo.right)
                }
                return []
            }
        }

        @Test func aTouchscreenAloneAddsTidiesUndoesRemovesPutsBackSavesAndQuits() throws {
            let session = try board()
            #expect(session.server.pointer == nil && session.server.keyboard == nil)
            // Every control, by its word: at 1280 px the last two (Help and Quit) are under More,
            // since Fit joined the bar.
            for word in ["Add", "Paste", "Tidy", "Fit", "Undo", "Redo", "Removed", "Captions", "Save", "Export", "Fullscreen", "More"] {
                let frame = try find("control \(word)", in: session)
                #expect(frame.height >= 48 && frame.width >= 48, "\(word): \(frame)")
            }
            try session.saveScreenshot(named: "touch-controls")

            // Add two photos from the Pictures folder.
            try tap("control Add", in: session)
            _ = try find("picker-photo one.png", in: session)
            try tap("picker-photo one.png", in: session)
            try tap("picker-photo two.png", in: session)
            _ = try find("picker-folder trip", in: session)
            try session.saveScreenshot(named: "touch-picker")
            try tap("picker-add Add", in: session)
            _ = try waitFor("the two photos on the board", stall: .seconds(15)) {
                try session.measure(one) != nil && session.measure(two) != nil ? true : nil
            }
            // And one from the sub-folder.
            try tap("control Add", in: session)
            try tap("picker-folder trip", in: session)
            try tap("picker-photo three.png", in: session)
            try tap("picker-add Add", in: session)
            _ = try waitFor("the third photo on the board", stall: .seconds(15)) { try session.measure(three) != nil ? true : nil }
            try session.rest()

            // Tidy by name, then undo it.
            let before = try session.settled(.redGreen)
            try tap("control Tidy", in: session)
            try tap("menu By name", in: session)
            let tidied = try session.settled(.redGreen)
            #expect(abs(tidied.center.x - before.center.x) + abs(tidied.center.y - before.center.y) > 20, "tidy moved nothing")
            try tap("control Undo", in: session)
            let undone = try session.settled(.redGreen)
            #expect(abs(undone.center.x - before.center.x) < 3 && abs(undone.center.y - before.center.y) < 3, "\(undone) vs \(before)")

            // Press and hold red, slide to "Remove from the board" and lift there.
            let red = try session.settled(TestPhoto.redGreen)
            try session.touch(InputTestDevice.TouchType.begin, 1, red.center.x, red.center.y)
            let remove = try find("menu Remove from the board", in: session, stall: .seconds(3))
            let entry = (remove.x + remove.width / 2, remove.y + remove.height / 2)
            for step in 1...8 {
                let f = Double(step) / 8
                let x: Double = red.center.x + (entry.0 - red.center.x) * f
                let y: Double = red.center.y + (entry.1 - red.center.y) * f
                try session.touch(InputTestDevice.TouchType.update, 1, x, y)
                pause(.milliseconds(20))
            }
            try session.touch(InputTestDevice.TouchType.end, 1, entry.0, entry.1)
            _ = try waitFor("red to leave the board") { try session.measure(.redGreen) == nil ? true : nil }

            // Put it back from the removed photos.
            try tap("control Removed", in: session)
            let slot = try waitFor("red in the removed photos") {
                targets(session).first { $0.key.hasPrefix("removed ") }?.value
            }
            try session.tap(at: (slot.x + slot.width / 2, slot.y + slot.height / 2))
            _ = try waitFor("red back on the board") { try session.measure(.redGreen) != nil ? true : nil }

            // Save the board as a document, and quit.
            try tap("control Save", in: session)
            let saved = try waitFor("the board saved as a document") { () -> String? in
                session.app.standardError.split(separator: "\n").first { $0.hasPrefix("photoboard-x11: saved the board as ") }
                    .map { String($0.dropFirst("photoboard-x11: saved the board as ".count)) }
            }
            #expect(FileManager.default.fileExists(atPath: saved), "\(saved)")
            try tap("control More", in: session)
            try tap("menu Quit", in: session)
            #expect(try session.app.waitForExit(stall: .seconds(10)) == 0)
        }

        @Test func atFourKAndTwiceTheDpiTheControlsAreTwiceAsBig() throws {
            let small = try board()
            let add = try find("control Add", in: small)
            let large = try board(screen: (3840, 2160), arguments: ["--geometry", "3840x2160"], resources: "Xft.dpi: 192")
            let big = try find("control Add", in: large)
            #expect(abs(big.height - 2 * add.height) <= 1 && abs(big.width - 2 * add.width) <= 2, "\(add) at 96 dpi, \(big) at 192")
            try tap("control Add", in: large)
            let tile = try find("picker-photo one.png", in: large)
            #expect(tile.width >= 2 * 128 - 1, "\(tile)")
        }
    }
}
