import SystemPackage
import Testing
import XBoard

@testable import XBoardPlatform

/// Dropped URI lists (`FileURIList`): local `file:` URIs only, `%XX` decoded strictly to bytes.
@Suite struct DropTargetTests {
    private func paths(_ list: String, host: String = "vm") -> (paths: [FilePath], refused: [DropReport.LeftOut]) {
        FileURIList.paths(in: Array(list.utf8), hostName: host)
    }

    private func path(_ uri: String, host: String = "vm") -> String? {
        FileURIList.localPath(fromFileURI: Array(uri.utf8), hostName: host).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func localFileURIsBecomePathsAndEverythingElseIsRefused() {
        let list =
            "# dropped from a file manager\r\nfile:///home/ann/Pictures/IMG%201.jpg\r\n"
            + "file://localhost/tmp/b%C3%A9.png\r\nhttp://example.org/x.jpg\r\n\r\n"
        let result = paths(list)
        #expect(result.paths == [FilePath("/home/ann/Pictures/IMG 1.jpg"), FilePath("/tmp/bé.png")])
        #expect(result.refused == [DropReport.LeftOut(item: "http://example.org/x.jpg", reason: "not a file on this computer")])
    }

    @Test func eachRefusedEntrySaysWhyAndShowsItsControlCharactersEscaped() {
        let result = paths("https://example.org/a.jpg\nfile://elsewhere/home/b.png\nfile:///c%zz.png\nfile:///tab\there.png\n")
        #expect(result.paths.isEmpty)
        #expect(
            result.refused == [
                DropReport.LeftOut(item: "https://example.org/a.jpg", reason: "not a file on this computer"),
                DropReport.LeftOut(item: "file://elsewhere/home/b.png", reason: "a file on another computer"),
                DropReport.LeftOut(item: "file:///c%zz.png", reason: "not a well-formed file address"),
                DropReport.LeftOut(item: "file:///tab\\x09here.png", reason: "not a well-formed file address"),
            ])
    }

    @Test func percentEscapesThatAreNotUTF8KeepTheirBytes() throws {
        let list = "file:///photos/caf%E9.png\nfile:///photos/100%25.png\n"
        let result = paths(list)
        let latin1 = try #require(FilePath(bytes: Array("/photos/caf".utf8) + [0xE9] + Array(".png".utf8)))
        #expect(result.paths == [latin1, FilePath("/photos/100%.png")])
        #expect(result.paths.first?.escaped == "/photos/caf\\xe9.png")
    }

    @Test func onlyThisMachineCountsAsLocal() {
        #expect(path("file:///a") == "/a")
        #expect(path("file://localhost/a") == "/a")
        #expect(path("FILE://LocalHost/a") == "/a")
        #expect(path("file://VM/a", host: "vm") == "/a")
        #expect(path("file:/a") == "/a")
        #expect(path("file://othermachine/a") == nil)
        #expect(path("file://vm/a", host: "") == nil)
        #expect(path("smb://server/share/a.jpg") == nil)
        #expect(path("file:relative/a.jpg") == nil)
        #expect(path("file://") == nil)
    }

    @Test func percentEscapesAreDecodedStrictly() {
        #expect(path("file:///a%2fb%41") == "/a/bA")
        #expect(path("file:///50%.png") == nil)
        #expect(path("file:///100%2") == nil)
        #expect(path("file:///100%zz") == nil)
        #expect(path("file:///nul%00byte") == nil)
        #expect(path("file:///tab\there") == nil)
        #expect(FileURIList.localPath(fromFileURI: Array("file:///x%FF".utf8), hostName: "") == Array("/x".utf8) + [0xFF])
    }

    @Test func linesEndInCRLFOrLFAndBlankOrCommentLinesAreSkipped() {
        let result = paths("file:///one\nfile:///two\r\n  \r\n#file:///three\nfile:///four")
        #expect(result.paths == [FilePath("/one"), FilePath("/two"), FilePath("/four")])
        #expect(result.refused.isEmpty)
    }
}
