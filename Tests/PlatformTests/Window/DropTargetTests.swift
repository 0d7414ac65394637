import SystemPackage
import Testing

import XBoard
@testable import XBoardPlatform

@Suite struct DropTargetTests {
    @Test func fileURIsBecomePathsAndEverythingElseIsSkipped() {
        let list = "# dropped from a file manager\r\nfile:///home/ann/Pictures/IMG%201.jpg\r\nfile://localhost/tmp/b%C3%A9.png\r\nhttp://example.org/x.jpg\r\n\r\n"
        #expect(FileURIList.paths(in: Array(list.utf8)) == [FilePath("/home/ann/Pictures/IMG 1.jpg"), FilePath("/tmp/bé.png")])
    }

    @Test func percentEscapesThatAreNotUTF8KeepTheirBytes() throws {
        let list = "file:///photos/caf%E9.png\nfile:///photos/100%25.png\nfile:///photos/50%.png\nfile:///photos/nul%00.png\n"
        let paths = FileURIList.paths(in: Array(list.utf8))
        let latin1 = try #require(FilePath(bytes: Array("/photos/caf".utf8) + [0xE9] + Array(".png".utf8)))
        #expect(paths == [latin1, FilePath("/photos/100%.png"), FilePath("/photos/50%.png")])
        #expect(paths.first?.escaped == "/photos/caf\\xe9.png")
    }
}
