import XBoard
import XBoardPlatform

/// The one loop: dispatch the window's events and finished decodes, advance time, paint what
/// changed, and wait in poll() until the next event, decode or deadline — forever when nothing
/// moves.
///
/// What it waits for is a list of deadline sources (the controller's frames and tap timeouts,
/// the autosave debouncer, the loading indicator's tick, the notices' fades); whether it paints
/// is `FrameState`'s decision; commands go through `perform(_:at:)` (`EventLoop+Commands`);
/// what the board tells the person goes through the notice queue (`EventLoop+Notices`). The
/// arrangement is saved a second after the board rests and whenever the board ends — closed,
/// signalled (SIGTERM, SIGHUP, SIGINT), or its X server lost (`EventLoop+Saving`).
final class EventLoop {
    let window: X11Window
    let painter: CairoPainter
    let controller: BoardController
    let library: PhotoLibrary
    let decoder: PhotoDecoder
    let keeper: BoardKeeper
    let signals: SignalPipe
    let scene: SceneBuilder
    let settings = LoopSettings()
    let trace: Bool
    /// The board's reports on standard error, for notices that say why something failed.
    let reportLog: ReportLog
    var emulator = MouseEmulator()
    var showsHelp = false
    /// Whether the photos taken off the board show along the bottom edge (r).
    var showsRemovedPhotos = false
    /// The removed photos list as last painted, for telling which photo a tap lands on.
    var shownShelf: RemovedShelf?
    var shelfTouches = ShelfTouches()
    /// The controller's revision when the board last changed, and when that was (seconds since
    /// 1970): what a save stamps the photos it changed with.
    var lastChange: (revision: UInt64, time: Double)
    /// The captions on the prints (`c`).
    var captions = CaptionTexts()
    var notices = NoticeQueue()
    /// Paths that could not be opened so far (at start, dropped, or failing to decode), escaped
    /// for display, for the notice that counts them; `library.failedPaths` seen up to `failuresSeen`.
    var unopenedPaths: [String]
    var failuresSeen = 0
    /// Touches that began on a notice: they dismiss it and never reach the photos.
    private var overlayTouches = OverlayTouches()
    /// The text panels of the last frame painted, for telling which one a tap landed on.
    private var shownPanels: [TextPanel] = []
    private var frame = FrameState()
    /// Frames at the display's rate, never more than the server finishes (`FramePacer`).
    private var pacer: FramePacer
    /// Whether a frame waits for the pacer (then its deadline is a wake-up).
    private var framePending = false
    private var autosave: Debouncer
    /// The revision whose picture sizes were last checked (`refineResolution`).
    private var refinedRevision: UInt64?

    init(
        window: X11Window, painter: CairoPainter, controller: BoardController, library: PhotoLibrary, decoder: PhotoDecoder,
        keeper: BoardKeeper, signals: SignalPipe, scene: SceneBuilder, trace: Bool, reportLog: ReportLog,
        unopenedAtStart: [String] = []
    ) {
        self.window = window
        self.painter = painter
        self.controller = controller
        self.library = library
        self.decoder = decoder
        self.keeper = keeper
        self.signals = signals
        self.scene = scene
        self.trace = trace
        self.reportLog = reportLog
        autosave = Debouncer(delay: settings.autosaveDelay)
        lastChange = (controller.revision, WallClock.now())
        pacer = FramePacer(interval: window.refreshRate.interval)
        unopenedPaths = unopenedAtStart
        if !unopenedAtStart.isEmpty { reportUnopened(at: MonotonicClock.now()) }
    }

    /// Runs until the window is closed; returns the exit status. Losing the X server is one line
    /// and status 1; a termination signal ends it with 128 + the signal's number. Every way out
    /// saves the arrangement first.
    func run() throws -> Int32 {
        ConnectionLoss.setLastWords { [unowned self] in self.saveLayout() }
        defer { ConnectionLoss.setLastWords(nil) }
        do {
            let status = try loop()
            saveLayout()
            return status
        } catch PlatformError.connectionLost {
            saveLayout()
            System.printError("photoboard-x11: lost the connection to the X server")
            return 1
        }
    }

    private func loop() throws -> Int32 {
        while true {
            let events = window.pendingEvents() + [window.abandonStalledDrop(at: MonotonicClock.now())].compactMap { $0 }
            for event in events {
                if let status = try dispatch(event) { return status }
            }
            if let signal = signals.takeSignal() { return 128 + signal }
            if let status = receivePictures() { return status }
            let now = MonotonicClock.now()
            advance(to: now)
            paint()
            window.flush()
            if window.hasPendingEvents { continue }
            let wakeUp = nextDeadline(after: now).map { max($0 - MonotonicClock.now(), .zero) }
            _ = try Poll.waitUntilReadable([window.fileDescriptor, decoder.wakeFileDescriptor, signals.readDescriptor], timeout: wakeUp)
        }
    }

    // MARK: Dispatch

