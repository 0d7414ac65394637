import CX11
import Foundation
import SystemPackage
import Testing
import XBoard
import XorgHarness

@testable import XBoardPlatform

/// `ClipboardOwner` on a real Xorg, read by real programs: `xclip -o` (the picture, the file,
/// a 20 MB picture in INCR pieces), a GTK 3 program pasting as GTK applications do, and Xfce's
/// clipboard manager taking the clipboard over when the board quits.
@Suite(.serialized, .timeLimit(.minutes(15)))
final class ClipboardOwnerTests {
    let bench: ClipboardBench
    let owner: ClipboardOwner

    init() throws {
        bench = try ClipboardBench()
        owner = ClipboardOwner(display: bench.display, window: bench.window, settings: .patientForTests)
    }

    /// Takes the clipboard for `offer`, pumping until the server's timestamp has come.
    private func own(_ offer: ClipboardOwner.Offer) throws {
        owner.own(offer, at: MonotonicClock.now())
        _ = try bench.pump("the clipboard", stall: .seconds(5)) { event, now in
            _ = owner.handle(event, at: now)
            return owner.ownershipTime
        }
        #expect(bench.owner() == bench.window)
    }

    private func read(_ target: String) throws -> [UInt8] {
        try bench.xclipReading(target) { event, now in _ = owner.handle(event, at: now) }
    }

    /// Runs a GTK program while the owner answers it; returns what it printed.
    private func gtkReads(_ arguments: [String]) throws -> String {
        let program = try bench.gtkProgram(GTKPrograms.reader, arguments: arguments, named: "gtk-reader")
        let status = try bench.waitWhilePumping("the GTK reader", process: program, stall: .seconds(30)) { event, now in
            _ = owner.handle(event, at: now)
        }
        #expect(status == 0, "\(bench.output(of: "gtk-reader"))")
        return bench.output(of: "gtk-reader")
    }

    private func photo(_ color: UInt32) throws -> (png: [UInt8], path: FilePath) {
        let png = ClipboardPictures.png(color)
        return (png, FilePath(try bench.write(png, named: "print \(color).png")))
    }

    @Test func xclipReadsThePictureAndTheFileTheBoardCopied() throws {
        let (png, path) = try photo(0xC0_3050)
        try own(ClipboardOwner.Offer(picture: .png(png), files: [path]))
        let targets = String(decoding: try read("TARGETS"), as: UTF8.self).split(separator: "\n")
        #expect(targets == ["TARGETS", "MULTIPLE", "TIMESTAMP", "image/png", "text/uri-list", "x-special/gnome-copied-files"])
        let pasted = try read("image/png")
        #expect(pasted == png)
        #expect(try ClipboardPictures.middleColour(of: pasted) == 0xC0_3050)
        let list = try read("text/uri-list")
        #expect(FileURIList.paths(in: list, hostName: "").paths == [path])
        #expect(String(decoding: list, as: UTF8.self).hasSuffix("/print%20\(0xC0_3050).png\r\n"))
        #expect(CopiedFiles.paths(inGnomeCopiedFiles: try read("x-special/gnome-copied-files"), hostName: "")?.paths == [path])
    }

    /// Copying a print: its original (a JPEG stored on its side, EXIF orientation 6) decoded in
    /// a confined helper and offered as a PNG, upright — as xclip reads it back.
    @Test func aCopiedPrintIsReadBackUprightByXclip() throws {
        let path = bench.path("turned.jpg")
        try TestPhotos.writeJPEG(to: path, width: 160, height: 100, left: 0xE0_2020, right: 0x20_40E0, orientation: 6)
        owner.own(ClipboardOwner.Offer(picture: .pending, files: [FilePath(path)]), at: MonotonicClock.now())
        let png = try PictureCopy.png(of: FilePath(path), decoder: ConfinedDecoder(helperExecutable: HelperDecodingTests.boardBinary)).get()
        owner.supplyPicture(png, at: MonotonicClock.now())
        let pasted = try read("image/png")
        #expect(pasted == png)
        let picture = try ImageLoader.decode(bytes: pasted, maximumLongEdge: 4096).get().image
        #expect(picture.pixelSize == Size(width: 100, height: 160))
        let top = try #require(picture.rgb(x: 50, y: 30)), bottom = try #require(picture.rgb(x: 50, y: 130))
        #expect(top >> 16 > 0xB0 && top & 0xFF < 0x50, "top \(String(top, radix: 16))")
        #expect(bottom & 0xFF > 0xB0 && bottom >> 16 < 0x50, "bottom \(String(bottom, radix: 16))")
        #expect(FileURIList.paths(in: try read("text/uri-list"), hostName: "").paths == [FilePath(path)])
    }

    @Test func aTwentyMegabytePictureGoesInINCRPieces() throws {
        let big = ClipboardPictures.noisyPNG(about: 20 << 20)
        try own(ClipboardOwner.Offer(picture: .png(big)))
        #expect(try read("image/png") == big)
        #expect(owner.deadline == nil, "an INCR transfer was left behind")
    }

    @Test func aGTKProgramPastesThePictureTheFileAndTheTimestamp() throws {
        let (png, path) = try photo(0x20_B040)
        try own(ClipboardOwner.Offer(picture: .png(png), files: [path]))
        let saved = bench.path("gtk-pasted.png")
        #expect(try gtkReads(["image", saved]).contains("image 64x48"))
        #expect(try ClipboardPictures.middleColour(of: Array(try Data(contentsOf: URL(fileURLWithPath: saved)))) == 0x20_B040)
        let uris = try gtkReads(["uris"]).split(separator: "\n").map(String.init)
        #expect(uris == [FileURI.uri(for: path)])
        let time = try #require(owner.ownershipTime)
        #expect(try gtkReads(["timestamp"]).contains("timestamp \(time)"))
        #expect(try gtkReads(["targets"]).contains("x-special/gnome-copied-files"))
    }

