import Foundation
import SystemPackage
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    /// Memory that follows the photos: a folder reopens as arranged whatever happened to its
    /// files, stored numbers are checked, and two windows on one board both keep their changes.
    @Suite(.timeLimit(.minutes(15)))
    struct Memory {
        @Test func anArrangedFolderReopensExactlyAfterRenamingDeletingAndAddingFiles() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let folder = server.directory.appendingPathComponent("trip").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (name, photo) in [("a.png", TestPhoto.redGreen), ("b.png", .blueYellow), ("c.png", .cyanMagenta)] {
                try photo.write(to: folder + "/" + name)
            }
            // Arranged by hand: three places apart from one another.
            var arranged: [String: PrintMeasure] = [:]
            do {
                let board = try MemoryBoard(on: server, [folder], showing: [.redGreen, .blueYellow, .cyanMagenta])
                board.place(.redGreen, (300, 220), into: &arranged)
                board.place(.cyanMagenta, (980, 220), into: &arranged)
                board.place(.blueYellow, (640, 590), into: &arranged)
                for photo in [TestPhoto.redGreen, .cyanMagenta, .blueYellow] { arranged["\(photo)"] = try board.measure(photo) }
                try board.close()
            }
            // Renamed, deleted, added.
            try FileManager.default.moveItem(atPath: folder + "/a.png", toPath: folder + "/z-renamed.png")
            try FileManager.default.removeItem(atPath: folder + "/c.png")
            try TestPhoto.orangePurple.write(to: folder + "/d.png")
            do {
                // (The new photo may lie over the renamed one: it is tossed in on top.)
                let board = try MemoryBoard(on: server, [folder], showing: [.blueYellow, .orangePurple])
                // The new photo is tossed in where a fresh layout puts it, on top.
                let tossed = TossedLayout(count: 3, boardSize: Size(width: 1280, height: 800), seed: 7)
                    .photo(at: 1, id: PhotoID(1), pixelSize: Size(width: 300, height: 400))
                let orange = try #require(try board.measure(.orangePurple))
                #expect(
                    abs(orange.center.x - tossed.center.x) <= 2 && abs(orange.center.y - tossed.center.y) <= 2,
                    "\(orange) vs \(tossed.center)")
                // Taken off again, so nothing covers the others while they are measured.
                try board.press(0xFF09)  // Tab: the top photo
                try board.press(0xFFFF)  // Delete
                _ = try waitFor("the new photo to leave") { try board.measure(.orangePurple) == nil ? true : nil }
                for photo in [TestPhoto.redGreen, .blueYellow] {
                    let now = try board.measure(photo)
                    #expect(
                        same(now, arranged["\(photo)"]),
                        "\(photo): \(now.map(String.init(describing:)) ?? "missing") vs \(arranged["\(photo)"].map(String.init(describing:)) ?? "?")"
                    )
                }
                #expect(try board.measure(.cyanMagenta) == nil)
                #expect(board.errorLines.isEmpty, "\(board.errorLines)")
                try board.close()
            }
            // The deleted file comes back: it lies where it was.
            try TestPhoto.cyanMagenta.write(to: folder + "/c.png")
            do {
                let board = try MemoryBoard(on: server, [folder], showing: [.redGreen, .blueYellow, .cyanMagenta])
                for photo in [TestPhoto.redGreen, .blueYellow, .cyanMagenta] {
                    let now = try board.measure(photo)
                    #expect(same(now, arranged["\(photo)"]), "\(photo): \(now.map(String.init(describing:)) ?? "missing")")
                }
                #expect(try board.measure(.orangePurple) == nil, "taken off, it stays off")
                try board.close()
            }
        }

        @Test func aLayoutWithAbsurdNumbersOpensWithOneLineAndTheRestRestored() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let red = server.directory.appendingPathComponent("photo0.png").path,
                blue = server.directory.appendingPathComponent("photo1.png").path
            try TestPhoto.redGreen.write(to: red)
            try TestPhoto.blueYellow.write(to: blue)
            let canonical = [red, blue].map { System.canonicalPath(FilePath($0)) }
            // What the board would lay them out at, so the blue one's remembered size is exact.
            let tossed = TossedLayout(count: 2, boardSize: Size(width: 1280, height: 800), seed: 7)
            let blueSize = tossed.photo(at: 1, id: PhotoID(1), pixelSize: Size(width: 300, height: 400)).size.longEdge
            let text = """
                {"format":"photoboard","version":2,"boardWidth":1280,"boardHeight":800,"photos":[
                {"path":"\(canonical[0].string)","baseLongEdge":1e300,"placement":[1e200,0,0,1e200,1e250,-1e250],
                 "initialPlacement":[1e300,1e300,1e300,1e300,1e300,1e300],"stack":1e308},
                {"path":"\(canonical[1].string)","baseLongEdge":\(blueSize),"placement":[1,0,0,1,900,380],"initialPlacement":[1,0,0,1,900,380],"stack":0}
                ]}
                """
            let folder = MemoryBoard.boardsFolder(server)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent(BoardIdentity.named(canonical).key + ".json"))

            let board = try MemoryBoard(on: server, [red, blue], showing: [.redGreen, .blueYellow])
            let lines = board.errorLines
            #expect(lines.count == 1 && lines[0].contains("photo0.png") && lines[0].contains("1e+300"), "\(lines)")
            let restored = try #require(try board.measure(.blueYellow))
            #expect(abs(restored.center.x - 900) <= 2 && abs(restored.center.y - 380) <= 2, "\(restored)")
            let fresh = try #require(try board.measure(.redGreen))
            let expected = tossed.photo(at: 0, id: PhotoID(0), pixelSize: Size(width: 400, height: 300)).center
            #expect(abs(fresh.center.x - expected.x) <= 2 && abs(fresh.center.y - expected.y) <= 2, "laid out anew: \(fresh)")
            try board.close()
            // Saved back sane: the next start says nothing.
            let again = try MemoryBoard(on: server, [red, blue], showing: [.redGreen, .blueYellow])
            #expect(again.errorLines.isEmpty, "\(again.errorLines)")
            #expect(same(try again.measure(.redGreen), fresh))
            try again.close()
        }

        @Test func twoWindowsOnTheSamePhotosMergePhotoByPhoto() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let paths = try [TestPhoto.redGreen, .blueYellow].enumerated().map { index, photo in
                let path = server.directory.appendingPathComponent("photo\(index).png").path
                try photo.write(to: path)
                return path
            }
            do {  // A first run, so both windows open a remembered board.
                let board = try MemoryBoard(on: server, paths, showing: [.redGreen, .blueYellow])
                try board.close()
            }
            let first = try MemoryBoard(on: server, paths, showing: [.redGreen, .blueYellow])
            let second = try MemoryBoard(on: server, paths, showing: [.redGreen, .blueYellow])
            // The second window lies over the first: hide it to work in the first.
            second.reader.setMapped(second.window, false)
            try second.app.waitUntilItStopsWaking()
            let red = try first.place(.redGreen, at: (330, 560))
            second.reader.setMapped(second.window, true)
            try second.rest()
            let blue = try second.place(.blueYellow, at: (1000, 300))
            // The first closes last but one; the second, which never moved red, closes last.
            try first.close()
            try second.close()
            let reopened = try MemoryBoard(on: server, paths, showing: [.redGreen, .blueYellow])
            #expect(same(try reopened.measure(.redGreen), red), "red, moved in the first window")
            #expect(same(try reopened.measure(.blueYellow), blue), "blue, moved in the second window")
            try reopened.close()
        }
    }
}

extension MemoryBoard {
    /// Places a photo and records where it came to rest under its name; a failure is recorded
    /// as a test issue.
    func place(_ photo: TestPhoto, _ target: (Double, Double), into arranged: inout [String: PrintMeasure]) {
        do {
            arranged["\(photo)"] = try place(photo, at: target)
        } catch {
            Issue.record(error)
        }
    }
}
