/// The board as a screen: one core type that takes events and returns effects for the platform
/// to carry out (the Composable Architecture's reducers return effects the same way), so that
/// everything the board shows and decides is tested as transcripts, in milliseconds. It
/// composes, each tested alone: the controller, the photos arriving (`PhotoArrivals`: the
/// catalogue's), the pointer (`PointerInput`), notices, and the layers above the prints (`ScreenLayers`: each
/// layer's state, the one grab table, which layer is on top); it turns what they ask for into
/// commands and effects, and saves (`SaveStatus`).
///
/// Time passes only through the events' instants and `advance(to:)`; `nextDeadline(after:)`
/// says when the platform must wake it.
public final class BoardSession {
    public let controller: BoardController
    public let settings: SessionSettings
    /// The photos; `nil` while the command line's folders are still being listed.
    public var catalogue: PhotoCatalogue? { arrivals.catalogue }
    var arrivals = PhotoArrivals()
    /// The tiles of pictures shown finer than their copies (issue 39), and the revision they
    /// were last asked for at.
    var tiles = TileBook()
    var tiledRevision: UInt64?
    var tiledAt: Instant?
    public let commands: CommandCatalogue
    public let scene: SceneBuilder
    var pointer = PointerInput()
    public internal(set) var notices: NoticeQueue
    var layers: ScreenLayers
    public var showsHelp: Bool { layers.help.isShown }
    /// Whether the photos taken off the board show along the bottom edge (r).
    public var showsRemovedPhotos: Bool { layers.shelf.isShown }
    public var showsCaptions: Bool { layers.captions.isShown }
    public var picker: PhotoPicker? { layers.picker?.picker }
    /// The controller's revision when the board last changed, and when.
    var lastChange: (revision: UInt64, at: Instant)
    /// When the board saves, and how its saves are going (a failure stands until one succeeds).
    public internal(set) var saving: SaveStatus
    /// When frames that only show photos arriving may be painted.
    var arrivalPacing: ArrivalPacing
    var targetsTrace = TargetsTrace()
    /// Counts the session's turns (events, commands, time passing): a layout serves one turn.
    var turn: UInt64 = 0
    /// The view of the last frame made, and of the frame shown when the view started moving
    /// (what a table snapshot is taken of), while frames are snapshots.
    var shownView: BoardView?
    var viewMoveStart: BoardView?
    /// The layers as last laid out, and for what (`stack(at:)`).
    var layout: (key: (at: Instant, turn: UInt64, revision: UInt64), stack: LayerStack)?
    /// Whether the session has ended (a quit effect went out).
    public internal(set) var hasEnded = false

    /// A session on a board of `size` whose photos are still being listed (`SessionEvent.opened`
    /// brings them), starting at `now`.
    public init(
        size: Size, settings: SessionSettings = SessionSettings(), boardSettings: BoardSettings = BoardSettings(),
        scene: SceneBuilder = SceneBuilder(), commands: CommandCatalogue = .board, at now: Instant
    ) {
        var boardSettings = boardSettings
        boardSettings.motion.frameInterval = settings.frameInterval
        controller = BoardController(board: Board(size: size), settings: boardSettings, startTime: now)
        self.settings = settings
        self.scene = scene
        self.commands = commands
        var noticeSettings = NoticeSettings()
        noticeSettings.frameInterval = settings.frameInterval
        notices = NoticeQueue(settings: noticeSettings)
        saving = SaveStatus(
            autosaveDelay: settings.autosaveDelay, firstRetry: settings.saveRetry, longestRetry: settings.longestSaveRetry)
        lastChange = (controller.revision, now)
        layers = ScreenLayers(controls: ControlsLayer(idle: settings.controlsIdle, fade: settings.controlsFade))
        arrivalPacing = ArrivalPacing(interval: settings.arrivalFrameInterval, inputQuiet: settings.inputQuiet)
        layers.controls.show(at: now)
        pointer.clickSlop = boardSettings.gestures.slop
    }

    /// Handles one event at `now`; returns what the platform must do.
    public func handle(_ event: SessionEvent, at now: Instant) -> [BoardEffect] {
        guard !hasEnded else { return [] }
        return running { handle(event, at: now, effects: &$0) }
    }

