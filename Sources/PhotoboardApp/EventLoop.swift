import Foundation
import SystemPackage
import XBoard
import XBoardPlatform

/// The one loop: dispatch the window's events and the workers' results to the board session,
/// advance time, paint what changed, and wait in poll() until the next event, result or
/// deadline — forever when nothing moves. Board behaviour is the session's; the loop carries
/// out its effects (`perform`) and paces frames to the display (`FramePacer`).
///
/// The arrangement is saved off the loop (`SaveWorker`); whenever the board ends — closed,
/// signalled (SIGTERM, SIGHUP, SIGINT), or its X server lost — the last save is written
/// before the process goes.
final class EventLoop {
    let window: X11Window
    let painter: CairoPainter
    let session: BoardSession
    let pump: DecodePump
    let signals: SignalPipe
    let drops: DropLister
    let exporter: BoardExporter
    let folders: FolderLister
    let thumbnails: ThumbnailPump
    let clipboard: ClipboardWork
    /// Where pictures without a file are kept: beside the board's document, else in the data folder.
    private var pastedFolder: Result<FilePath, StoreError> = PastedPictures.standardFolder()
    /// The opening of the command line's paths, until its result is taken.
    private var opening: SerialWorker<BoardOpener.Opened?>?
    /// Saves, once the board is open (it owns the board's keeper).
    private var saver: SaveWorker?
    let trace: Bool
    /// How long each turn of the loop took (`PHOTOBOARD_TRACE=loop`).
    private var stallMeter = System.traces("loop") ? StallMeter() : nil
    /// Whether what a finger can act on is said whenever it changes (`PHOTOBOARD_TRACE=widgets`).
    private let tracesWidgets = System.traces("widgets")
    /// Whether saves say when they start and how long they took (`PHOTOBOARD_TRACE=save`).
    private let tracesSaves = System.traces("save")
    private var frame = FrameState()
    /// Frames at the display's rate, never more than the server finishes.
    private var pacer: FramePacer
    /// Whether a frame waits for the pacer (then its deadline is a wake-up).
    private var framePending = false
    /// The most decodes taken in one turn: their uploads must fit in a frame.
    private let decodesPerTurn = 64
    /// How long a turn may have taken before painting is left to the next turn.
    private let paintBudget: Duration = .milliseconds(3)
    /// Whether this turn's frame was left to the next turn (which then paints whatever it took).
    private var paintDeferred = false
    /// When the last frame was painted, and until when one showing only arrivals waits.
    private var lastFrameAt: Instant?
    private var arrivalsWait: Instant?

    /// - Parameters:
    ///   - exportSettings: the decoders' settings (colour management), for Ctrl+S (in sRGB: a
    ///     file is not a display) and the picker's thumbnails (in the display's profile).
    ///   - thumbnails: the shared thumbnail cache the picker's thumbnails go through.
    init(
        window: X11Window, painter: CairoPainter, session: BoardSession, pump: DecodePump, opening: SerialWorker<BoardOpener.Opened?>,
        exportSettings: DecodeSettings, thumbnails cache: ThumbnailCache?, trace: Bool
    ) throws {
        self.window = window
        self.painter = painter
        self.session = session
        self.pump = pump
        self.opening = opening
        self.trace = trace
        signals = try SignalPipe()
        drops = try DropLister()
        exporter = try BoardExporter(decodeSettings: exportSettings)
        thumbnails = ThumbnailPump(settings: exportSettings, thumbnails: cache)
        clipboard = try ClipboardWork(decodeSettings: exportSettings)
        thumbnails.setDisplayProfile(window.displayProfile)
        folders = try FolderLister()
        pacer = FramePacer(interval: window.refreshRate.interval)
    }

    /// Runs until the board ends; returns the exit status. Losing the X server is one line and
    /// status 1; a termination signal ends it with 128 + the signal's number. Every way out
    /// writes the last save first; a board that otherwise ends well but cannot save its
    /// arrangement says why and exits with 74 (`LastSave`).
    func run() throws -> Int32 {
        ConnectionLoss.setLastWords { [unowned self] in _ = self.finish() }
        defer { ConnectionLoss.setLastWords(nil) }
        do {
            let status = try loop()
            return finish().exitStatus(endingWith: status)
        } catch PlatformError.connectionLost {
            _ = finish()
            System.printError("photoboard-x11: lost the connection to the X server")
            return 1
        }
    }

    /// The last save, written before the process ends (a failure said on standard error); the
    /// workers stop. A clipboard manager, when one runs, takes what the board copied first.
    private func finish() -> LastSave {
        window.handOverClipboardAndWait()
        pump.decoder.stop()
        thumbnails.stop()
        session.keepOpenEdits()  // a crop under way is kept, as Done would
        let last = saver?.finish(with: session.saveRequest()) ?? LastSave()
        for line in last.lines { System.printError("photoboard-x11: \(line)") }
        stallMeter?.summarize()
        return last
    }

