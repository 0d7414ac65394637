import Foundation
import SystemPackage
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

/// `--export` drives a board session through the real helpers: what it writes is what the board
/// shows, and what it says is what the board says, once.
@Suite(.serialized, .timeLimit(.minutes(5)))
final class HeadlessExportTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-headless-\(getpid())-\(UUID().uuidString.prefix(6))")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A picture, red and green, or (`isPicture` false) a file that is none.
    func file(_ name: String, isPicture: Bool = true) throws -> ListedFile {
        let path = folder + "/" + name
        if isPicture {
            try TestPhotos.write(to: path, width: 120, height: 80, left: 0xD0_2020, right: 0x20_B040)
        } else {
            try Data("not a picture".utf8).write(to: URL(fileURLWithPath: path))
        }
        return ListedFile(path: FilePath(path), canonical: PathKey(FilePath(path)))
    }

    func export(_ files: [ListedFile]) throws -> (isWritten: Bool, lines: [String], output: String) {
        let output = folder + "/board.png"
        var lines: [String] = []
        let opening = BoardOpening(files: files, named: [], added: [], memory: BoardMemory(), problemPaths: [])
        let isWritten = try HeadlessExport.write(
            opening, size: Size(width: 400, height: 300), seed: 3, helperExecutable: HelperDecodingTests.boardBinary,
            to: FilePath(output)
        ) { lines.append($0) }
        return (isWritten, lines, output)
    }

    @Test func aFileThatCannotBeOpenedIsSaidOnceAndTheRestIsWritten() throws {
        let good = try file("good.png"), bad = try file("bad.png", isPicture: false)
        let exported = try export([good, bad])
        #expect(exported.isWritten)
        #expect(exported.lines.count == 1 && exported.lines.first?.hasPrefix(bad.path.escaped + ": ") == true, "\(exported.lines)")
        let image = try ImageLoader.load(path: exported.output, maximumLongEdge: 4096).image
        #expect(image.pixelSize == Size(width: 400, height: 300))
    }

    @Test func whenNothingOpensNothingIsWrittenAndThatIsSaidOnce() throws {
        let bad = try file("bad.png", isPicture: false)
        let exported = try export([bad])
        #expect(!exported.isWritten)
        #expect(exported.lines.count == 2 && exported.lines.last == "none of the given paths could be opened", "\(exported.lines)")
        #expect(!FileManager.default.fileExists(atPath: exported.output))
    }
}