    /// Runs `body` for its effects. The removed photos list has done its work when its last photo
    /// came back (put back from it, by an undo, by a drop): it closes (opened empty, it stays). A
    /// quit ends the session.
    func running(_ body: (inout [BoardEffect]) -> Void) -> [BoardEffect] {
        turn &+= 1
        let hadRemovedPhotos = controller.hasRemovedPhotos
        var effects: [BoardEffect] = []
        body(&effects)
        if showsRemovedPhotos, hadRemovedPhotos, !controller.hasRemovedPhotos { layers.shelf.isShown = false }
        if effects.contains(where: { if case .quit = $0 { true } else { false } }) { hasEnded = true }
        return effects
    }

    private func handle(_ event: SessionEvent, at now: Instant, effects: inout [BoardEffect]) {
        switch event {
        case .window(let windowEvent): handle(windowEvent, at: now, effects: &effects)
        case .opened(let opening):
            effects += arrivals.open(opening, settings: settings, controller: controller, notices: &notices, at: now)
        case .decoded(let reports):
            let tileReports = reports.filter { $0.request.tile != nil }
            if !tileReports.isEmpty { receiveTiles(tileReports, effects: &effects) }
            let copies = tileReports.isEmpty ? reports : reports.filter { $0.request.tile == nil }
            if !copies.isEmpty { effects += arrivals.receive(copies, controller: controller, notices: &notices, at: now) }
        case .dropListed(let listing): effects += arrivals.take(listing, controller: controller, notices: &notices, at: now)
        case .saved(let outcome): finishSave(outcome, at: now, effects: &effects)
        case .documentSaved(let outcome): finishDocument(outcome, at: now, effects: &effects)
        case .exported(let outcome): finishExport(outcome, at: now, effects: &effects)
        case .folderListed(let listing): carryOut(layers.folderListed(listing, in: controller.board.size), effects: &effects)
        case .thumbnailsDecoded(let results): layers.thumbnailsDecoded(results)
        case .pictureKept(let kept, let location): pictureKept(kept, at: location, effects: &effects)
        case .copyFailed(let line):
            // Said on the board: a person pasting elsewhere would otherwise find only the file.
            tell(.copyFailed(line), at: now, effects: &effects)
        }
    }

    private func handle(_ event: WindowEvent, at now: Instant, effects: inout [BoardEffect]) {
        switch event {
        case .touch(let touch):
            arrivalPacing.lastInputAt = now
            route(touch, effects: &effects)
        case .pointer(let pointerEvent):
            arrivalPacing.lastInputAt = now
            pointed(pointerEvent, effects: &effects)
        case .key(let chord, let time):
            arrivalPacing.lastInputAt = now
            // Space arms the mouse's pan; its command (repeats never) runs when it is let go.
            guard !pointer.keyPressed(chord), let command = commands.command(for: chord) else { return }
            perform(command, at: time, effects: &effects)
        case .keyReleased(let chord, let time):
            arrivalPacing.lastInputAt = now
            guard let pressed = pointer.keyReleased(chord), let command = commands.command(for: pressed) else { return }
            perform(command, at: time, effects: &effects)
        case .focusLost:
            pointer.forgetHeldKeys()
        case .resized(let size):
            controller.resize(to: size)
        case .visibilityChanged(let isVisible):
            // Shown again: glides that finished meanwhile land at once.
            if isVisible { controller.advance(to: now) }
        case .deviceRemoved(let source):
            // Each of the device's touches is cancelled where it belongs — a widget's, the removed
            // list's, a print's — so nothing it held stays pressed, dragged or half-moved.
            for cancel in layers.cancels(fromSource: source, at: now, lastLocations: controller.lastTouchLocations) {
                route(cancel, effects: &effects)
            }
            controller.cancelTouches(fromSource: source)
        case .pointerLost:
            // Another client took the pointer mid-gesture: the mouse's fingers are cancelled the same
            // way, and a held Space with them (a grab takes the keyboard too).
            pointer.forgetHeldKeys()
            let lastLocations = controller.lastTouchLocations
            for cancel in pointer.cancelFingers(at: now, lastLocation: { layers.lastLocation(of: $0, lastLocations: lastLocations) }) {
                route(cancel, effects: &effects)
            }
        case .filesDropped(let paths, let location, let refused):
            // The list is read and checked: the source hears at once (not while the board is not
            // up yet); listing goes on off the loop.
            effects.append(.finishDrop(accepted: catalogue != nil && !paths.isEmpty))
            if catalogue != nil { effects.append(.listDrop(paths, at: location, refused: refused)) }
        case .dropIgnored(let reason):
            tell(.dropIgnored(reason), at: now, effects: &effects)
        case .closeRequested:
            effects.append(.quit(status: 0))
        case .windowDestroyed:
            effects.append(.report("the window was destroyed by another program"))
            effects.append(.quit(status: 1))
        case .pasted(let content):
            pasted(content, effects: &effects)
        case .pasteFailed(let reason):
            tell(.pasteFailed(reason), at: now, effects: &effects)
        case .pictureDropped(let picture, let location):
            if catalogue != nil { effects.append(.keepPicture(picture, at: location)) }
        case .displayProfileChanged:
            // The platform gave the decoders the new profile: shown photos are converted again.
            effects += arrivals.decodeAgain()
        case .exposed, .frameShown:
            break  // the loop's: what is painted when
        }
    }

