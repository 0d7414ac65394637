import CX11
import Foundation
import SystemPackage
import Testing
import XBoard
import XorgHarness

@testable import XBoardPlatform

/// `ClipboardReader` on a real Xorg against real owners: `xclip` (pictures, a JPEG, a 20 MB
/// picture in INCR pieces, file lists, text) and GTK 3 programs (a copied picture, malformed
/// and stalled offers).
@Suite(.serialized, .timeLimit(.minutes(15)))
final class ClipboardReaderTests {
    let bench: ClipboardBench
    var owners: [ChildProcess] = []

    init() throws {
        bench = try ClipboardBench()
    }

    deinit {
        for owner in owners { owner.stop(grace: .seconds(1)) }
    }

    /// Pastes with a reader of `settings`; returns the outcome and the longest time one event
    /// took to handle.
    private func paste(settings: ClipboardSettings = .patientForTests, stall: Duration = .seconds(60)) throws -> (
        outcome: ClipboardReader.Outcome, longestStep: Duration, steps: Int
    ) {
        let reader = ClipboardReader(display: bench.display, window: bench.window, settings: settings, hostName: "board-host")
        if let refused = reader.start(at: MonotonicClock.now()) { return (refused, .zero, 0) }
        var longest = Duration.zero, steps = 0
        let outcome = try bench.pump(
            "a paste", stall: stall, nextDeadline: { reader.deadline }, tick: { reader.abandonIfStalled(at: $0) }
        ) { event, now in
            let started = ContinuousClock.now
            let outcome = reader.handle(event, at: now)
            longest = max(longest, ContinuousClock.now - started)
            steps += 1
            return outcome
        }
        #expect(!reader.isReading && reader.deadline == nil)
        return (outcome, longest, steps)
    }

    private func own(_ bytes: [UInt8], as target: String) throws {
        owners.append(try bench.xclipOwning(try bench.write(bytes, named: "offer-\(owners.count)"), as: target))
    }

    @Test func aPNGOwnedByXclipIsPastedByteForByte() throws {
        let png = ClipboardPictures.png(0x20_80E0)
        try own(png, as: "image/png")
        let pasted = try paste()
        #expect(pasted.outcome == .content(.picture(.bytes(png, offeredAs: "image/png"))))
    }

    @Test func aJPEGIsPastedAsAJPEG() throws {
        let jpeg = try PictureEncoders.savedByGdkPixbuf(.flat(0xE0_4020, width: 40, height: 30), type: "jpeg")
        try own(jpeg, as: "image/jpeg")
        #expect(try paste().outcome == .content(.picture(.bytes(jpeg, offeredAs: "image/jpeg"))))
    }

    /// xclip sends anything over a quarter of the server's largest request in INCR pieces; the
    /// reader takes them one event at a time, so the loop draws on between them.
    @Test func aTwentyMegabytePictureComesInINCRPiecesWithoutHoldingTheLoop() throws {
        let big = ClipboardPictures.noisyPNG(about: 20 << 20)
        #expect(big.count > 20_000_000)
        try own(big, as: "image/png")
        let pasted = try paste()
        guard case .content(.picture(.bytes(let bytes, "image/png"))) = pasted.outcome else {
            Issue.record("not a picture: \(pasted.outcome)")
            return
        }
        #expect(bytes == big)
        #expect(pasted.steps > 10, "the picture came in \(pasted.steps) events: not in INCR pieces")
        // How long the longest event took is a figure of this machine's speed, printed here
        // (a test of it raced the clock on one core); that the loop is free between pieces is
        // what the count of events above proves.
        print("20 MB pasted in \(pasted.steps) events, the longest \(pasted.longestStep)")
    }

    @Test func aPictureOverTheLimitIsRefusedInOneLine() throws {
        var settings = ClipboardSettings.patientForTests
        settings.maximumPictureBytes = 2 << 20
        try own(ClipboardPictures.noisyPNG(about: 3 << 20), as: "image/png")
        let pasted = try paste(settings: settings)
        #expect(pasted.outcome == .refused("Nothing pasted: the clipboard's image/png could not be read: it is longer than 2 MiB"))
    }

