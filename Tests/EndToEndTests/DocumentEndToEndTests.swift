import Foundation
import SystemPackage
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    /// Board documents: Ctrl+Shift+S saves `NAME.photoboard` beside the photos, paths relative
    /// to it, so the folder and its board move together; missing pictures are said and keep
    /// their places.
    @Suite(.timeLimit(.minutes(15)))
    struct Documents {
        @Test func aDocumentMovedWithItsFolderOpensAsSaved() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let folder = server.directory.appendingPathComponent("trip").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try TestPhoto.redGreen.write(to: folder + "/red.png")
            try TestPhoto.blueYellow.write(to: folder + "/blue.png")
            var red: PrintMeasure?, blue: PrintMeasure?
            do {
                let board = try MemoryBoard(on: server, [folder], showing: [.redGreen, .blueYellow])
                red = try board.place(.redGreen, at: (360, 300))
                blue = try board.measure(.blueYellow)
                try board.press(0x53, with: [0xFFE3, 0xFFE1])  // Ctrl+Shift+S
                // The board writes the document, then says where: wait for both.
                _ = try waitFor("the document and the line saying where") {
                    FileManager.default.fileExists(atPath: folder + "/trip.photoboard") && !board.errorLines.isEmpty ? true : nil
                }
                #expect(
                    board.errorLines.count == 1
                        && board.errorLines[0].hasSuffix("saved the board as \(System.canonicalPath(FilePath(folder)))/trip.photoboard"),
                    "\(board.errorLines)")
                try board.close()
            }
            let text = try String(contentsOfFile: folder + "/trip.photoboard", encoding: .utf8)
            #expect(
                text.contains(#""path" : "red.png""#) && !text.contains(server.directory.path), "paths relative to the document: \(text)")
            // An ordinary file, readable by those it is shared with: 0644 less the umask the board inherited.
            let mask = umask(0o022)
            umask(mask)
            let mode = try FileManager.default.attributesOfItem(atPath: folder + "/trip.photoboard")[.posixPermissions] as? Int
            #expect(mode == 0o644 & ~Int(mask), "mode \(String(mode ?? 0, radix: 8))")
            // The folder moves, with its board inside; one picture goes missing.
            let moved = server.directory.appendingPathComponent("moved-trip").path
            try FileManager.default.moveItem(atPath: folder, toPath: moved)
            try FileManager.default.removeItem(atPath: moved + "/blue.png")
            do {
                let board = try MemoryBoard(on: server, [moved + "/trip.photoboard"], showing: [.redGreen])
                #expect(same(try board.measure(.redGreen), red), "red where it was saved")
                #expect(board.errorLines.count == 1 && board.errorLines[0].contains("\(moved)/blue.png: missing"), "\(board.errorLines)")
                try board.close()
            }
            // The missing picture returns: it lies in its place.
            try TestPhoto.blueYellow.write(to: moved + "/blue.png")
            let board = try MemoryBoard(on: server, [moved + "/trip.photoboard"], showing: [.redGreen, .blueYellow])
            let (redNow, blueNow) = (try board.measure(.redGreen), try board.measure(.blueYellow))
            #expect(same(redNow, red) && same(blueNow, blue), "\(String(describing: redNow)), \(String(describing: blueNow))")
            #expect(board.errorLines.isEmpty, "\(board.errorLines)")
            try board.close()
        }

        @Test func aDocumentDroppedOnABoardOpensInAWindowOfItsOwn() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let folder = server.directory.appendingPathComponent("set").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try TestPhoto.cyanMagenta.write(to: folder + "/cyan.png")
            do {
                let board = try MemoryBoard(on: server, [folder], showing: [.cyanMagenta])
                try board.place(.cyanMagenta, at: (900, 520))
                try board.press(0x53, with: [0xFFE3, 0xFFE1])  // Ctrl+Shift+S
                _ = try waitFor("the document") { FileManager.default.fileExists(atPath: folder + "/set.photoboard") ? true : nil }
                try board.close()
            }
            let other = server.directory.appendingPathComponent("photo.png").path
            try TestPhoto.redGreen.write(to: other)
            let board = try MemoryBoard(on: server, [other], showing: [.redGreen])
            #expect(try board.reader.dropFiles([folder + "/set.photoboard"], onto: board.window, at: (x: 300, y: 300)))
            // A second board process shows the document's photo where it was saved.
            let settled = try waitFor("the document's photo in a new window", stall: .seconds(20)) { () -> PrintMeasure? in
                guard
                    let now = PrintMeasure(
                        try board.reader.screenshot(), left: TestPhoto.cyanMagenta.left, right: TestPhoto.cyanMagenta.right),
                    abs(now.center.x - 900) <= 2, abs(now.center.y - 520) <= 2
                else { return nil }
                return now
            }
            #expect(abs(settled.center.x - 900) <= 2)
            try board.close()
            // The new window is another process; end it by its window's close button.
            let pids = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init)
            for pid in pids where pid > board.app.pid {
                guard let window = board.reader.window(ofProcess: pid) else { continue }
                board.reader.requestClose(window)
            }
        }
    }
}
