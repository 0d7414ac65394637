import CX11
import Foundation
import Synchronization
import SystemPackage
import Testing
import XBoard
import XorgHarness

@testable import XBoardPlatform

/// `DropTarget` on a real Xorg taking what web browsers drag: the harness's XDND source (on a
/// connection and thread of its own) speaks XDS as Firefox does, offers the bytes as Chromium
/// does, and offers links; the target takes the picture, falls back as the XDS spec says, and
/// refuses web addresses in one line.
@Suite(.serialized, .timeLimit(.minutes(15)))
final class BrowserDropTests {
    let bench: ClipboardBench
    let target: DropTarget
    let pictureFolder: FilePath

    init() throws {
        bench = try ClipboardBench()
        target = DropTarget(display: bench.display, window: bench.window, hostName: "board-host")
        pictureFolder = FilePath(bench.folder + "/pasted")
        target.pictureFolder = pictureFolder
        XMapWindow(bench.display, bench.window)
        XFlush(bench.display)
    }

    /// The source's side, run on a thread of its own while the test pumps the target's events.
    private final class SourceRun: @unchecked Sendable {
        // Invariant: `outcome` is written once by the source thread and read after `done` is signalled.
        let done = DispatchSemaphore(value: 0)
        var outcome: Result<DropOutcome, Error> = .failure(HarnessError("not run"))
    }

    /// Drops `payload` on the window; returns what the target reported and what the source saw.
    private func drop(_ payload: DropPayload) throws -> (events: [WindowEvent], source: DropOutcome) {
        let run = SourceRun()
        let displayName = bench.server.displayName, window = UInt(bench.window)
        let thread = Thread {
            run.outcome = Result {
                try ScreenReader(displayName: displayName).drop(payload, onto: window, at: (5, 5), stall: .seconds(20))
            }
            run.done.signal()
        }
        thread.start()
        var events: [WindowEvent] = []
        _ = try bench.pump(
            "the drop", stall: .seconds(30), nextDeadline: { MonotonicClock.now() + .milliseconds(20) },
            tick: { now -> Bool? in
                if let stalled = self.target.abandonStalledTransfer(at: now) { events.append(stalled) }
                return run.done.wait(timeout: .now()) == .success ? true : nil
            }
        ) { event, now in
            switch event.type {
            case ClientMessage: events += target.handle(event.xclient, at: now)
            case SelectionNotify: events += target.receive(event.xselection, at: now)
            case PropertyNotify: events += target.propertyChanged(event.xproperty, at: now)
            default: break
            }
            if case .filesDropped(let paths, _, _) = events.last { target.finish(accepted: !paths.isEmpty) }
            return nil
        }
        return (events, try run.outcome.get())
    }

    private static func utf16(_ text: String) -> [UInt8] { Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }

    /// As Firefox drags an image: the image's web address as a URI list and a link, and XDS.
    private func firefoxImage(_ png: [UInt8]) -> DropPayload {
        var payload = DropPayload(uriList: Array("https://example.org/cat.png\r\n".utf8))
        payload.typeList = .property(format: 32)
        payload.directSave = DropPayload.DirectSave(suggestedName: "cat.png", bytes: png)
        payload.link = ("text/x-moz-url", Self.utf16("https://example.org/cat.png\nA cat"))
        return payload
    }

    @Test func aPictureSavedByXDSIsTakenAndKeptByItsContent() throws {
        let png = ClipboardPictures.png(0x90_30C0)
        let (events, source) = try drop(firefoxImage(png))
        #expect(source.requestedTargets == ["text/uri-list", "XdndDirectSave0"])
        #expect(source.finished && source.finishedAccepted)
        let named = try #require(source.directSavePath)
        #expect(named.hasPrefix(pictureFolder.string + "/dropped-") && named.hasSuffix(".png"))
        guard case .pictureDropped(.savedFile(let saved), let point) = events.first, events.count == 1 else {
            Issue.record("\(events)")
            return
        }
        #expect(saved == FilePath(named) && point == Point(x: 5, y: 5))
        let pasted = PastedPictures(folder: pictureFolder, decoder: ConfinedDecoder(helperExecutable: HelperDecodingTests.boardBinary))
        let kept = try pasted.keep(.savedFile(saved)).get()
        #expect(kept == pictureFolder.appending(GLibChecksum.hex(.sha256, of: png) + ".png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: pictureFolder.string) == [GLibChecksum.hex(.sha256, of: png) + ".png"])
    }

