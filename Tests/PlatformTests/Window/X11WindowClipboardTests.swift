import CX11
import Foundation
import SystemPackage
import Testing
import XBoard
import XorgHarness

@testable import XBoardPlatform

/// The clipboard through the board's own window, as the loop will drive it: a paste and a copy
/// whose X events come through `pendingEvents()`, with xclip on the other side.
@Suite(.serialized, .timeLimit(.minutes(15)))
final class X11WindowClipboardTests {
    // The window is declared first so that it goes first, while its server still runs.
    let window: X11Window
    let bench: ClipboardBench

    init() throws {
        bench = try ClipboardBench()
        window = try X11Window(
            displayName: bench.server.displayName, size: Size(width: 200, height: 150), title: "clipboard", applicationClass: "Test")
    }

    /// Feeds the window's events until `until` takes one, `each` (called after every round of
    /// events) says it is done, or the process ends, when one is given.
    private func run(
        _ what: String, process: ChildProcess? = nil, each: () -> Bool = { false }, until: (WindowEvent) -> Bool = { _ in false }
    ) throws {
        let limit = MonotonicClock.now() + .seconds(30)
        while true {
            let now = MonotonicClock.now()
            for event in window.pendingEvents() + window.clipboardTimeouts(at: now) where until(event) { return }
            if each() { return }
            if let process, !process.isRunning { return }
            guard now < limit else { throw HarnessError("no \(what) within 30 s") }
            window.flush()
            if window.hasPendingEvents { continue }  // the flush may have read events poll() cannot see
            let wake = min(window.clipboardDeadline ?? limit, now + .milliseconds(20))
            _ = try Poll.waitUntilReadable(window.fileDescriptor, timeout: max(.milliseconds(1), wake - now))
        }
    }

    @Test func aPasteComesAsAnEvent() throws {
        let png = ClipboardPictures.png(0x50_60A0)
        let xclip = try bench.xclipOwning(try bench.write(png, named: "offer.png"), as: "image/png")
        defer { xclip.stop(grace: .seconds(1)) }
        #expect(window.paste(at: MonotonicClock.now()) == nil)
        var pasted: WindowEvent?
        try run(
            "the paste",
            until: { event in
                guard case .pasted = event else { return false }
                pasted = event
                return true
            })
        #expect(pasted == .pasted(.picture(.bytes(png, offeredAs: "image/png"))))
    }

    @Test func aCopyIsReadByXclipOnceItsPictureIsSupplied() throws {
        let png = ClipboardPictures.png(0xA0_5060)
        let path = FilePath(try bench.write(png, named: "print.png"))
        window.copyToClipboard(files: [path], withPicture: true, at: MonotonicClock.now())
        try run("the clipboard", each: { bench.owner() == window.window })
        #expect(bench.owner() == window.window)
        let output = bench.path("copied.png")
        let xclip = try ChildProcess(
            path: "/usr/bin/xclip", arguments: ["-selection", "clipboard", "-target", "image/png", "-out"], environment: bench.environment,
            stdoutPath: output)
        var supplied = false
        try run(
            "xclip -o", process: xclip,
            each: {
                // The request waits until the picture is made (here as soon as it waits).
                if !supplied, window.clipboardDeadline != nil {
                    supplied = true
                    window.supplyCopiedPicture(png, at: MonotonicClock.now())
                }
                return false
            })
        #expect(supplied && xclip.exitStatus == 0)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: output))) == png)
        #expect(!window.handOverClipboard(at: MonotonicClock.now()), "no clipboard manager runs")
    }

    /// Copy, then paste on the same board: the board is both sides, through the same events.
    @Test func whatTheBoardCopiedItPastesBack() throws {
        let path = FilePath(try bench.write(ClipboardPictures.png(0x30_3030), named: "own.png"))
        window.copyToClipboard(files: [path], withPicture: false, at: MonotonicClock.now())
        try run("the clipboard", each: { bench.owner() == window.window })
        #expect(window.paste(at: MonotonicClock.now()) == nil)
        var pasted: WindowEvent?
        try run(
            "the paste",
            until: { event in
                guard case .pasted = event else { return false }
                pasted = event
                return true
            })
        #expect(pasted == .pasted(.files([path], refused: [])))
    }
}
