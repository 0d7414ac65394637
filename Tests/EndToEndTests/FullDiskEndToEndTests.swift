import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    /// The state folder on a disk that fills up: nothing is lost without a word — said when the
    /// board ends (and in its exit status), shown on the board while it runs, and saved by the
    /// board itself once there is room again.
    @Suite(.timeLimit(.minutes(15)))
    struct FullDisk {
        /// A board of the red photo (and `more`) whose state folder is on `disk`, once its save
        /// after opening is written: the board, the memory file and its bytes.
        static func opened(on server: XorgServer, disk: SmallDisk, more: [TestPhoto] = [], environment: [String: String] = [:]) throws
            -> (board: MemoryBoard, file: String, bytes: Data)
        {
            let photos = [TestPhoto.redGreen] + more
            let paths = try photos.enumerated().map { index, photo in
                let path = server.directory.appendingPathComponent("photo\(index).png").path
                try photo.write(to: path)
                return path
            }
            let board = try MemoryBoard(
                on: server, paths, showing: photos, environment: environment.merging(["XDG_STATE_HOME": disk.path + "/state"]) { $1 })
            let boards = disk.path + "/state/photoboard-x11/boards"
            let file = try waitFor("the save after opening") { () -> String? in
                let names = (try? FileManager.default.contentsOfDirectory(atPath: boards)) ?? []
                guard let name = names.first(where: { $0.hasSuffix(".json") }),
                    let data = FileManager.default.contents(atPath: boards + "/" + name),
                    (try? BoardFile.decode(data).memory.count) == photos.count
                else { return nil }
                return boards + "/" + name
            }
            try board.rest()
            return (board, file, try Data(contentsOf: URL(fileURLWithPath: file)))
        }

        @Test func quittingRightAfterAMoveOnAFullDiskSaysSoAndExitsWith74() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let disk = try SmallDisk(at: server.directory.appendingPathComponent("disk").path)
            defer { disk.unmount() }
            let (board, file, before) = try Self.opened(on: server, disk: disk, more: [.blueYellow])
            try disk.fill()
            // A finger that stays down: no save can come before the last one, at `q`.
            let red = try #require(try board.measure(.redGreen))
            let target = (700.0, 430.0)
            try board.press(at: (red.center.x, red.center.y), andMoveTo: target)
            _ = try waitFor("red to follow the finger") { () -> Bool? in
                let shot = try board.reader.screenshot()
                guard let now = PrintMeasure(shot, left: TestPhoto.redGreen.left, right: TestPhoto.redGreen.right) else { return nil }
                return abs(now.center.x - target.0) <= 1 && abs(now.center.y - target.1) <= 1 ? true : nil
            }
            try board.press(0x71)  // q
            let status = try board.app.waitForExit(stall: .seconds(10))
            try? board.touch(.end, 1, target)
            #expect(status == 74, "exit status \(status): \(board.app.standardError)")
            #expect(
                board.errorLines == ["photoboard-x11: could not save the arrangement: cannot write \(file): no space left on device"],
                "\(board.errorLines)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "the memory file as it was, byte for byte")
        }

        @Test func aFullDiskIsShownOnTheBoardUntilThereIsRoomAgain() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let disk = try SmallDisk(at: server.directory.appendingPathComponent("disk").path)
            defer { disk.unmount() }
            let (board, file, _) = try Self.opened(on: server, disk: disk, environment: ["PHOTOBOARD_TRACE": "save"])
            try disk.fill()
            try board.place(.redGreen, at: (700, 430))  // saved a second after it rests: that save fails
            let notice = try waitFor("the notice that the arrangement is not saved") { () -> Blob? in
                guard let bar = try board.reader.screenshot().blob(of: NoticeColors.problem, tolerance: 6), bar.count >= 40 else {
                    return nil
                }
                return bar
            }
            let failed = "photoboard-x11: could not save the arrangement: cannot write \(file): no space left on device"
            #expect(board.errorLines.filter { !$0.hasPrefix("trace:") } == [Substring(failed)], "\(board.errorLines)")
            print("screenshot: \(try Self.saveScreenshot(board, named: "full-disk-notice"))")
            // The board tries again by itself, nobody touching it; the notice stays while it fails.
            _ = try waitFor("a second save to fail", stall: .seconds(10)) { () -> Bool? in
                board.errorLines.filter { $0.contains("on the save worker (failed:") }.count >= 2 ? true : nil
            }
            let stays = try board.reader.screenshot().blob(of: NoticeColors.problem, tolerance: 6)
            #expect((stays?.count ?? 0) >= notice.count / 2, "the notice stays while saves fail")
            // Room again: the next try saves, and the notice goes (the retries are at most 30 s apart).
            try disk.free()
            _ = try waitFor("the notice to go", stall: .seconds(45)) { () -> Bool? in
                (try board.reader.screenshot().blob(of: NoticeColors.problem, tolerance: 6)?.count ?? 0) < 10 ? true : nil
            }
            #expect(board.errorLines.filter { !$0.hasPrefix("trace:") }.last == "photoboard-x11: the arrangement is saved again")
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            let red = try #require(try BoardFile.decode(data).memory.entries.first)
            #expect(abs(red.placement.center.x - 700) <= 1.5 && abs(red.placement.center.y - 430) <= 1.5, "\(red.placement)")
            try board.close()
        }

        /// A state folder that cannot be made (a read-only disk): the board opens and works, and
        /// says on the board, not only on standard error, that nothing of it will be kept.
        @Test func aBoardWhoseStateFolderCannotBeMadeSaysSoOnTheBoard() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let disk = try SmallDisk(at: server.directory.appendingPathComponent("disk").path)
            defer { disk.unmount() }
            try disk.setReadOnly(true)
            let path = server.directory.appendingPathComponent("photo0.png").path
            try TestPhoto.redGreen.write(to: path)
            let board = try MemoryBoard(on: server, [path], showing: [.redGreen], environment: ["XDG_STATE_HOME": disk.path + "/state"])
            _ = try waitFor("the notice that nothing will be kept") { () -> Bool? in
                (try board.reader.screenshot().blob(of: NoticeColors.problem, tolerance: 6)?.count ?? 0) >= 40 ? true : nil
            }
            print("screenshot: \(try Self.saveScreenshot(board, named: "read-only-state-notice"))")
            let folder = disk.path + "/state"
            #expect(
                board.errorLines == [
                    "photoboard-x11: arrangements will not be kept: cannot create the folder \(folder): read-only file system"
                ],
                "\(board.errorLines)")
            try board.close()
        }

        /// Saves the screen for a person to look at, under .build/screenshots.
        static func saveScreenshot(_ board: MemoryBoard, named name: String) throws -> String {
            let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/screenshots")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("\(name).png").path
            try board.reader.screenshot().savePNG(to: path)
            return path
        }
    }
}
