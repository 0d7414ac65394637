import Foundation
import Testing
import XBoard
import XorgHarness

extension EndToEnd {
    /// What a person sees when they close the board is what they find when they open it again,
    /// however the window's size came and went: fullscreen and back, a storm of resizes.
    @Suite(.timeLimit(.minutes(15)))
    struct TableSize {
        static let f11: UInt = 0xFFC8

        /// One red photo at `server`'s `photo0.png`.
        static func photo(on server: XorgServer) throws -> String {
            let path = server.directory.appendingPathComponent("photo0.png").path
            try TestPhoto.redGreen.write(to: path)
            return path
        }

        /// Waits for a save on a table of `size` holding the red print with its middle at `center`
        /// (in the window's points).
        static func waitForSave(on server: XorgServer, tableOf size: Size, center: (Double, Double)) throws {
            _ = try waitFor("a save on a \(size) table of the print at \(center)") { () -> Bool? in
                guard let memory = try? MemoryBoard.savedMemory(server), memory.boardSize == size,
                    let saved = memory.entries.first?.placement.center
                else { return nil }
                return abs(saved.x - center.0) <= 1.5 && abs(saved.y - center.1) <= 1.5 ? true : nil
            }
        }

        /// Reopens the board of `path` and checks the red print lies as it was `left`.
        static func reopen(_ path: String, on server: XorgServer, expecting left: PrintMeasure) throws {
            let memory = try #require(try MemoryBoard.savedMemory(server))
            #expect(memory.boardSize == Size(width: 1280, height: 800), "the table as it was left")
            #expect(memory.view == Rect(x: 0, y: 0, width: 1280, height: 800), "the part of the board the window showed as it was left")
            let board = try MemoryBoard(on: server, [path], showing: [.redGreen])
            let reopened = try board.measure(.redGreen)
            print("left \(left), reopened \(reopened.map(String.init(describing:)) ?? "missing")")
            #expect(same(reopened, left), "left \(left), reopened \(reopened.map(String.init(describing:)) ?? "missing")")
            #expect(board.errorLines.isEmpty, "\(board.errorLines)")
            try board.close()
        }

        /// The case: a 1280×800 window on a 1920×1080 screen, a print moved and saved while
        /// fullscreen, back in the window, closed: it opened 215 px away at two thirds its size.
        @Test func fullscreenAndBackThenReopenedThePrintIsWhereItWasLeft() throws {
            let server = try XorgServer(width: 1920, height: 1080)
            defer { server.stop() }
            let path = try Self.photo(on: server)
            let left: PrintMeasure
            do {
                let board = try MemoryBoard(on: server, [path], showing: [.redGreen])
                let windowed = try #require(board.reader.geometry(board.window))
                #expect(windowed.width == 1280 && windowed.height == 800)
                let opened = try #require(try board.measure(.redGreen))
                try Self.waitForSave(
                    on: server, tableOf: Size(width: 1280, height: 800),
                    center: (opened.center.x - Double(windowed.x), opened.center.y - Double(windowed.y)))
                // Moved while fullscreen: the save a second later is made on a 1920×1080 table.
                try board.press(Self.f11)
                _ = try waitFor("fullscreen") { board.reader.geometry(board.window)?.width == 1920 ? true : nil }
                let fullscreen = try #require(board.reader.geometry(board.window))
                let moved = try board.place(.redGreen, at: (Double(fullscreen.x) + 420, Double(fullscreen.y) + 330))
                try Self.waitForSave(
                    on: server, tableOf: Size(width: 1920, height: 1080),
                    center: (moved.center.x - Double(fullscreen.x), moved.center.y - Double(fullscreen.y)))
                // Back in the window, nothing moved.
                try board.press(Self.f11)
                _ = try waitFor("the window again") { board.reader.geometry(board.window)?.width == 1280 ? true : nil }
                left = try #require(try board.measure(.redGreen))
                try board.close()
            }
            try Self.reopen(path, on: server, expecting: left)
        }

        @Test func aStormOfResizesThenReopenedThePrintIsWhereItWasLeft() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let path = try Self.photo(on: server)
            let left: PrintMeasure
            do {
                let board = try MemoryBoard(on: server, [path], showing: [.redGreen])
                let red = try #require(try board.measure(.redGreen))
                try Self.waitForSave(on: server, tableOf: Size(width: 1280, height: 800), center: red.center)
                let target = (480.0, 330.0)
                try board.press(at: (red.center.x, red.center.y), andMoveTo: target)
                // A window edge dragged back and forth as a person does, at about 30 Hz.
                for (width, height) in [(1100, 760), (900, 640), (700, 520), (820, 600), (1000, 700)] {
                    board.reader.resize(board.window, width: width, height: height)
                    pause(.milliseconds(33))
                }
                try board.touch(.end, 1, target)
                let held = try #require(try board.measure(.redGreen))
                try Self.waitForSave(on: server, tableOf: Size(width: 1000, height: 700), center: held.center)
                for (width, height) in [(1240, 790), (760, 560), (1160, 720), (1280, 800)] {
                    board.reader.resize(board.window, width: width, height: height)
                    pause(.milliseconds(33))
                }
                _ = try waitFor("the window's own size again") { board.reader.geometry(board.window)?.height == 800 ? true : nil }
                left = try #require(try board.measure(.redGreen))
                try board.close()
            }
            try Self.reopen(path, on: server, expecting: left)
        }
    }
}
