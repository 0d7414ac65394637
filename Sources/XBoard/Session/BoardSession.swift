import SystemPackage

/// The board as a screen: one core type that takes events and returns effects for the platform
/// to carry out (the Composable Architecture's reducers return effects the same way), so that
/// everything the board shows and decides is tested as transcripts, in milliseconds. It
/// composes: the controller and its photos, mouse emulation, notices, and the layers above the
/// prints (`BoardLayer`, one `LayerStack` a frame), each with its own state, touches and tests
/// (`ControlsLayer`, `MenuLayer`, `PickerLayer`, `ShelfLayer`, `HelpLayer`, `Captions`); it
/// routes touches to them, carries out what they ask, saves and emits effects.
///
/// Time passes only through the events' instants and `advance(to:)`; `nextDeadline(after:)`
/// says when the platform must wake it. Its extensions: touches and holds (`+Touches`),
/// commands and the export (`+Commands`), the controls and menus (`+Widgets`), the picker
/// (`+Picker`), the clipboard (`+Clipboard`), photos opening and dropped (`+Photos`), saving
/// (`+Saving`) and the frame (`+Frame`).
public final class BoardSession {
    public let controller: BoardController
    public let settings: SessionSettings
    /// The photos; `nil` while the command line's folders are still being listed.
    public internal(set) var catalogue: PhotoCatalogue?
    public let commands: CommandCatalogue
    public let scene: SceneBuilder
    var emulator = MouseEmulator()
    public internal(set) var notices: NoticeQueue
    var help = HelpLayer()
    public var showsHelp: Bool { help.isShown }
    /// Whether the photos taken off the board show along the bottom edge (r).
    public internal(set) var showsRemovedPhotos: Bool {
        get { shelf.isShown }
        set { shelf.isShown = newValue }
    }
    var shelf = ShelfLayer()
    var captions = Captions()
    public var showsCaptions: Bool { captions.isShown }
    /// The one grab table: every touch belongs to the layer it began on.
    var router = TouchRouter<BoardLayer>(fallback: .board)
    /// The layers the last frame showed above the prints: what a touch beginning lands on.
    var shown = LayerStack()
    /// Counts arrivals of sharper or smaller copies, which change pixels but not the board.
    var picturesRevision: UInt64 = 0
    /// The controller's revision when the board last changed, and when.
    var lastChange: (revision: UInt64, at: Instant)
    /// When the board saves, and how its saves are going (a failure stands until one succeeds).
    public internal(set) var saving: SaveStatus
    /// The revision whose picture sizes were last checked (`refineResolution`).
    var refinedRevision: UInt64?
    /// The photos opened in this turn (their first cards are placed): the next cards wait for the next.
    var openedThisTurn = false
    /// When frames that only show photos arriving may be painted.
    var arrival: ArrivalPacing
    var targetsTrace = TargetsTrace()
    /// Paths that could not be opened so far (at start, dropped, or failing to decode), escaped,
    /// for the notice that counts them.
    var unopenedPaths: [String] = []
    /// Why some of them could not be opened, where a decode said.
    var unopenedReasons: [String: String] = [:]
    /// Whether the session has ended (a quit effect went out).
    public internal(set) var hasEnded = false
    /// The controls along the top edge: when they show, and the touches on them.
    var controls: ControlsLayer
    /// The menu open now.
    var menuLayer: MenuLayer?
    /// The photo picker, while open; the folder it showed last.
    var pickerLayer: PickerLayer?
    public var picker: PhotoPicker? { pickerLayer?.picker }
    var lastPickerFolder: FilePath?
    /// Where the pointer was last seen, and where a paste lands (under the pointer, else the
    /// board's middle).
    var lastPointer: Point?
    var pasteLanding: Point?

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
        controls = ControlsLayer(idle: settings.controlsIdle, fade: settings.controlsFade)
        arrival = ArrivalPacing(interval: settings.arrivalFrameInterval, inputQuiet: settings.inputQuiet)
        controls.show(at: now)
    }

    /// Handles one event at `now`; returns what the platform must do.
    public func handle(_ event: SessionEvent, at now: Instant) -> [BoardEffect] {
        guard !hasEnded else { return [] }
        var effects: [BoardEffect] = []
        closingTheRemovedListWhenItEmpties { handle(event, at: now, effects: &effects) }
        if effects.contains(where: { if case .quit = $0 { true } else { false } }) { hasEnded = true }
        return effects
    }

    private func handle(_ event: SessionEvent, at now: Instant, effects: inout [BoardEffect]) {
        switch event {
        case .window(let windowEvent): handle(windowEvent, at: now, effects: &effects)
        case .opened(let opening): open(opening, at: now, effects: &effects)
        case .decoded(let reports): receive(reports, at: now, effects: &effects)
        case .dropListed(let listing): take(listing, at: now, effects: &effects)
        case .saved(let outcome): finishSave(outcome, at: now, effects: &effects)
        case .documentSaved(let outcome): finishDocument(outcome, at: now, effects: &effects)
        case .exported(let outcome): finishExport(outcome, at: now, effects: &effects)
        case .folderListed(let listing): folderListed(listing, effects: &effects)
        case .thumbnailsDecoded(let results): thumbnailsDecoded(results)
        case .pictureKept(let kept, let location): pictureKept(kept, at: location, effects: &effects)
        case .copyFailed(let line):
            // Said on the board: a person pasting elsewhere would otherwise find only the file.
            tell(.copyFailed(line), at: now, effects: &effects)
        }
    }

    private func handle(_ event: WindowEvent, at now: Instant, effects: inout [BoardEffect]) {
        switch event {
        case .touch, .pointer, .key: arrival.lastInputAt = now
        default: break
        }
        switch event {
        case .touch(let touch):
            route(touch, effects: &effects)
        case .pointer(let pointer):
            pointerMoved(pointer)
            lastPointer = pointer.location
            if case .pressed(.right) = pointer.kind, !pointer.modifiers.contains(.control), !emulator.hasPinnedFinger {
                // A right-click opens a print's menu, as on every desktop; Ctrl+right-click pins a finger.
                if menuLayer != nil {
                    closeMenu()
                } else if let id = controller.board.photo(at: pointer.location) {
                    openPrintMenu(id, at: pointer.location, viaPointer: true)
                }
                return
            }
            for touch in emulator.touches(for: pointer, photoCenter: controller.board.photoCenter(at:)) { route(touch, effects: &effects) }
        case .key(let chord, let time):
            guard let command = commands.command(for: chord) else { return }
            perform(command, at: time, effects: &effects)
        case .resized(let size):
            controller.resize(to: size)
        case .visibilityChanged(let isVisible):
            // Shown again: glides that finished meanwhile land at once.
            if isVisible { controller.advance(to: now) }
        case .deviceRemoved(let source):
            // Each of the device's touches is cancelled where it belongs — a widget's, the removed
            // list's, a print's — so nothing it held stays pressed, dragged or half-moved.
            for touch in router.touches(fromSource: source) {
                let location = controls.location(of: touch) ?? controller.lastTouchLocations[touch] ?? .zero
                route(TouchEvent(id: touch, phase: .cancelled, location: location, time: now), effects: &effects)
            }
            controller.cancelTouches(fromSource: source)
        case .filesDropped(let paths, let location, let refused):
            guard catalogue != nil else {
                effects.append(.finishDrop(accepted: false))  // the board is not up yet
                return
            }
            // The list is read and checked: the source hears at once; listing goes on off the loop.
            effects.append(.finishDrop(accepted: !paths.isEmpty))
            effects.append(.listDrop(paths, at: location, refused: refused))
        case .dropIgnored(let reason):
            tell(.dropIgnored(reason), at: now, effects: &effects)
        case .closeRequested:
            effects.append(.quit(status: 0))
        case .windowDestroyed:
            effects.append(.report("the window was destroyed by another program"))
            effects.append(.quit(status: 1))
        case .pasted(let content):
            pasted(content, at: now, effects: &effects)
        case .pasteFailed(let reason):
            tell(.pasteFailed(reason), at: now, effects: &effects)
        case .pictureDropped(let picture, let location):
            guard catalogue != nil else { return }
            effects.append(.keepPicture(picture, at: location))
        case .displayProfileChanged:
            // The platform gave the decoders the new profile: shown photos are converted again.
            if let requests = catalogue?.decodeAgain(), !requests.isEmpty { effects.append(.decode(requests)) }
        case .exposed, .frameShown:
            break  // the loop's: what is painted when
        }
    }

    // MARK: Time

    /// Lets time pass: the board's motions and timeouts, notices, sharper or smaller pictures
    /// once the board rests, the save a second after it rests, and the empty board's notice.
    public func advance(to now: Instant) -> [BoardEffect] {
        guard !hasEnded else { return [] }
        var effects: [BoardEffect] = []
        if let deadline = controller.nextDeadline, deadline <= now { controller.advance(to: now) }
        // The photos opened this turn placed their first cards; the rest follow turn by turn.
        if openedThisTurn {
            openedThisTurn = false
        } else if catalogue?.hasPendingCards == true {
            placeNextCards()
        }
        takeHolds(at: now, effects: &effects)
        if pickerLayer?.isGliding == true { apply(pickerLayer?.advance(to: now, in: controller.board.size) ?? [], effects: &effects) }
        if controller.revision != lastChange.revision { lastChange = (controller.revision, now) }
        let isResting = !controller.isAnimating && controller.activeTouchCount == 0
        if isResting, refinedRevision != controller.revision, catalogue != nil {
            let requests = catalogue?.refineResolution(for: controller) ?? []
            if !requests.isEmpty { effects.append(.decode(requests)) }
            refinedRevision = controller.revision
        }
        let isLoading = catalogue?.isLoading ?? true
        startSaveIfDue(isReady: isResting && !isLoading, at: now, effects: &effects)
        notices.advance(to: now)
        notices.noteWhether(isEmpty: controller.board.photos.isEmpty && !isLoading, at: now)
        return effects
    }

    /// When a frame that only shows photos arriving may be painted, the last having been painted
    /// at `lastFrame`: `nil` (at once) unless photos are still arriving and nobody is at the
    /// board — no finger, click or key for a moment, nothing moving, no picker or menu open.
    public func arrivalFrameTime(after lastFrame: Instant?, at now: Instant) -> Instant? {
        let isUnattended =
            catalogue?.isLoading == true && controller.activeTouchCount == 0 && !controller.isAnimating && picker == nil
            && menuLayer == nil && !showsHelp
        return arrival.frameTime(after: lastFrame, at: now, isUnattended: isUnattended)
    }

    /// When the platform must next wake the session, at the latest: the controller (frames while something
    /// moves; only tap timeouts while the window is hidden), the autosave, the loading
    /// indicator's tick and the notices.
    public func nextDeadline(after now: Instant, isVisible: Bool = true) -> Instant? {
        let frame = now + settings.frameInterval
        let sources: [Instant?] = [
            isVisible ? controller.nextDeadline : controller.nextTimeout,
            isVisible ? controls.nextDeadline(after: now, frame: frame, isPinned: controlsArePinned) : nil,
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
