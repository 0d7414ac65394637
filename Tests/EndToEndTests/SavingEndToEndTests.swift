import Foundation
import SystemPackage
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    /// Saves that survive every way a board ends: quitting while photos load, signals, a
    /// killed client, a lost X server.
    @Suite(.timeLimit(.minutes(15)))
    struct Saving {
        /// Two photos on `server`, as `photo0.png` (red) and `photo1.png` (blue).
        static func photos(on server: XorgServer) throws -> [String] {
            try [TestPhoto.redGreen, .blueYellow].enumerated().map { index, photo in
                let path = server.directory.appendingPathComponent("photo\(index).png").path
                try photo.write(to: path)
                return path
            }
        }

        /// Opens the two photos, moves red to `target` with a finger that stays down (so no
        /// autosave can happen: the board is not at rest), runs `end`, and checks the board saved
        /// red where the finger left it.
        static func moveAndEnd(_ end: (MemoryBoard) throws -> Void, expecting status: Int32, line: String?) throws {
            let server = try XorgServer()
            defer { server.stop() }
            let paths = try photos(on: server)
            let target = (700.0, 430.0)
            do {
                let board = try MemoryBoard(on: server, paths, showing: [.redGreen, .blueYellow])
                let red = try #require(try board.measure(.redGreen))
                try board.press(at: (red.center.x, red.center.y), andMoveTo: target)
                _ = try waitFor("red to follow the finger") { () -> Bool? in
                    guard
                        let now = PrintMeasure(
                            try board.reader.screenshot(), left: TestPhoto.redGreen.left, right: TestPhoto.redGreen.right)
                    else { return nil }
                    return abs(now.center.x - target.0) <= 1 && abs(now.center.y - target.1) <= 1 ? true : nil
                }
                let before = try MemoryBoard.saved(paths[0], on: server)
                #expect(before.map { abs($0.placement.center.x - target.0) > 5 } ?? true, "saved before it ended: the test proves nothing")
                try end(board)
                let exit = try board.app.waitForExit(stall: .seconds(5))
                try? board.touch(.end, 1, target)
                #expect(exit == status, "exit status \(exit): \(board.app.standardError)")
                if let line { #expect(board.errorLines == [Substring(line)], "\(board.errorLines)") }
            }
            let saved = try #require(try MemoryBoard.saved(paths[0], on: server))
            #expect(
                abs(saved.placement.center.x - target.0) <= 1.5 && abs(saved.placement.center.y - target.1) <= 1.5, "\(saved.placement)")
            #expect(try MemoryBoard.saved(paths[1], on: server) != nil)
        }

        @Test func sigtermRightAfterAMoveLosesNothing() throws {
            try Self.moveAndEnd({ board in kill(board.app.pid, SIGTERM) }, expecting: 128 + SIGTERM, line: nil)
        }

        @Test func sighupAtLogoutLosesNothing() throws {
            try Self.moveAndEnd({ board in kill(board.app.pid, SIGHUP) }, expecting: 128 + SIGHUP, line: nil)
        }

        @Test func killingTheXServerLosesNothing() throws {
            try Self.moveAndEnd(
                { board in
                    board.reader.close()  // our own connection must not see the server vanish
                    board.server.crash()
                }, expecting: 1, line: "photoboard-x11: lost the connection to the X server")
        }

        @Test func killingTheWindowsClientLosesNothing() throws {
            try Self.moveAndEnd(
                { board in board.reader.killClient(owning: board.window) }, expecting: 1,
                line: "photoboard-x11: lost the connection to the X server")
        }

        @Test func quittingWhileAPhotoIsUpCloseKeepsWhereItLay() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let paths = try Self.photos(on: server)
            var lay: PrintMeasure?
            do {
                let board = try MemoryBoard(on: server, paths, showing: [.redGreen, .blueYellow])
                let red = try #require(try board.measure(.redGreen))
                lay = red
                try board.tap(at: (red.center.x, red.center.y))
                try board.tap(at: (red.center.x, red.center.y))  // double tap: up close
                let closeUp = try waitFor("the close-up") { () -> PrintMeasure? in
                    guard let now = try board.measure(.redGreen), abs(now.center.x - 640) < 3, abs(now.center.y - 400) < 3 else {
                        return nil
                    }
                    return now
                }
                #expect(!same(closeUp, red), "up close")
                try board.press(0x71)  // q, while it is up close
                #expect(try board.app.waitForExit(stall: .seconds(10)) == 0)
            }
            let board = try MemoryBoard(on: server, paths, showing: [.redGreen, .blueYellow])
            let reopened = try board.measure(.redGreen)
            #expect(same(reopened, lay), "where it lay, not its close-up: \(String(describing: reopened)) vs \(String(describing: lay))")
            try board.close()
        }

        @Test func quittingWhilePhotosLoadLosesNothing() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let folder = server.directory.appendingPathComponent("many").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let count = 60
            for index in 0..<count {
                try TestPhotos.write(
                    to: folder + "/p\(index).png", width: 600, height: 450, left: 0x80_8080 + UInt32(index), right: 0x40_4040)
            }
            // Without the thumbnail cache: opened from thumbnails, the second start would be over
            // too soon to quit in the middle of it.
            let noCache = server.directory.appendingPathComponent("no-cache").path
            try Data().write(to: URL(fileURLWithPath: noCache))
            do {  // Arranged once, all of them: wait for the save that follows loading.
                let board = try MemoryBoard(
                    on: server, [folder], showing: [], waitForRest: false, environment: ["XDG_CACHE_HOME": noCache])
                _ = try waitFor("every photo to be saved", stall: .seconds(60)) { () -> Bool? in
                    (try? MemoryBoard.savedMemory(server))?.count == count ? true : nil
                }
                try board.close()
            }
            let before = try #require(try MemoryBoard.savedMemory(server))
            // Each decode made to take at least 100 ms: loading shows its progress bar for seconds on
            // any machine. Quit in the middle of it, right after taking the top photo off the board.
            let board = try MemoryBoard(
                on: server, [folder], showing: [], waitForRest: false,
                environment: ["XDG_CACHE_HOME": noCache, DecodeHelper.testDelayVariable: "100"])
            _ = try waitFor("the loading bar", stall: .seconds(20), interval: .milliseconds(10)) { () -> Bool? in
                let pixel = try board.reader.pixels(x: 1, y: 798, width: 1, height: 1)[0]
                let (r, g, b) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
                return (110...165).contains(r) && (160...215).contains(g) && b >= 215 ? true : nil
            }
            try board.press(0xFF09)  // Tab: the top photo
            try board.press(0xFFFF)  // Delete
            try board.press(0x71)  // q
            #expect(try board.app.waitForExit(stall: .seconds(10)) == 0)
            let after = try #require(try MemoryBoard.savedMemory(server))
            #expect(after.count == count, "\(after.count) photos remembered of \(count)")
            let removed = after.entries.filter(\.isRemoved)
            #expect(removed.count == 1, "the top photo, taken off before quitting: \(removed.map(\.path))")
            for entry in before.entries where !removed.contains(where: { $0.path == entry.path }) {
                #expect(
                    after[entry.path]?.placement == entry.placement && after[entry.path]?.stack == entry.stack,
                    "\(entry.path.escaped): \(entry) became \(after[entry.path].map(String.init(describing:)) ?? "nothing")")
            }
        }
    }
}