    @Test func aFileListIsPastedAsPathsWithTheEntriesThatNameNoFileHere() throws {
        try own(Array("file:///home/ann/a%20b.png\r\nhttps://example.org/c.jpg\r\nfile:///tmp/d.jpg\r\n".utf8), as: "text/uri-list")
        #expect(
            try paste().outcome
                == .content(
                    .files(
                        [FilePath("/home/ann/a b.png"), FilePath("/tmp/d.jpg")],
                        refused: [DropReport.LeftOut(item: "https://example.org/c.jpg", reason: "not a file on this computer")])))
    }

    @Test func filesCopiedInAGNOMEFileManagerArePasted() throws {
        try own(Array("copy\nfile:///photos/one.jpg\nfile:///photos/two.png".utf8), as: "x-special/gnome-copied-files")
        #expect(try paste().outcome == .content(.files([FilePath("/photos/one.jpg"), FilePath("/photos/two.png")], refused: [])))
    }

    @Test func nautilusClipboardTextIsPastedAsFilesAndOtherTextIsRefused() throws {
        try own(Array("x-special/nautilus-clipboard\ncut\nfile:///photos/three.webp\n".utf8), as: "UTF8_STRING")
        #expect(try paste().outcome == .content(.files([FilePath("/photos/three.webp")], refused: [])))
        try own(Array("a shopping list".utf8), as: "UTF8_STRING")
        #expect(try paste().outcome == .refused("Nothing to paste: the clipboard holds text, not a picture or files"))
    }

    @Test func anOfferOfNothingTheBoardOpensIsRefusedNamingWhatItOffers() throws {
        try own(Array("<b>bold</b>".utf8), as: "text/html")
        #expect(
            try paste().outcome
                == .refused("Nothing to paste: the clipboard holds no picture or file the board opens (it offers text/html)"))
    }

    @Test func anEmptyClipboardIsSaidAtOnce() throws {
        #expect(try paste().outcome == .refused("Nothing to paste: the clipboard is empty"))
    }

    @Test func aPictureCopiedInAGTKProgramIsPastedAsPNG() throws {
        let source = try bench.write(ClipboardPictures.png(0x30_A050, width: 80, height: 60), named: "copied.png")
        owners.append(try bench.gtkProgram(GTKPrograms.imageOwner, arguments: [source], named: "gtk-owner"))
        try waitForReady("gtk-owner")
        let pasted = try paste()
        guard case .content(.picture(.bytes(let bytes, let type))) = pasted.outcome else {
            Issue.record("not a picture: \(pasted.outcome); \(bench.output(of: "gtk-owner"))")
            return
        }
        #expect(type == "image/png")
        #expect(try ClipboardPictures.middleColour(of: bytes) == 0x30_A050)
    }

    /// GTK sends more than 256 KiB in INCR pieces, announcing the size first.
    @Test func aBigPictureFromGTKComesInItsINCRPieces() throws {
        let big = ClipboardPictures.noisyPNG(about: 3 << 20)
        let data = try bench.write(big, named: "big.png")
        owners.append(
            try bench.gtkProgram(GTKPrograms.rawOwner, arguments: ["image/png", "image/png", "8", data, "answer"], named: "gtk-big"))
        try waitForReady("gtk-big")
        let pasted = try paste()
        #expect(pasted.outcome == .content(.picture(.bytes(big, offeredAs: "image/png"))))
        #expect(pasted.steps > 10, "the picture came in \(pasted.steps) events: not in INCR pieces")
    }

    /// GTK announces an INCR transfer's size: one over the limit is refused before any piece.
    @Test func anAnnouncedSizeOverTheLimitIsRefusedBeforeAnyPiece() throws {
        var settings = ClipboardSettings.patientForTests
        settings.maximumPictureBytes = 2 << 20
        let data = try bench.write(ClipboardPictures.noisyPNG(about: 3 << 20), named: "big.png")
        owners.append(
            try bench.gtkProgram(GTKPrograms.rawOwner, arguments: ["image/png", "image/png", "8", data, "answer"], named: "gtk-big"))
        try waitForReady("gtk-big")
        let pasted = try paste(settings: settings)
        #expect(pasted.outcome == .refused("Nothing pasted: the clipboard's image/png could not be read: it is longer than 2 MiB"))
        // TARGETS and the announcement take five events (the properties' changes and the two
        // answers); every piece would add two more.
        #expect(pasted.steps <= 6, "pieces were read: \(pasted.steps) events")
    }

    @Test(arguments: [
        ("image/png", "image/png", 32, "(its format is 32-bit)"),
        ("image/png", "text/plain", 8, "(its type is text/plain)"),
    ])
    func aMalformedOfferIsRefusedSayingWhatWasWrong(target: String, type: String, format: Int, problem: String) throws {
        let data = try bench.write(ClipboardPictures.png(0x10_1010), named: "raw.png")
        owners.append(
            try bench.gtkProgram(GTKPrograms.rawOwner, arguments: [target, type, "\(format)", data, "answer"], named: "gtk-raw"))
        try waitForReady("gtk-raw")
        #expect(
            try paste().outcome == .refused("Nothing pasted: the clipboard's image/png could not be read: it was not a picture \(problem)"))
    }

    @Test func anOwnerThatStopsAnsweringIsGivenUp() throws {
        var settings = ClipboardSettings()
        settings.patience = .seconds(1)
        let data = try bench.write(ClipboardPictures.png(0x10_1010), named: "raw.png")
        owners.append(
            try bench.gtkProgram(GTKPrograms.rawOwner, arguments: ["image/png", "image/png", "8", data, "stall"], named: "gtk-stall"))
        try waitForReady("gtk-stall")
        let started = MonotonicClock.now()
        #expect(
            try paste(settings: settings).outcome
                == .refused("Nothing pasted: the program holding the clipboard stopped answering (nothing for 1 s)"))
        // Refused for its silence (1 s), not for the reader's own much longer deadline.
        #expect(MonotonicClock.now() - started < .seconds(10))
    }

    private func waitForReady(_ name: String) throws {
        _ = try waitFor("\(name) to own the clipboard", stall: .seconds(20)) { () -> Bool? in
            if let owner = owners.last, !owner.isRunning { throw HarnessError("\(name) exited: \(bench.output(of: name))") }
            return bench.output(of: name).contains("ready") ? true : nil
        }
        try bench.waitForOwner()
    }
}
