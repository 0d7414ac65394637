import Foundation
import SystemPackage
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    /// A photo taken off the board stays off when the board opens again, and comes back when it
    /// is dropped on the board or tapped in the removed photos list.
    @Suite(.timeLimit(.minutes(15)))
    struct RemovedPhotos {
        static func photos(on server: XorgServer) throws -> [String] {
            try Saving.photos(on: server)
        }

        /// Opens the two photos, takes red off the board, and closes.
        static func removeRed(on server: XorgServer, paths: [String]) throws {
            let board = try MemoryBoard(on: server, paths, showing: [.redGreen, .blueYellow])
            let red = try #require(try board.measure(.redGreen))
            try board.tap(at: (red.center.x, red.center.y))  // to the front
            try board.rest()
            try board.press(0xFF09)  // Tab: the top photo, red
            try board.press(0xFFFF)  // Delete
            _ = try waitFor("red to leave the board") { try board.measure(.redGreen) == nil ? true : nil }
            try board.close()
        }

        @Test func aRemovedPhotoStaysOffAndReturnsWhenDropped() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let paths = try Self.photos(on: server)
            try Self.removeRed(on: server, paths: paths)
            do {
                let board = try MemoryBoard(on: server, paths, showing: [.blueYellow])
                #expect(try board.measure(.redGreen) == nil, "taken off, it stays off")
                #expect(try board.reader.dropFiles([paths[0]], onto: board.window, at: (x: 420, y: 260)))
                let back = try waitFor("red to come back") { try board.measure(.redGreen) }
                #expect(abs(back.center.x - 420) <= 2 && abs(back.center.y - 260) <= 2, "\(back)")
                try board.close()
            }
            let board = try MemoryBoard(on: server, paths, showing: [.redGreen, .blueYellow])
            let kept = try #require(try board.measure(.redGreen))
            #expect(abs(kept.center.x - 420) <= 2 && abs(kept.center.y - 260) <= 2, "back for good: \(kept)")
            #expect(board.errorLines.isEmpty, "\(board.errorLines)")
            try board.close()
        }

        @Test func theRemovedPhotosListPutsATappedPhotoBackWhereItLay() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let paths = try Self.photos(on: server)
            var before: PrintMeasure?
            do {
                let board = try MemoryBoard(on: server, paths, showing: [.redGreen, .blueYellow])
                before = try board.measure(.redGreen)
                try board.close()
            }
            try Self.removeRed(on: server, paths: paths)
            let board = try MemoryBoard(on: server, paths, showing: [.blueYellow])
            try board.press(0x72)  // r: the list along the bottom edge
            // The list as the board lays it out, with red its only photo.
            let shelf = RemovedShelf(
                entries: [RemovedShelf.Entry(photo: PhotoID(0), pictureSize: Size(width: 400, height: 300), name: "photo0.png")],
                in: Size(width: 1280, height: 800), scale: 1)
            let slot = try #require(shelf.slots.first)
            let shot = try board.rest()
            #expect(
                shot.blob(of: TestPhoto.redGreen.left).map { slot.frame.contains(Point(x: $0.centroid.x, y: $0.centroid.y)) } == true,
                "red's thumbnail shows in its slot")
            print("screenshot: \(try shot.savePNG(toScreenshotNamed: "removed-photos-list"))")
            try board.tap(at: (slot.frame.center.x, slot.frame.center.y))
            let back = try waitFor("red to come back") { () -> PrintMeasure? in
                try board.press(0xFF1B)  // Esc closes the list, so it covers nothing
                return try board.measure(.redGreen)
            }
            #expect(same(back, before), "\(back) vs \(before.map(String.init(describing:)) ?? "?")")
            try board.close()
        }
    }
}

extension Screenshot {
    /// Saves the screenshot under `.build/screenshots` for a person to look at; returns the path.
    func savePNG(toScreenshotNamed name: String) throws -> String {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/screenshots")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("\(name).png").path
        try savePNG(to: path)
        return path
    }
}