    // MARK: Time

    /// Lets time pass: the board's motions and timeouts, notices, sharper or smaller pictures
    /// once the board rests, the save a second after it rests, and the empty board's notice.
    public func advance(to now: Instant) -> [BoardEffect] {
        guard !hasEnded else { return [] }
        turn &+= 1
        var effects: [BoardEffect] = []
        if let deadline = controller.nextDeadline, deadline <= now { controller.advance(to: now) }
        arrivals.placeCardsOfTurn(controller: controller)
        takeHolds(at: now, effects: &effects)
        carryOut(layers.advancePicker(to: now, in: controller.board.size), effects: &effects)
        if controller.revision != lastChange.revision { lastChange = (controller.revision, now) }
        let isResting = !controller.isAnimating && controller.activeTouchCount == 0
        effects += arrivals.refine(for: controller, isResting: isResting, at: now)
        if isResting { askForTiles(at: now, effects: &effects) }
        let isLoading = catalogue?.isLoading ?? true
        // Not while a print is cropped: it lies uncropped on the board until the crop is kept.
        startSaveIfDue(isReady: isResting && !isLoading && layers.crop == nil, at: now, effects: &effects)
        notices.advance(to: now)
        notices.noteWhether(isEmpty: controller.board.photos.isEmpty && !isLoading, at: now)
        return effects
    }

    /// When a frame that only shows photos arriving may be painted, the last having been painted
    /// at `lastFrame`: `nil` (at once) unless photos are still arriving and nobody is at the
    /// board — no finger, click or key for a moment, nothing moving, no picker or menu open.
    public func arrivalFrameTime(after lastFrame: Instant?, at now: Instant) -> Instant? {
        let isUnattended =
            catalogue?.isLoading == true && controller.activeTouchCount == 0 && !controller.isAnimating && !layers.isAttended
        return arrivalPacing.frameTime(after: lastFrame, at: now, isUnattended: isUnattended)
    }

    /// When the platform must next wake the session, at the latest: the controller (frames while
    /// something moves; only tap timeouts while the window is hidden), the controls' fade, the
    /// picker's glide, a press's ring, the autosave, the loading indicator's tick, the notices,
    /// and cards still to lay out (at once).
    public func nextDeadline(after now: Instant, isVisible: Bool = true) -> Instant? {
        let frame = now + settings.frameInterval
        let sources: [Instant?] = [
            isVisible ? controller.nextDeadline : controller.nextTimeout,
            isVisible ? layers.controls.nextDeadline(after: now, frame: frame, isPinned: controlsArePinned) : nil,
            isVisible && (picker?.isGliding ?? false) ? frame : nil,
            isVisible && controller.holdProgress(at: now) != nil ? frame : nil,
            saving.nextDeadline(after: now),
            (catalogue?.isLoading ?? false) && isVisible ? now + settings.loadingTick : nil,
            notices.nextDeadline(after: now),
            catalogue?.hasPendingCards == true ? now : nil,
        ]
        return sources.compactMap { $0 }.min()
    }

    /// Tells `news` in a notice, and on standard error when it has a line for it.
    func tell(_ news: BoardNews, at now: Instant, effects: inout [BoardEffect]) {
        if let line = news.report { effects.append(.report(line)) }
        notices.tell(news, at: now)
    }
}