    @Test func whenTheSourceCannotSaveTheBytesAreTaken() throws {
        let png = ClipboardPictures.png(0x10_C0C0)
        var payload = firefoxImage(png)
        payload.directSave?.answer = "F"
        payload.directSave?.writesFile = false
        payload.picture = ("application/octet-stream", png)
        let (events, source) = try drop(payload)
        #expect(source.requestedTargets == ["text/uri-list", "XdndDirectSave0", "application/octet-stream"])
        #expect(events == [.pictureDropped(.bytes(png, offeredAs: "application/octet-stream"), at: Point(x: 5, y: 5))])
        #expect(source.finishedAccepted)
    }

    @Test func aSourceThatSaysItFailedEndsTheDrop() throws {
        var payload = firefoxImage(ClipboardPictures.png(0x10_C0C0))
        payload.directSave?.answer = "E"
        let (events, source) = try drop(payload)
        #expect(events == [.dropIgnored("The program it came from could not save the dropped picture (it said so)")])
        #expect(source.finished && !source.finishedAccepted)
    }

    /// As Chromium drags an image: its bytes as `application/octet-stream`, here a big one in
    /// INCR pieces.
    @Test func bytesOfferedAsOctetStreamAreTakenInINCRPieces() throws {
        let big = ClipboardPictures.noisyPNG(about: 3 << 20)
        var payload = DropPayload(uriList: [])
        payload.offersURIList = false
        payload.picture = ("application/octet-stream", big)
        payload.incrementalChunk = 256 << 10
        let (events, source) = try drop(payload)
        #expect(events == [.pictureDropped(.bytes(big, offeredAs: "application/octet-stream"), at: Point(x: 5, y: 5))])
        #expect(source.incrementalPieces >= 12 && source.finishedAccepted)
    }

    @Test func aLinkToALocalFileIsAFileDrop() throws {
        var payload = DropPayload(uriList: [])
        payload.offersURIList = false
        payload.link = ("text/x-moz-url", [0xFF, 0xFE] + Self.utf16("file:///photos/caf%C3%A9.png\nCafé"))
        let (events, _) = try drop(payload)
        #expect(events == [.filesDropped([FilePath("/photos/café.png")], at: Point(x: 5, y: 5), refused: [])])
    }

    @Test func aWebAddressAloneIsRefusedBecauseTheBoardDoesNotFetch() throws {
        var payload = DropPayload(uriList: [])
        payload.offersURIList = false
        payload.link = ("_NETSCAPE_URL", Array("https://example.org/cat.jpg\nA cat".utf8))
        let (events, source) = try drop(payload)
        #expect(
            events == [
                .dropIgnored(
                    "The drop was not taken: https://example.org/cat.jpg is a web address: the board does not fetch pictures from the network"
                )
            ])
        #expect(source.finished && !source.finishedAccepted)
    }

    @Test func withoutAFolderForPicturesOnlyFilesAreTaken() throws {
        target.pictureFolder = nil
        var payload = DropPayload(uriList: [])
        payload.offersURIList = false
        payload.picture = ("application/octet-stream", ClipboardPictures.png(0x10_1010))
        let (events, source) = try drop(payload)
        #expect(events == [.dropIgnored("Only files and folders can be dropped on the board")])
        #expect(!source.statusAccepted && !source.finishedAccepted)
    }
}
