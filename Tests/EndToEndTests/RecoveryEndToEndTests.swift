import Foundation
import SystemPackage
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    /// The arrangement is never lost: a damaged memory file keeps every intact place (and is
    /// kept aside, each damage on its own), `--export` changes nothing on disk, and a folder
    /// moved or renamed reopens as it was arranged.
    @Suite(.timeLimit(.minutes(15)))
    struct Recovery {
        static let photos: [(String, TestPhoto)] = [("a.png", .redGreen), ("b.png", .blueYellow), ("c.png", .cyanMagenta)]

        /// A folder of the three photos, arranged by hand and closed; the places they were left at.
        static func arrangedFolder(on server: XorgServer, named name: String) throws -> (String, [String: PrintMeasure]) {
            let folder = server.directory.appendingPathComponent(name).path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (file, photo) in photos { try photo.write(to: folder + "/" + file) }
            var arranged: [String: PrintMeasure] = [:]
            let board = try MemoryBoard(on: server, [folder], showing: photos.map(\.1))
            board.place(.redGreen, (300, 220), into: &arranged)
            board.place(.cyanMagenta, (980, 220), into: &arranged)
            // The last drag is saved over a memory that already holds the first two where they were
            // left, so the last good copy (the file as it was before that save) has them there too,
            // and b.png's place. Waited for, not left to how long the drags take: the board saves a
            // second after it rests, and drags closer together are saved once.
            try waitForSave(on: server, placing: ["a.png": (300, 220), "c.png": (980, 220)], in: ".json")
            board.place(.blueYellow, (640, 590), into: &arranged)
            try waitForSave(on: server, placing: ["a.png": (300, 220), "c.png": (980, 220)], in: ".json.previous")
            for (_, photo) in photos { arranged["\(photo)"] = try board.measure(photo) }
            try board.close()
            return (folder, arranged)
        }

        /// Waits until the boards folder has a file ending in `suffix` that places each of `files`
        /// (by name) with its middle within 3 px of the point given.
        static func waitForSave(on server: XorgServer, placing files: [String: (Double, Double)], in suffix: String) throws {
            let folder = MemoryBoard.boardsFolder(server).path
            _ = try waitFor("a saved memory (*\(suffix)) placing \(files)", stall: .seconds(10), interval: .milliseconds(50)) {
                () -> Bool? in
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                return names.contains { name in
                    guard name.hasSuffix(suffix), let data = FileManager.default.contents(atPath: folder + "/" + name),
                        let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                        let photos = document["photos"] as? [[String: Any]]
                    else { return false }
                    return files.allSatisfy { file, point in
                        photos.contains { photo in
                            guard let path = photo["path"] as? String, path.hasSuffix("/" + file),
                                let placement = photo["placement"] as? [Double], placement.count == 6
                            else { return false }
                            return abs(placement[4] - point.0) <= 3 && abs(placement[5] - point.1) <= 3
                        }
                    }
                } ? true : nil
            }
        }

        /// The memory file of the one board on `server`.
        static func memoryFile(_ server: XorgServer) throws -> String {
            let folder = MemoryBoard.boardsFolder(server).path
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".json") })
            return folder + "/" + name
        }

        /// Every file in the boards folder with its bytes.
        static func boardFiles(_ server: XorgServer) throws -> [String: Data] {
            let folder = MemoryBoard.boardsFolder(server).path
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            }
            return files
        }

        /// `photoboard-x11 --export` of `folder` with the server's state; its standard error.
        static func export(_ folder: String, on server: XorgServer) throws -> String {
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = nil
            environment["XDG_STATE_HOME"] = server.directory.appendingPathComponent("state").path
            let stderr = server.directory.appendingPathComponent("export-stderr.txt").path
            let process = try ChildProcess(
                path: BoardSession.binaryPath, arguments: ["--export", server.directory.appendingPathComponent("out.png").path, folder],
                environment: environment, stdoutPath: server.directory.appendingPathComponent("export-stdout.txt").path,
                stderrPath: stderr)
            #expect(try process.waitForExit(stall: .seconds(20)) == 0)
            return try String(contentsOfFile: stderr, encoding: .utf8)
        }

        @Test func aDamagedMemoryKeepsEveryIntactPlaceAndEachDamageIsKeptApart() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let (folder, arranged) = try Self.arrangedFolder(on: server, named: "trip")
            let file = try Self.memoryFile(server)
            // One number of b.png's placement becomes NaN (as a hand edit or another tool leaves it).
            var text = try String(contentsOfFile: file, encoding: .utf8)
            let entry = try #require(text.range(of: "b.png"))
            let placement = try #require(text.range(of: "\"placement\" : [", range: entry.upperBound..<text.endIndex))
            let digit = try #require(text[placement.upperBound...].firstIndex { $0.isNumber || $0 == "-" })
            text.replaceSubrange(digit...digit, with: "NaN")
            try text.write(toFile: file, atomically: false, encoding: .utf8)
            let damaged = try Data(contentsOf: URL(fileURLWithPath: file))

            // --export reads around the damage and changes nothing on disk.
            let before = try Self.boardFiles(server)
            let exported = try Self.export(folder, on: server)
            // b.png's place comes from the last good copy (written before the last drag's save).
            let kept = "kept 3 of 3 photos' places, 1 of them from the last good copy"
            #expect(exported.contains("damaged at byte") && exported.contains(kept), "\(exported)")
            #expect(exported.contains("the file is left as it is") && !exported.contains("not a board this program wrote"), "\(exported)")
            #expect(try Self.boardFiles(server) == before)

            do {
                let board = try MemoryBoard(on: server, [folder], showing: Self.photos.map(\.1))
                for photo in [TestPhoto.redGreen, .cyanMagenta] {
                    #expect(same(try board.measure(photo), arranged["\(photo)"]), "\(photo)")
                }
                let lines = board.errorLines
                #expect(lines.count == 1 && lines[0].contains(kept) && lines[0].hasSuffix(file + ".unreadable"), "\(lines)")
                try board.close()
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: file + ".unreadable")) == damaged)

            // Damaged again (cut off mid-way): the first copy kept aside is still there.
            let whole = try Data(contentsOf: URL(fileURLWithPath: file))
            try whole.prefix(whole.count * 2 / 3).write(to: URL(fileURLWithPath: file))
            do {
                let board = try MemoryBoard(on: server, [folder], showing: Self.photos.map(\.1))
                #expect(same(try board.measure(.redGreen), arranged["\(TestPhoto.redGreen)"]))
                #expect(board.errorLines.count == 1 && board.errorLines[0].hasSuffix(file + ".unreadable-2"), "\(board.errorLines)")
                try board.close()
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: file + ".unreadable")) == damaged)
        }

        @Test func aFolderMovedOrRenamedReopensAsArranged() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let (folder, arranged) = try Self.arrangedFolder(on: server, named: "trip")
            let moved = server.directory.appendingPathComponent("2024 trip").path
            try FileManager.default.moveItem(atPath: folder, toPath: moved)
            do {
                let board = try MemoryBoard(on: server, [moved], showing: Self.photos.map(\.1))
                for (_, photo) in Self.photos {
                    #expect(same(try board.measure(photo), arranged["\(photo)"]), "\(photo)")
                }
                let old = System.canonicalPath(FilePath(server.directory.path)).appending("trip").string
                #expect(
                    board.errorLines.count == 1
                        && board.errorLines[0].contains("the arrangement of \(old) — the folder was moved or renamed"),
                    "\(board.errorLines)")
                try board.close()
            }
            // From then on it is the moved folder's own memory: no line, the same places.
            let board = try MemoryBoard(on: server, [moved], showing: Self.photos.map(\.1))
            for (_, photo) in Self.photos { #expect(same(try board.measure(photo), arranged["\(photo)"]), "\(photo)") }
            #expect(board.errorLines.isEmpty, "\(board.errorLines)")
            try board.close()
        }
    }
}
