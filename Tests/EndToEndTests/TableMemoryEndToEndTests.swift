import Foundation
import Testing
import XBoard
import XorgHarness

extension EndToEnd {
    /// The view onto the board is remembered: zoomed and panned, fullscreen and back, closed and
    /// opened again, the board shows the same part of itself — at the same pixels in a window of
    /// the same size, fitted whole and centred in a window of another.
    @Suite(.timeLimit(.minutes(15)))
    struct TableMemory {
        static let control: UInt = 0xFFE3, minus: UInt = 0x2D, f11: UInt = 0xFFC8
        static let markers: [TestPhoto] = [.redGreen, .blueYellow]

        /// The two marker photos, written on `server`.
        static func photos(on server: XorgServer) throws -> [String] {
            try markers.enumerated().map { index, photo in
                let path = server.directory.appendingPathComponent("photo\(index).png").path
                try photo.write(to: path)
                return path
            }
        }

        /// A point of the bare table in the lower half of the window `frame`, clear of every
        /// print in `measures` (screen pixels).
        static func bareTable(in frame: (x: Int, y: Int, width: Int, height: Int), clearOf measures: [PrintMeasure]) throws
            -> (Double, Double)
        {
            let candidates = stride(from: 0.1, through: 0.9, by: 0.1).flatMap { fx in
                [0.9, 0.75, 0.6].map { fy in (Double(frame.x) + fx * Double(frame.width), Double(frame.y) + fy * Double(frame.height)) }
            }
            return try #require(
                candidates.first { point in
                    measures.allSatisfy { hypot(point.0 - $0.center.x, point.1 - $0.center.y) > 2 * $0.span + 40 }
                })
        }

        /// Waits for a save whose view puts each marker's remembered middle where it shows now
        /// (`shown`, screen pixels, in the window `frame`): the save of what is on the screen.
        static func waitForSave(
            on server: XorgServer, paths: [String], frame: (x: Int, y: Int, width: Int, height: Int), shown: [PrintMeasure]
        ) throws -> Rect {
            var last = "nothing saved"
            return try waitFor("a save of the view shown (last: \(last))", stall: .seconds(15)) { () -> Rect? in
                guard let memory = try? MemoryBoard.savedMemory(server), let view = memory.view else { return nil }
                let zoom = Double(frame.width) / view.size.width
                var isShown = true
                for (path, measure) in zip(paths, shown) {
                    guard let center = try? MemoryBoard.saved(path, on: server)?.placement.center else { return nil }
                    let x = Double(frame.x) + (center.x - view.minX) * zoom, y = Double(frame.y) + (center.y - view.minY) * zoom
                    last = "\(view): a print's middle at (\(x), \(y)), shown at \(measure.center)"
                    if abs(x - measure.center.x) > 2 || abs(y - measure.center.y) > 2 { isShown = false }
                }
                return isShown ? view : nil
            }
        }

        @Test func theViewComesBackAfterAReopenAndInAnotherWindowSize() throws {
            let server = try XorgServer(width: 1920, height: 1200)
            defer { server.stop() }
            let paths = try Self.photos(on: server)
            let frame: (x: Int, y: Int, width: Int, height: Int)
            let left: [PrintMeasure]
            do {
                let board = try MemoryBoard(on: server, paths, showing: Self.markers)
                let geometry = try #require(board.reader.geometry(board.window))
                frame = (geometry.x, geometry.y, geometry.width, geometry.height)
                let opened = try Self.markers.map { try #require(try board.measure($0)) }
                // Ctrl+minus: the table zooms out a step (1 / 1.25) about the window's middle.
                try board.press(Self.minus, with: [Self.control])
                let zoomed = try waitFor("the table to zoom out", stall: .seconds(10)) { () -> [PrintMeasure]? in
                    let now = try Self.markers.map { try board.measure($0) }.compactMap { $0 }
                    guard now.count == 2, zip(now, opened).allSatisfy({ abs($0.span - $1.span * 0.8) <= 1.5 }) else { return nil }
                    return now
                }
                // One finger drags the bare table: both prints follow it.
                let from = try Self.bareTable(in: frame, clearOf: zoomed)
                let to = (from.0 + 120, from.1 + 60)
                try board.press(at: from, andMoveTo: to)
                pause(.milliseconds(150))
                try board.touch(.end, 1, to)
                pause(.seconds(1))  // the controls a finger on the table brought fade
                left = try Self.markers.map { try #require(try board.measure($0)) }
                for (before, after) in zip(zoomed, left) {
                    #expect(abs(after.center.x - before.center.x - 120) <= 3 && abs(after.center.y - before.center.y - 60) <= 3)
                    #expect(abs(after.span - before.span) <= 1.5)
                }
                // Fullscreen and back: the window's corner keeps its board point and the zoom stays,
                // so nothing moves, and the part shown is the one left before.
                try board.press(Self.f11)
                _ = try waitFor("fullscreen") { board.reader.geometry(board.window)?.width == 1920 ? true : nil }
                try board.rest()
                try board.press(Self.f11)
                _ = try waitFor("the window again") { board.reader.geometry(board.window)?.width == 1280 ? true : nil }
                let again = try #require(board.reader.geometry(board.window))
                #expect(again.x == frame.x && again.y == frame.y)
                let back = try Self.markers.map { try board.measure($0) }
                for (now, then) in zip(back, left) {
                    #expect(same(now, then), "before fullscreen \(then), after \(now.map(String.init(describing:)) ?? "missing")")
                }
                let view = try Self.waitForSave(on: server, paths: paths, frame: frame, shown: left)
                #expect(abs(view.size.width - 1600) < 1 && abs(view.size.height - 1000) < 1, "\(view)")
                try board.reader.screenshot().savePNG(to: server.directory.appendingPathComponent("left.png").path)
                try board.close()
            }
            // The same window: the same part of the board, the prints at the same pixels.
            do {
                let board = try MemoryBoard(on: server, paths, showing: Self.markers)
                let reopened = try Self.markers.map { try board.measure($0) }
                for (now, then) in zip(reopened, left) {
                    #expect(same(now, then), "left \(then), reopened \(now.map(String.init(describing:)) ?? "missing")")
                }
                #expect(board.errorLines.isEmpty, "\(board.errorLines)")
                try board.reader.screenshot().savePNG(to: server.directory.appendingPathComponent("reopened.png").path)
                try board.close()
            }
            // A window half as large again: the same part, fitted, so everything is 1.5 times.
            do {
                let board = try MemoryBoard(on: server, paths, showing: Self.markers, geometry: "1920x1200")
                let big = try #require(board.reader.geometry(board.window))
                #expect(big.width == 1920 && big.height == 1200)
                for (photo, then) in zip(Self.markers, left) {
                    let now = try #require(try board.measure(photo))
                    let x = Double(big.x) + (then.center.x - Double(frame.x)) * 1.5
                    let y = Double(big.y) + (then.center.y - Double(frame.y)) * 1.5
                    #expect(abs(now.center.x - x) <= 3 && abs(now.center.y - y) <= 3, "\(photo): \(now), want (\(x), \(y))")
                    #expect(abs(now.span - then.span * 1.5) <= 2, "\(photo): \(now) against \(then) × 1.5")
                }
                try board.reader.screenshot().savePNG(to: server.directory.appendingPathComponent("larger.png").path)
                try board.close()
            }
        }
    }
}