    @Test func aRequestForAPictureStillBeingMadeWaitsForIt() throws {
        let (png, path) = try photo(0x40_40C0)
        try own(ClipboardOwner.Offer(picture: .pending, files: [path]))
        let output = bench.path("pending.out")
        let xclip = try ChildProcess(
            path: "/usr/bin/xclip", arguments: ["-selection", "clipboard", "-target", "image/png", "-out"], environment: bench.environment,
            stdoutPath: output)
        let imagePNG = XInternAtom(bench.display, "image/png", 0)
        var supplied = false
        let status = try bench.waitWhilePumping("xclip -o", process: xclip, stall: .seconds(20)) { event, now in
            let isPictureRequest = event.type == SelectionRequest && event.xselectionrequest.target == imagePNG
            _ = owner.handle(event, at: now)
            if isPictureRequest, !supplied {
                #expect(owner.deadline != nil, "the request is not waiting")
                supplied = true
                owner.supplyPicture(png, at: now)
            }
        }
        #expect(status == 0 && supplied)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: output))) == png)
    }

    @Test func aRequestorThatStopsTakingPiecesIsDropped() throws {
        var settings = ClipboardSettings()
        settings.patience = .milliseconds(500)
        let owner = ClipboardOwner(display: bench.display, window: bench.window, settings: settings)
        owner.own(ClipboardOwner.Offer(picture: .png(ClipboardPictures.noisyPNG(about: 2 << 20))), at: MonotonicClock.now())
        _ = try bench.pump("the clipboard", stall: .seconds(5)) { event, now in
            _ = owner.handle(event, at: now)
            return owner.ownershipTime
        }
        // A requestor on a connection of its own that asks, and never deletes the INCR announcement.
        let requestorDisplay = try #require(XOpenDisplay(bench.server.displayName))
        defer { XCloseDisplay(requestorDisplay) }
        let requestor = XCreateSimpleWindow(
            requestorDisplay, cx11_root_window(requestorDisplay, 0), 0, 0, 1, 1, 0, 0, 0)
        XConvertSelection(
            requestorDisplay, XInternAtom(requestorDisplay, "CLIPBOARD", 0), XInternAtom(requestorDisplay, "image/png", 0),
            XInternAtom(requestorDisplay, "STALLED", 0), requestor, Time(CurrentTime))
        XFlush(requestorDisplay)
        var began: Instant?
        var seen: [Int32] = []
        let dropped: Instant
        do {
            dropped = try bench.pump(
                "the stalled transfer to be dropped", stall: .seconds(10), nextDeadline: { owner.deadline },
                tick: { now in
                    _ = owner.expire(at: now)
                    return began != nil && owner.deadline == nil ? now : nil
                }
            ) { event, now in
                seen.append(event.type)
                _ = owner.handle(event, at: now)
                if began == nil, owner.deadline != nil { began = now }
                return nil
            }
        } catch {
            // What to look at when it fails: who holds the clipboard, what came, what began.
            Issue.record(
                "events \(seen), transfer began: \(began.map { "\($0)" } ?? "no"), deadline \(owner.deadline.map { "\($0)" } ?? "none"), now \(MonotonicClock.now()), owns: \(owner.ownsClipboard), clipboard owner \(bench.owner()) (board \(bench.window))"
            )
            throw error
        }
        let waited = dropped - (began ?? dropped)
        #expect(waited >= .milliseconds(500) && waited < .seconds(10), "dropped after \(waited)")
    }

    /// On quit the board asks the clipboard manager to keep what it offers; Xfce's takes every
    /// target with one MULTIPLE conversion (the big picture in INCR pieces), then owns the
    /// clipboard itself, so what the board copied is still there after it is gone.
    @Test func onQuitAClipboardManagerTakesTheClipboardOver() throws {
        let manager = try ClipboardManager(on: bench.server, reader: try ScreenReader(displayName: bench.server.displayName))
        defer { manager.stop() }
        let big = ClipboardPictures.noisyPNG(about: 3 << 20)
        let path = FilePath(try bench.write(big, named: "big.png"))
        try own(ClipboardOwner.Offer(picture: .png(big), files: [path]))
        #expect(owner.handOverToManager(at: MonotonicClock.now()))
        let change = try bench.pump(
            "the clipboard manager's answer", stall: .seconds(20), nextDeadline: { owner.deadline }, tick: { owner.expire(at: $0) }
        ) { event, now in
            owner.handle(event, at: now).flatMap { $0 == .lost ? nil : $0 }
        }
        #expect(change == .handedOver(saved: true), "\(manager.exited ?? "")")
        #expect(!owner.isHandingOver && !owner.ownsClipboard)
        // The board's window goes, as the board exits; the manager serves the clipboard now.
        bench.destroyWindow()
        #expect(bench.owner() != bench.window && bench.owner() != 0)
        #expect(try bench.xclipReading("image/png") { _, _ in } == big)
        #expect(FileURIList.paths(in: try bench.xclipReading("text/uri-list") { _, _ in }, hostName: "").paths == [path])
    }

    @Test func withoutAClipboardManagerThereIsNoHandover() throws {
        let (png, _) = try photo(0x10_2030)
        try own(ClipboardOwner.Offer(picture: .png(png)))
        #expect(!owner.handOverToManager(at: MonotonicClock.now()))
        #expect(!owner.isHandingOver)
    }
}
