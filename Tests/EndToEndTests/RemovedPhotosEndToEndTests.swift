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

        /// Opens the two photos, takes red off the board, and closes; returns where red lay.
        static func removeRed(on server: XorgServer, paths: [String]) throws -> PrintMeasure {
            let board = try MemoryBoard(on: server, paths, showing: [.redGreen, .blueYellow])
            let red = try #require(try board.measure(.redGreen))
            try Self.takeOff(.redGreen, from: board)
            try board.close()
            return red
        }

        /// Brings the photo to the front with a tap, selects it (Tab: the top photo) and takes it
        /// off the board (Delete).
        static func takeOff(_ photo: TestPhoto, from board: MemoryBoard) throws {
            let shown = try #require(try board.measure(photo))
            try board.tap(at: (shown.center.x, shown.center.y))  // to the front
            try board.rest()
            try board.press(0xFF09)  // Tab: the top photo
            try board.press(0xFFFF)  // Delete
            _ = try waitFor("\(photo) to leave the board") { try board.measure(photo) == nil ? true : nil }
        }

        /// Taken off, a photo stays off the next time the board opens; the removed photos list
        /// shows it and a tap puts it back where it lay; taken off again and dropped on the
        /// board, it lands where it was dropped, and stays there the next time. (Which photo the
        /// list holds and that a tap on its slot puts it back are the session's:
        /// `BoardSessionTests.aTapOnTheRemovedPhotosListPutsThePhotoBackAndMovesNothingElse`.)
        @Test func aRemovedPhotoStaysOffAndComesBackFromTheListWhereItLayOrWhereItIsDropped() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let paths = try Self.photos(on: server)
            let lay = try Self.removeRed(on: server, paths: paths)
            do {
                let board = try MemoryBoard(on: server, paths, showing: [.blueYellow])
                #expect(try board.measure(.redGreen) == nil, "taken off, it stays off")
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
                #expect(same(back, lay), "\(back) vs \(lay)")
                // Off again; dropped, it lands where it was dropped.
                try Self.takeOff(.redGreen, from: board)
                #expect(try board.reader.dropFiles([paths[0]], onto: board.window, at: (x: 420, y: 260)))
                let dropped = try waitFor("red to come back") { try board.measure(.redGreen) }
                #expect(abs(dropped.center.x - 420) <= 2 && abs(dropped.center.y - 260) <= 2, "\(dropped)")
                try board.close()
            }
            let board = try MemoryBoard(on: server, paths, showing: [.redGreen, .blueYellow])
            let kept = try #require(try board.measure(.redGreen))
            #expect(abs(kept.center.x - 420) <= 2 && abs(kept.center.y - 260) <= 2, "back for good: \(kept)")
            #expect(board.errorLines.isEmpty, "\(board.errorLines)")
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