    private func loop() throws -> Int32 {
        while true {
            let turn = MonotonicClock.now()
            let events =
                window.pendingEvents() + [window.abandonStalledDrop(at: turn)].compactMap { $0 } + window.clipboardTimeouts(at: turn)
            for event in events {
                if let status = try dispatch(event) { return status }
            }
            stallMeter?.mark("events")
            if let status = try takeResults() { return status }
            if let signal = signals.takeSignal() { return 128 + signal }
            let now = MonotonicClock.now()
            if let status = perform(session.advance(to: now)) { return status }
            stallMeter?.mark("advance")
            // A turn that already took 3 ms (a command over ten thousand photos, a step of a glide
            // of thousands: 4 ms, then 8 ms to paint it) paints in the next one, after the window's
            // events; with none, the next turn follows at once.
            if paintDeferred || MonotonicClock.now() - turn < paintBudget {
                paintDeferred = false
                paint()
            } else {
                paintDeferred = true
            }
            stallMeter?.mark("paint")
            window.flush()
            stallMeter?.record(turn, until: MonotonicClock.now())
            if window.hasPendingEvents || paintDeferred { continue }
            let deadlines = [
                session.nextDeadline(after: now, isVisible: frame.isVisible),
                framePending ? [pacer.nextDeadline(after: now), arrivalsWait].compactMap { $0 }.max() : nil,
                window.dropDeadline, window.clipboardDeadline,
            ]
            let wakeUp = deadlines.compactMap { $0 }.min().map { max($0 - MonotonicClock.now(), .zero) }
            let uploads = window.takesUploads ? pump.wakeFileDescriptor : nil
            let sources: [Int32?] =
                [
                    window.fileDescriptor, uploads, signals.readDescriptor, drops.wakeFileDescriptor, exporter.wakeFileDescriptor,
                    folders.wakeFileDescriptor, opening?.wakeFileDescriptor, saver?.wakeFileDescriptor, thumbnails.wakeFileDescriptor,
                ] + clipboard.wakeFileDescriptors
            _ = try Poll.waitUntilReadable(sources.compactMap { $0 }, timeout: wakeUp)
        }
    }

    /// One window event: what painting needs here, the rest to the session.
    private func dispatch(_ event: WindowEvent) throws -> Int32? {
        if trace { System.printError("trace: \(event)") }
        switch event {
        case .exposed:
            frame.exposed()
        case .frameShown:
            pacer.frameShown(at: MonotonicClock.now())
            painter.followServerSpeed(of: pacer, traces: trace)
        case .resized(let size):
            try painter.resize(to: size)
            frame.invalidate()
        case .visibilityChanged(let isVisible):
            frame.setVisible(isVisible)  // hidden: no frames
        case .displayProfileChanged:
            // The decoders take the new profile first; unchanged, nothing is decoded again.
            thumbnails.setDisplayProfile(window.displayProfile)
            guard pump.decoder.setDisplayProfile(window.displayProfile) else { return nil }
        default:
            break
        }
        return perform(session.handle(.window(event), at: MonotonicClock.now()))
    }

    /// What the workers finished: the opening, decodes, drop listings, saves, exports.
    private func takeResults() throws -> Int32? {
        if let worker = opening, let result = worker.takeResults().first {
            opening = nil
            worker.stop()
            guard let opened = result else { return 1 }  // nothing to open (said)
            saver = try SaveWorker(keeper: opened.keeper, traces: tracesSaves)
            if case .document(let path) = opened.keeper.identity { pastedFolder = .success(PastedPictures.folder(besideDocument: path)) }
            window.acceptPictureDrops(savingInto: try? pastedFolder.get())
            if trace { System.printError("trace: listed \(opened.opening.files.count) photos") }
            if let status = perform(session.handle(.opened(opened.opening), at: MonotonicClock.now())) { return status }
        }
        // Pictures go to the server only once it has taken the last ones in (then the X
        // connection wakes the loop; the decodes wait in the pump meanwhile).
        let reports =
            window.takesUploads
            ? pump.takeReports(limit: decodesPerTurn, budget: .milliseconds(4)) { image, request in
                if request.tile != nil {
                    for tile in request.tiles {
                        try painter.setTile(
                            image, for: request.photo, tile: tile.tile, from: (x: tile.x, y: tile.y, width: tile.width, height: tile.height)
                        )
                    }
                } else {
                    try painter.setPicture(image, for: request.photo)
                }
            } : []
        if !reports.isEmpty { window.fenceUploads() }
        stallMeter?.mark("uploads")
        if !reports.isEmpty, let status = perform(session.handle(.decoded(reports), at: MonotonicClock.now())) { return status }
        let decoded = thumbnails.takeResults { image, id in try painter.setThumbnail(image, for: id) }
        if trace, !decoded.isEmpty { System.printError("trace: \(decoded.count) thumbnails decoded") }
        if !decoded.isEmpty, let status = perform(session.handle(.thumbnailsDecoded(decoded), at: MonotonicClock.now())) { return status }
        for copy in clipboard.takeCopies() {
            window.supplyCopiedPicture(try? copy.get(), at: MonotonicClock.now())
            if case .failure(let problem) = copy, let status = perform(session.handle(.copyFailed("\(problem)"), at: MonotonicClock.now()))
            {
                return status
            }
        }
        let finished =
            drops.takeResults() + (saver?.takeResults() ?? []) + exporter.takeResults() + folders.takeResults() + clipboard.takeKept()
        for event in finished {
            if case .documentSaved(.saved(let path, _)) = event {
                pastedFolder = .success(PastedPictures.folder(besideDocument: path))
                window.acceptPictureDrops(savingInto: try? pastedFolder.get())
            }
            if let status = perform(session.handle(event, at: MonotonicClock.now())) { return status }
        }
        return nil
    }

