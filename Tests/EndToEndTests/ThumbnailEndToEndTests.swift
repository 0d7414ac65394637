import Foundation
import SystemPackage
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    /// The shared thumbnail cache on the real board: a folder opened before opens from its
    /// thumbnails with no full decode (counted from `PHOTOBOARD_TRACE=decodes`), a thumbnail
    /// another program wrote the standard's way is used, a stale one never shows, a damaged one
    /// is a missing one with no word on the board, and the cache's names, keys and permissions
    /// are the standard's. Prints lie where they will be before their pictures arrive.
    @Suite(.timeLimit(.minutes(15)))
    struct Thumbnails {
        /// Photos large enough that the board shows them scaled down (the cache serves those).
        static let redGreen = TestPhoto(left: 0xD0_2020, right: 0x20_B040, width: 1600, height: 1200)
        static let blueYellow = TestPhoto(left: 0x20_40D0, right: 0xE0_C020, width: 1200, height: 1600)
        static let cyanMagenta = TestPhoto(left: 0x10_E0E0, right: 0xE0_10E0, width: 1600, height: 1200)
        static let tracing = ["PHOTOBOARD_TRACE": "decodes"]

        static func cacheRoot(_ server: XorgServer) -> String { server.directory.appendingPathComponent("cache/thumbnails").path }

        /// The canonical path of a file, as the board names it to the cache.
        static func canonical(_ path: String) -> String { System.canonicalPath(FilePath(path)).string }

        /// The trace lines of the decodes a board did.
        static func decodes(_ board: MemoryBoard) -> [Substring] { board.errorLines.filter { $0.hasPrefix("trace: decoded") } }

        /// Every line but the decode traces.
        static func otherLines(_ board: MemoryBoard) -> [Substring] { board.errorLines.filter { !$0.hasPrefix("trace: ") } }

        static func permissions(_ path: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        }

        /// Screenshots taken every 20 ms from the board's start until `photo` shows at rest.
        static func watchOpening(
            on server: XorgServer, _ arguments: [String], until photo: TestPhoto, environment: [String: String] = tracing
        ) throws -> (board: AppUnderTest, shots: [Screenshot]) {
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let app = try AppUnderTest(
                binary: BoardSession.binaryPath, arguments: ["--seed", "7", "--geometry", "1280x800"] + arguments, server: server,
                environment: environment)
            var shots: [Screenshot] = []
            _ = try waitFor("\(photo) to show", stall: .seconds(30), interval: .milliseconds(20)) { () -> Bool? in
                guard app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(app.standardError)") }
                let shot = try reader.screenshot()
                shots.append(shot)
                return PrintMeasure(shot, left: photo.left, right: photo.right) != nil ? true : nil
            }
            shots.append(try reader.waitForRest(of: app, on: server))
            if let window = reader.window(ofProcess: app.pid) { reader.requestClose(window) }
            #expect(try app.waitForExit(stall: .seconds(10)) == 0)
            return (app, shots)
        }

        /// Saves a screenshot in `.build/screenshots`; returns where.
        static func save(_ shot: Screenshot, named name: String) throws -> String {
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/screenshots")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = folder.appendingPathComponent("\(name).png").path
            try shot.savePNG(to: path)
            return path
        }

        @Test func aReopenedFolderOpensFromItsThumbnailsWithNoFullDecode() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let folder = server.directory.appendingPathComponent("trip").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let photos = [Self.redGreen, Self.blueYellow, Self.cyanMagenta]
            var paths: [String] = []
            for (index, photo) in photos.enumerated() {
                let path = folder + "/photo \(index).png"
                try photo.write(to: path)
                paths.append(Self.canonical(path))
            }
            var first: [PrintMeasure] = []
            var made: [String] = []
            do {
                let board = try MemoryBoard(on: server, [folder], showing: photos, environment: Self.tracing)
                first = try photos.map { try #require(try board.measure($0)) }
                let decodes = Self.decodes(board)
                #expect(decodes.count == 3 && decodes.allSatisfy { $0.contains(" from the file ") }, "\(decodes)")
                made = decodes.compactMap { line in
                    line.range(of: "made its ").map { String(line[$0.upperBound...].split(separator: " ")[0]) }
                }
                #expect(made.count == 3, "\(decodes)")
                try board.close()
            }
            // Where GLib names them, with the keys the standard asks for, private.
            let root = Self.cacheRoot(server)
            let flavour = try #require(made.first)
            let edge = try #require(ThumbnailFlavour.allCases.first { $0.folder == flavour }).edge
            for (path, photo) in zip(paths, photos) {
                let thumbnail = try StandardThumbnails.path(of: path, edge: edge, root: root)
                let keys = try StandardThumbnails.keys(of: thumbnail)
                let info = try FileManager.default.attributesOfItem(atPath: path)
                let modified = Int((info[.modificationDate] as? Date)?.timeIntervalSince1970.rounded(.down) ?? 0)
                #expect(keys["Thumb::URI"] == (try StandardThumbnails.uri(of: path)), "\(keys)")
                #expect(keys["Thumb::MTime"] == "\(modified)" && keys["Thumb::Size"] == "\((info[.size] as? Int) ?? 0)", "\(keys)")
                #expect(keys["Thumb::Image::Width"] == "\(photo.width)" && keys["Thumb::Image::Height"] == "\(photo.height)")
                #expect(keys["Software"] == "photoboard-x11 0.2.0" && keys["hasAlpha"] == "yes")
                #expect(max(Int(keys["width"] ?? "") ?? 0, Int(keys["height"] ?? "") ?? 0) == edge, "\(keys)")
                #expect(try Self.permissions(thumbnail) == 0o600)
            }
            for folder in [root, root + "/" + flavour, root + "/normal", root + "/xx-large", root + "/fail/photoboard-x11-0.2.0"] {
                #expect(try Self.permissions(folder) == 0o700, "\(folder)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/" + flavour).count == 3, "nothing else left there")
            // Again: every photo from its thumbnail, where it lay.
            let board = try MemoryBoard(on: server, [folder], showing: photos, environment: Self.tracing)
            let decodes = Self.decodes(board)
            #expect(decodes.count == 3 && decodes.allSatisfy { $0.contains(" from its \(flavour) thumbnail ") }, "\(decodes)")
            #expect(!decodes.contains { $0.contains(" from the file ") }, "a full decode on the reopen: \(decodes)")
            for (photo, before) in zip(photos, first) {
                let now = try board.measure(photo)
                #expect(same(now, before), "\(photo): \(now.map(String.init(describing:)) ?? "missing") vs \(before)")
            }
            #expect(Self.otherLines(board).isEmpty, "\(Self.otherLines(board))")
            try board.close()
        }

        @Test func aThumbnailAnotherProgramWroteTheStandardWayIsShown() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let path = server.directory.appendingPathComponent("photo.png").path
            try Self.redGreen.write(to: path)
            // A file manager's thumbnails — holding another picture of the same shape, so the
            // screen tells which showed.
            let other = server.directory.appendingPathComponent("other.png").path
            let shownAs = TestPhoto(left: Self.blueYellow.left, right: Self.blueYellow.right, width: 1600, height: 1200)
            try shownAs.write(to: other)
            for edge in [128, 256, 512, 1024] {
                try StandardThumbnails.write(of: Self.canonical(path), edge: edge, root: Self.cacheRoot(server), showing: other)
            }
            let board = try MemoryBoard(on: server, [path], showing: [shownAs], environment: Self.tracing)
            #expect(try board.measure(Self.redGreen) == nil, "the file was decoded")
            let decodes = Self.decodes(board)
            #expect(decodes.count == 1 && decodes[0].contains(" thumbnail at "), "\(decodes)")
            #expect(Self.otherLines(board).isEmpty, "\(Self.otherLines(board))")
            print("screenshot: \(try Self.save(try board.rest(), named: "thumbnail-of-another-program"))")
            try board.close()
        }

        @Test func aFileReplacedUnderTheSameNameShowsItsNewPictureAndNeverTheOld() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let path = server.directory.appendingPathComponent("photo.png").path
            try Self.redGreen.write(to: path)
            do {
                let board = try MemoryBoard(on: server, [path], showing: [Self.redGreen], environment: Self.tracing)
                #expect(Self.decodes(board).first?.contains("made its") == true, "\(Self.decodes(board))")
                try board.close()
            }
            // Replaced the way editors and imports do (a new file renamed over it), stamped with
            // the same second as the old one: only its size and content tell.
            let old = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
            let replacement = server.directory.appendingPathComponent(".photo.png.new").path
            let cyan = TestPhoto(left: Self.cyanMagenta.left, right: Self.cyanMagenta.right, width: 1600, height: 1200)
            try cyan.write(to: replacement)
            try FileManager.default.setAttributes([.modificationDate: old ?? Date()], ofItemAtPath: replacement)
            #expect(rename(replacement, path) == 0)
            let (app, shots) = try Self.watchOpening(on: server, [path], until: cyan)
            #expect(!shots.contains { PrintMeasure($0, left: Self.redGreen.left, right: Self.redGreen.right, minimumPixels: 20) != nil })
            let decodes = app.standardError.split(separator: "\n").filter { $0.hasPrefix("trace: decoded") }
            #expect(decodes.count == 1 && decodes[0].contains(" from the file ") && decodes[0].contains("made its"), "\(decodes)")
        }

        @Test func aDamagedThumbnailIsAMissingOneWithNoWordOnTheBoard() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let path = server.directory.appendingPathComponent("photo.png").path
            try Self.redGreen.write(to: path)
            var flavour = ""
            do {
                let board = try MemoryBoard(on: server, [path], showing: [Self.redGreen], environment: Self.tracing)
                let line = try #require(Self.decodes(board).first)
                flavour = String(try #require(line.range(of: "made its ")).map { line[$0.upperBound...].split(separator: " ")[0] } ?? "")
                try board.close()
            }
            let edge = try #require(ThumbnailFlavour.allCases.first { $0.folder == flavour }).edge
            let thumbnail = try StandardThumbnails.path(of: Self.canonical(path), edge: edge, root: Self.cacheRoot(server))
            // Its keys intact, its pixels damaged.
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: thumbnail)))
            let idat = try #require(bytes.firstRange(of: Array("IDAT".utf8))).upperBound
            for offset in idat..<min(bytes.count - 12, idat + 64) { bytes[offset] ^= 0xA5 }
            try Data(bytes).write(to: URL(fileURLWithPath: thumbnail))
            let (app, shots) = try Self.watchOpening(on: server, [path], until: Self.redGreen)
            #expect(!shots.contains { ($0.blob(of: NoticeColors.problem, tolerance: 6)?.count ?? 0) > 20 }, "a notice showed")
            let lines = app.standardError.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains(" from the file ") && lines[0].contains("made its"), "\(lines)")
            // Replaced by a sound one.
            #expect(try StandardThumbnails.keys(of: thumbnail)["Thumb::URI"] == (try StandardThumbnails.uri(of: Self.canonical(path))))
        }

        @Test func everyPrintLiesWhereItWillBeBeforeItsPictureArrives() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let folder = server.directory.appendingPathComponent("big").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let first = folder + "/big-00.jpg"
            try TestPhotos.writeJPEG(to: first, width: 4000, height: 3000, left: 0x30_9050, right: 0x90_3050, noise: 40)
            for index in 1..<16 { try FileManager.default.copyItem(atPath: first, toPath: folder + String(format: "/big-%02d.jpg", index)) }
            try TestPhotos.write(to: folder + "/last.png", width: 1600, height: 1200, left: Self.redGreen.left, right: Self.redGreen.right)
            for pass in ["first open", "reopen"] {
                let (_, shots) = try Self.watchOpening(on: server, [folder], until: Self.redGreen)
                // Print borders are the only near-white pixels on the board; cards are plain grey.
                // Their area varies a little as pictures replace cards and the controls at the top
                // fade; one by one, the first look would hold a print or two of seventeen.
                let borders = shots.map { $0.blob(of: 0xFA_F9F5, tolerance: 3)?.count ?? 0 }
                let most = try #require(borders.max())
                let firstWithPrints = try #require(borders.first { $0 > 0 })
                #expect(Double(firstWithPrints) >= Double(most) * 0.85, "\(pass): prints came one by one: \(borders)")
                if pass == "first open" {
                    let cards = shots.first { ($0.blob(of: 0xD1_D1CC, tolerance: 2)?.count ?? 0) > 1000 }
                    #expect(cards != nil, "no card showed before its picture")
                    if let cards { print("screenshot: \(try Self.save(cards, named: "cards-at-opening"))") }
                }
            }
        }

        @Test func withNoUsableCacheTheBoardSaysSoOnceAndOpensAsBefore() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let path = server.directory.appendingPathComponent("photo.png").path
            try Self.redGreen.write(to: path)
            let blocked = server.directory.appendingPathComponent("not-a-folder").path
            try Data("in the way".utf8).write(to: URL(fileURLWithPath: blocked))
            let board = try MemoryBoard(
                on: server, [path], showing: [Self.redGreen], environment: Self.tracing.merging(["XDG_CACHE_HOME": blocked]) { $1 })
            let lines = Self.otherLines(board)
            #expect(lines.count == 1 && lines[0].contains("thumbnails will not be used"), "\(lines)")
            #expect(Self.decodes(board).count == 1 && Self.decodes(board)[0].contains(" from the file at "), "\(Self.decodes(board))")
            try board.close()
        }
    }
}
