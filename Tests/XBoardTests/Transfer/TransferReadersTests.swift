import SystemPackage
import Testing
import XBoard

/// The pure readers of what the clipboard and browser drags hand over: which offer is taken,
/// GNOME's and Nautilus's copied files, browser links, direct-save answers and names, and the
/// `file:` URIs the board writes.
@Suite struct TransferReadersTests {
    @Test(arguments: [
        (["TARGETS", "image/bmp", "image/png", "image/jpeg", "text/uri-list"], TransferFlavor.picture(mimeType: "image/png")),
        (["image/bmp", "image/jpeg", "UTF8_STRING"], .picture(mimeType: "image/jpeg")),
        (["Image/PNG"], .picture(mimeType: "Image/PNG")),
        (["image/x-icon", "text/plain"], .picture(mimeType: "image/x-icon")),
        (["text/html", "x-special/gnome-copied-files", "text/uri-list"], .uriList),
        (["x-special/gnome-copied-files", "UTF8_STRING"], .gnomeCopiedFiles),
        (["text/plain", "UTF8_STRING", "TARGETS"], .text(target: "UTF8_STRING")),
    ])
    func theBestOfferIsTaken(targets: [String], flavor: TransferFlavor) {
        #expect(TransferFlavor.best(among: targets) == flavor)
    }

    @Test func offersOfNothingTheBoardOpensAreNamedInTheRefusal() {
        #expect(TransferFlavor.best(among: ["TARGETS", "text/html", "image/svg+xml", "image/x-tga"]) == nil)
        #expect(
            TransferFlavor.refusal(of: ["TARGETS", "text/html", "image/svg+xml", "image/x-tga", "a", "b", "c"], from: "the clipboard")
                == "the clipboard holds no picture or file the board opens (it offers text/html, image/svg+xml, image/x-tga, a and 2 more)")
        #expect(TransferFlavor.refusal(of: ["TARGETS", "TIMESTAMP"], from: "the clipboard") == "the clipboard is empty")
    }

    @Test func gnomeCopiedFilesNeedTheirCopyOrCutLine() {
        let cut = CopiedFiles.paths(inGnomeCopiedFiles: Array("cut\r\nfile:///a/b.png\nhttps://x/y.png".utf8), hostName: "")
        #expect(cut?.paths == [FilePath("/a/b.png")])
        #expect(cut?.refused.map(\.item) == ["https://x/y.png"])
        #expect(CopiedFiles.paths(inGnomeCopiedFiles: Array("file:///a/b.png".utf8), hostName: "") == nil)
        #expect(CopiedFiles.paths(inGnomeCopiedFiles: Array("copy".utf8), hostName: "")?.paths == [])
    }

    @Test func nautilusTextIsFilesOnlyUnderItsHeader() {
        let text = "x-special/nautilus-clipboard\ncopy\nfile:///photos/a.jpg\nfile:///photos/b%20c.png\n"
        #expect(
            CopiedFiles.paths(inNautilusText: Array(text.utf8), hostName: "")?.paths == [
                FilePath("/photos/a.jpg"), FilePath("/photos/b c.png"),
            ])
        #expect(CopiedFiles.paths(inNautilusText: Array("copy\nfile:///photos/a.jpg".utf8), hostName: "") == nil)
        #expect(CopiedFiles.paths(inNautilusText: Array("x-special/nautilus-clipboard\nmove\nfile:///a".utf8), hostName: "") == nil)
    }

    @Test func browserLinksAreFilesOnlyWhenLocal() throws {
        func utf16(_ text: String, bigEndian: Bool = false) -> [UInt8] {
            Array(text.utf16).flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        #expect(try DroppedLink.file(inMozURL: utf16("file:///tmp/a.png\nA"), hostName: "").get() == FilePath("/tmp/a.png"))
        #expect(
            try DroppedLink.file(inMozURL: [0xFE, 0xFF] + utf16("file:///tmp/b.png", bigEndian: true), hostName: "").get()
                == FilePath("/tmp/b.png"))
        #expect(
            try DroppedLink.file(inNetscapeURL: Array(" file://host/tmp/c.png \nC".utf8), hostName: "host").get() == FilePath("/tmp/c.png"))
        #expect(
            DroppedLink.file(inNetscapeURL: Array("HTTPS://example.org/d.png".utf8), hostName: "")
                == .failure(
                    DroppedLink.RefusedLink(
                        leftOut: DropReport.LeftOut(item: "HTTPS://example.org/d.png", reason: DroppedLink.networkRefusal))))
        #expect(
            DroppedLink.file(inNetscapeURL: Array("ftp://example.org/e.png".utf8), hostName: "")
                == .failure(
                    DroppedLink.RefusedLink(
                        leftOut: DropReport.LeftOut(item: "ftp://example.org/e.png", reason: "not a file on this computer"))))
        #expect((try? DroppedLink.file(inMozURL: [0x00, 0xD8], hostName: "").get()) == nil)  // a lone surrogate
    }

    @Test func directSaveAnswersAreOneLetterAndNamesAreTheBoards() {
        #expect(DirectSave.answer(Array("S".utf8)) == .saved)
        #expect(DirectSave.answer(Array("F".utf8)) == .failed)
        #expect(DirectSave.answer(Array("E".utf8)) == .error)
        #expect(DirectSave.answer(Array("SS".utf8)) == nil && DirectSave.answer([]) == nil && DirectSave.answer([0x73]) == nil)
        #expect(DirectSave.fileName(suggested: Array("Cat Photo.JPEG".utf8), unique: "ab12") == "dropped-ab12.jpeg")
        #expect(DirectSave.fileName(suggested: Array("../../.bashrc".utf8), unique: "ab12") == "dropped-ab12")
        #expect(DirectSave.fileName(suggested: Array("evil.png/..".utf8), unique: "ab12") == "dropped-ab12")
        #expect(DirectSave.fileName(suggested: Array("page.html".utf8), unique: "ab12") == "dropped-ab12")
        #expect(DirectSave.fileName(suggested: [0xFF, 0x2E, 0x70, 0x6E, 0x67], unique: "ab12") == "dropped-ab12.png")
    }

    @Test func fileURIsKeepEveryByteAndReadBack() throws {
        let latin1 = try #require(FilePath(bytes: Array("/photos/caf".utf8) + [0xE9] + Array(" 100%.png".utf8)))
        #expect(FileURI.uri(for: latin1) == "file:///photos/caf%E9%20100%25.png")
        #expect(FileURIList.paths(in: FileURI.uriList(for: [latin1, FilePath("/a/b")]), hostName: "").paths == [latin1, FilePath("/a/b")])
        #expect(String(decoding: FileURI.gnomeCopiedFiles(for: [FilePath("/a/b c")]), as: UTF8.self) == "copy\nfile:///a/b%20c")
        #expect(FileURI.uri(for: FilePath("/x"), hostName: "vm") == "file://vm/x")
    }
}