    /// Carries out the session's effects; returns an exit status when one ends the board.
    private func perform(_ effects: [BoardEffect]) -> Int32? {
        for effect in effects {
            switch effect {
            case .quit(let status): return status
            case .toggleFullscreen: window.setFullscreen(!window.isFullscreen)
            case .leaveFullscreen: window.setFullscreen(false)
            case .decode(let requests): pump.submit(requests)
            case .save(let request): saver?.save(request)
            case .saveDocument(let request, let members): saver?.saveDocument(request, members: members)
            case .exportPicture(let list, let files): exporter.export(list, files: files)
            case .listDrop(let paths, let location, let refused): drops.list(paths, at: location, refused: refused)
            case .finishDrop(let accepted): window.finishDrop(accepted: accepted)
            case .openInNewWindows(let documents): System.openInNewWindows(documents)
            case .report(let line): System.printError("photoboard-x11: \(line)")
            case .printPath(let path): FileHandle.standardOutput.write(Data(path.bytes + [UInt8(ascii: "\n")]))
            case .listFolder(let folder): folders.list(folder)
            case .decodeThumbnails(let requests):
                if trace { System.printError("trace: decoding \(requests.count) thumbnails") }
                do {
                    try thumbnails.submit(requests)
                } catch {
                    System.printError("photoboard-x11: thumbnails cannot be decoded: \(error)")
                }
            case .forgetThumbnails(let ids): ids.forEach(painter.removeThumbnail)
            case .dropTiles(let keys): painter.dropTiles(keys)
            case .paste:
                // An empty clipboard is said at once; what it holds comes later, from the window.
                if let said = window.paste(at: MonotonicClock.now()),
                    let status = perform(session.handle(.window(said), at: MonotonicClock.now()))
                {
                    return status
                }
            case .copy(let paths, let edits):
                // One photo goes with its picture (as its print shows it); several as their files alone.
                window.copyToClipboard(files: paths, withPicture: paths.count == 1, at: MonotonicClock.now())
                if paths.count == 1, let path = paths.first { clipboard.copy(path, edits: edits) }
            case .keepPicture(let picture, let location): clipboard.keep(picture, in: pastedFolder, at: location)
            }
        }
        return nil
    }

    /// Paints a frame when something changed and the pacer allows one.
    private func paint() {
        let now = MonotonicClock.now()
        let content = session.frameContent(at: now)
        // The frame waits while the last one is still being drawn, or for the display's next refresh.
        framePending = !pacer.isReady(at: now) && frame.needsFrame(for: content)
        guard pacer.isReady(at: now) else { return }
        let action = frame.action(for: content)
        // Photos arriving with nobody at the board show a few times a second, not every turn.
        arrivalsWait = action == .paint ? session.arrivalFrameTime(after: lastFrameAt, at: now).flatMap { $0 > now ? $0 : nil } : nil
        framePending = arrivalsWait != nil  // the pacer is ready: only arrivals make it wait
        if framePending { return }
        switch action {
        case .paint, .paintAndPresent:
            lastFrameAt = now
            if painter.paint(session.makeFrame(at: now), atVerticalBlank: session.prefersVerticalBlank) {
                pacer.frameSubmitted(at: now)
            }
            if tracesWidgets, let line = session.changedTargetsLine() { System.printError(line) }
            // Exposed too: what changed was painted, the rest is shown again from the back buffer.
            if action == .paintAndPresent { painter.present() }
        case .present:
            painter.present()
        case .none:
            break
        }
    }
}