    /// Handles one window event; returns an exit status when the board should end.
    private func dispatch(_ event: WindowEvent) throws -> Int32? {
        if trace { System.printError("trace: \(event)") }
        switch event {
        case .touch(let touch):
            route(touch)
        case .pointer(let pointer):
            for touch in emulator.touches(for: pointer, photoCenter: controller.board.photoCenter(at:)) { route(touch) }
        case .key(let command, let time):
            controller.advance(to: time)
            return perform(command, at: time)
        case .exposed:
            frame.exposed()
        case .frameShown:
            pacer.frameShown(at: MonotonicClock.now())
            if painter.quickDrafts != pacer.serverIsSlow {
                painter.quickDrafts = pacer.serverIsSlow
                if trace {
                    System.printError(
                        "trace: drafts \(pacer.serverIsSlow ? "quick" : "smooth") (the server takes \(pacer.typicalFrameTime.map { "\($0)" } ?? "?") a frame)"
                    )
                }
            }
        case .resized(let size):
            try painter.resize(to: size)
            controller.resize(to: size)
            frame.invalidate()
        case .visibilityChanged(let visible):
            // Hidden: no frames; glides that finished meanwhile land at once when shown again.
            if visible { controller.advance(to: MonotonicClock.now()) }
            frame.setVisible(visible)
        case .filesDropped(let paths, let location, let refused):
            takeDrop(paths, at: location, refused: refused)
        case .dropIgnored(let reason):
            System.printError("photoboard-x11: drop ignored: \(reason)")
            notices.post(reason, topic: BoardNotices.dropTopic, tone: .problem, at: MonotonicClock.now())
        case .deviceRemoved(let source):
            controller.cancelTouches(fromSource: source)
        case .pictureDropped, .pasted, .pasteFailed:
            break  // the window sends these only when asked (`acceptPictureDrops(savingInto:)`, `paste(at:)`), which this loop does not yet
        case .closeRequested:
            return 0
        case .windowDestroyed:
            System.printError("photoboard-x11: the window was destroyed by another program")
            return 1
        }
        return nil
    }

    /// A touch or emulated finger: to the notice it began on (a tap dismisses it), else to
    /// the removed photos list or the board (`routeToShelfOrBoard`).
    private func route(_ touch: TouchEvent) {
        let panelAt = { (point: Point) -> TextPanel.Kind? in
            self.shownPanels.last { panel in
                if case .notice = panel.kind { return panel.frame.contains(point) }
                return false
            }?.kind
        }
        switch overlayTouches.route(touch, panelAt: panelAt) {
        case .board:
            routeToShelfOrBoard(touch)
        case .overlay(let began):
            if case .notice(let id) = began { notices.dismiss(id, at: touch.time) }
        }
    }

    /// Takes finished decodes; returns status 1 when every photo failed.
    private func receivePictures() -> Int32? {
        if library.receive(into: controller, painter: painter) {
            // A new photo or a new copy of one: repaint, and see whether it suits its size now.
            frame.invalidate()
            refinedRevision = nil
        }
        if library.failedPaths.count > failuresSeen {
            unopenedPaths += library.failedPaths[failuresSeen...].map(\.escaped)
            failuresSeen = library.failedPaths.count
            reportUnopened(at: MonotonicClock.now())
        }
        guard library.allFailed else { return nil }
        System.printError("photoboard-x11: none of the given paths could be opened")
        return 1
    }

    // MARK: Advance

    /// Lets time pass for the board, then asks for sharper or smaller pictures and saves the
    /// arrangement once the board rests.
    private func advance(to now: Instant) {
        if let deadline = controller.nextDeadline, deadline <= now { controller.advance(to: now) }
        if controller.revision != lastChange.revision { lastChange = (controller.revision, WallClock.now()) }
        let isResting = !controller.isAnimating && controller.activeTouchCount == 0
        if isResting, refinedRevision != controller.revision {
            library.refineResolution(for: controller)
            refinedRevision = controller.revision
        }
        if autosave.poll(revision: controller.revision, isReady: isResting && !library.isLoading, at: now) { saveLayout() }
        notices.advance(to: now)
        noteWhetherEmpty(at: now)
    }

    // MARK: Paint

    private func paint() {
        let now = MonotonicClock.now()
        let status = library.status(at: now)
        let content = FrameState.Content(
            revision: controller.revision, status: status, overlay: emulator.overlay, showsHelp: showsHelp, notices: notices.shown(at: now),
            showsRemovedPhotos: showsRemovedPhotos, moving: controller.movingPhotos, showsCaptions: captions.isShown)
        // The frame waits while the last one is still being drawn, or for the display's next refresh.
        framePending = !pacer.isReady(at: now) && frame.needsFrame(for: content)
        guard pacer.isReady(at: now) else { return }
        let action = frame.action(for: content)
        switch action {
        case .paint, .paintAndPresent:
            shownShelf = removedShelf(status: status)
            let list = scene.build(
                controller.board, status: status, overlay: content.overlay, selection: controller.selection, showsHelp: showsHelp,
                notices: content.notices, removedPhotos: shownShelf, moving: content.moving,
                captions: captions.shown(for: controller.board.photos, files: library.files, known: library.dateTaken(of:)))
            shownPanels = list.panels
            // Glides and settles wait for the vertical blank (no tearing); what fingers move is shown at once.
            if painter.paint(list, atVerticalBlank: controller.isAnimating && controller.activeTouchCount == 0) {
                pacer.frameSubmitted(at: now)
            }
            // Exposed too: what changed was painted, the rest is shown again from the back buffer.
            if action == .paintAndPresent { painter.present() }
        case .present:
            painter.present()
        case .none:
            break
        }
    }

    // MARK: Wait

    /// The earliest of the deadline sources: the controller (frames while something moves, only
    /// tap timeouts while hidden), the autosave debouncer, the loading indicator's tick, the
    /// notices (a fade's frames, or when the next fade begins), a frame waiting for its pacer,
    /// and a drop whose source may have stopped sending it.
    private func nextDeadline(after now: Instant) -> Instant? {
        let sources: [Instant?] = [
            frame.isVisible ? controller.nextDeadline : controller.nextTimeout,
            autosave.nextDeadline,
            library.isLoading && frame.isVisible ? now + settings.loadingTick : nil,
            notices.nextDeadline(after: now),
            framePending ? pacer.nextDeadline(after: now) : nil,
            window.dropDeadline,
        ]
        return sources.compactMap { $0 }.min()
    }
}
