import SystemPackage

/// The layers above the prints, together: each overlay's state (help, the removed photos list,
/// captions, the controls, the open menu, the picker), the one grab table and the stack the last
/// frame showed. A touch is routed here once; what the layers settle among themselves (a menu
/// closed by a touch outside it, the list closed, the help sheet put away, the picker closed) is
/// done here, and what needs the board comes out as outcomes for the session to carry out
/// (`ScreenLayersTests`). `+Stack` says which layer is on top.
struct ScreenLayers: Sendable {
    /// What a touch or a layer asks of the session.
    enum Outcome: Equatable, Sendable {
        /// A touch of the board's (it began on no layer).
        case board(TouchEvent)
        /// A touch of the crop's (`CropLayer`), which needs the print it crops.
        case crop(TouchEvent)
        case dismissNotice(NoticeID)
        case putBack(PhotoID)
        /// An entry of the menu was chosen (the menu is closed): its action, where the menu was.
        case chose(MenuLayer.Action, anchor: Point)
        /// The bar's control at this index acted.
        case activate(Int)
        /// A folder for the picker (`SessionEvent.folderListed` brings it back).
        case listFolder(FilePath)
        /// Thumbnails for the picker, and those it lets go of.
        case decodeThumbnails([ThumbnailRequest])
        case forgetThumbnails([ThumbnailID])
        /// Pictures picked, to lay on the board about `location` (the board's middle when `nil`).
        case addPictures([ListedFile], at: Point?)
        /// A picture that cannot be opened was picked (its name).
        case cannotOpen(String)
    }

    var help = HelpLayer()
    var shelf = ShelfLayer()
    var captions = Captions()
    /// The controls along the top edge: when they show, and the touches on them.
    var controls: ControlsLayer
    /// The menu open now (`open(_:)`).
    private(set) var menu: MenuLayer?
    /// The photo picker, while open.
    private(set) var picker: PickerLayer?
    /// The print being cropped, while it is.
    var crop: CropLayer?
    /// The folder the picker showed last: it opens there again.
    private(set) var lastPickerFolder: FilePath?
    /// The one grab table: every touch belongs to the layer it began on.
    private(set) var router = TouchRouter<BoardLayer>(fallback: .board)
    /// The layers the last frame showed above the prints: what a touch beginning lands on.
    var shown = LayerStack()
    /// Counts arrivals of the picker's thumbnails, which change pixels but not what the layers show.
    private(set) var thumbnailsRevision: UInt64 = 0
    /// How many times the layers were laid out (`stack`): once a frame.
    var layoutCount = 0

    init(controls: ControlsLayer) {
        self.controls = controls
    }

    /// Whether the layers keep the controls shown however idle: a menu or the picker is open, or
    /// a finger is on them.
    var holdsControls: Bool { menu != nil || picker != nil || !router.touches(of: .controls).isEmpty }

    /// Whether something open waits for a person: the picker, a menu or the help sheet.
    var isAttended: Bool { picker != nil || menu != nil || help.isShown || crop != nil }

    /// Routes `touch` to the layer it began on (hit-tested against `shown`, top down, when it
    /// begins); a touch on no layer is the board's.
    mutating func route(_ touch: TouchEvent, in size: Size) -> [Outcome] {
        // A crop begun since the last frame takes the touch already: the board is never a crop's.
        let isCropping = crop != nil
        switch router.route(
            touch,
            hitTest: { [shown] in
                let layer = shown.layer(at: $0)
                return isCropping && layer == .board ? .crop : layer
            })
        {
        case .board:
            return [.board(touch)]
        case .crop:
            return [.crop(touch)]
        case .notice(let id):
            return touch.phase == .began ? [.dismissNotice(id)] : []
        case .help:
            help.touch(touch)
            return []
        case .removedPhotos:
            return shelf.touch(touch, shown: shown.shelf).compactMap { outcome in
                switch outcome {
                case .putBack(let photo): return .putBack(photo)
                case .close:
                    shelf.isShown = false
                    return nil
                }
            }
        case .picker:
            return carryOut(picker?.touch(touch, shown: shown.picker, in: size) ?? [])
        case .menu:
            for outcome in menu?.touch(touch, shown: shown.menu) ?? [] {
                switch outcome {
                case .chose(let action):
                    guard let anchor = menu?.anchor else { return [] }
                    menu = nil
                    return [.chose(action, anchor: anchor)]
                case .close: menu = nil
                }
            }
            return []
        case .dismissMenu:
            // Outside an open menu: the touch closes it, and is nothing more until it lifts.
            if touch.phase == .began { menu = nil }
            return []
        case .controls:
            return controls.touch(touch, shown: shown.bar).map {
                switch $0 {
                case .activate(let index): .activate(index)
                }
            }
        }
    }

    /// A finger the board held becomes the open menu's from now on (the long press that opened it).
    mutating func giveToMenu(_ touch: TouchID) {
        router.reassign(touch, to: .menu)
        menu?.take(touch)
    }

    /// The touches the board holds now.
    var boardTouches: [TouchID] { router.touches(of: .board) }

    /// Cancels for every touch of a device that went away, each where its owner last saw it
    /// (the controls' own, else the board's `lastLocations`), to be routed as any touch.
    func cancels(fromSource source: UInt32, at now: Instant, lastLocations: [TouchID: Point]) -> [TouchEvent] {
        router.touches(fromSource: source).map { touch in
            TouchEvent(id: touch, phase: .cancelled, location: lastLocation(of: touch, lastLocations: lastLocations) ?? .zero, time: now)
        }
    }

    /// Where `touch`'s owner last saw it: the controls' own, else the board's `lastLocations`.
    func lastLocation(of touch: TouchID, lastLocations: [TouchID: Point]) -> Point? {
        controls.location(of: touch) ?? lastLocations[touch]
    }

    // MARK: Menus and controls

    /// Opens `menu`, closing the one open before.
    mutating func open(_ menu: MenuLayer) { self.menu = menu }

    mutating func closeMenu() { menu = nil }

    /// The bar's control at `index` acted, at `time`, those in `disabled` greyed: More and Tidy
    /// open their menus under it (Tidy's saying how many are selected, `selectedCount`, which
    /// alone it tidies); a command comes back for the session to carry out.
    mutating func activate(
        _ index: Int, commands: CommandCatalogue, disabled: Set<Int>, width: Double, scene: SceneBuilder, selectedCount: Int = 0,
        at time: Instant
    ) -> BoardCommand? {
        controls.show(at: time)
        let metrics = scene.widgetMetrics
        let bar = controls.bar(commands.controls, metrics: metrics, disabled: disabled)
        let anchor = ControlsLayer.anchor(of: index, shown: shown.bar, metrics: metrics)
        if index == bar.moreIndex {
            let first = bar.fittingCount(width: width, measure: scene.measure)
            menu = .more(first: first, commands: commands, disabled: disabled, at: anchor)
            return nil
        }
        guard commands.controls.indices.contains(index), !disabled.contains(index) else { return nil }
        switch commands.controls[index].action {
        case .command(let command): return command
        case .tidyMenu:
            menu = .tidy(commands: commands, selectedCount: selectedCount, at: anchor)
            return nil
        }
    }

    /// The controls that cannot act now, by index, as `controller` stands (undo worked out once
    /// a revision).
    mutating func disabledControls(_ commands: CommandCatalogue, controller: BoardController) -> Set<Int> {
        ControlsLayer.disabled(
            commands.controls, canUndo: controls.canUndo(at: controller.revision) { controller.canUndo }, canRedo: controller.canRedo,
            canShowRemoved: !controller.removedPhotos.isEmpty || shelf.isShown, hasPhotos: !controller.board.photos.isEmpty)
    }

    /// Esc's first step: closes the open menu, else the picker. `nil` when neither was open;
    /// else what closing asked for.
    mutating func closeTopmost() -> [Outcome]? {
        if menu != nil {
            menu = nil
            return []
        }
        return picker == nil ? nil : carryOut([.close])
    }

    /// Esc's next step: puts away the help sheet and the removed photos list; whether either showed.
    mutating func hidePanels() -> Bool {
        guard help.isShown || shelf.isShown else { return false }
        help.isShown = false
        shelf.isShown = false
        return true
    }

    // MARK: The picker

    /// Opens the picker where it was last, else in `folder`.
    mutating func openPicker(in folder: FilePath, home: FilePath?, metrics: WidgetMetrics) -> [Outcome] {
        guard picker == nil else { return [] }
        let folder = lastPickerFolder ?? folder
        picker = PickerLayer(folder: folder, home: home, metrics: metrics)
        return [.listFolder(folder)]
    }

    /// A folder the picker asked for was listed.
    mutating func folderListed(_ listing: FolderListing, in size: Size) -> [Outcome] {
        guard picker != nil else { return [] }
        let outcomes = picker?.listed(listing, in: size) ?? []
        if listing.folder == picker?.picker.folder, listing.problem == nil { lastPickerFolder = listing.folder }
        return carryOut(outcomes)
    }

    /// Thumbnails the picker asked for came: its pixels changed (`thumbnailsRevision`).
    mutating func thumbnailsDecoded(_ results: [ThumbnailID: Bool]) {
        picker?.thumbnailsDecoded(results)
        thumbnailsRevision &+= 1
    }

    /// Lets the picker's scrolling glide on to `now`.
    mutating func advancePicker(to now: Instant, in size: Size) -> [Outcome] {
        guard picker?.isGliding == true else { return [] }
        return carryOut(picker?.advance(to: now, in: size) ?? [])
    }

    /// The picker's outcomes, its own done: a close closes it (what closing asks for, such as
    /// thumbnails to forget, follows). A folder to list is remembered once it is listed.
    private mutating func carryOut(_ outcomes: [PickerLayer.Outcome]) -> [Outcome] {
        var carried: [Outcome] = []
        for outcome in outcomes {
            switch outcome {
            case .close:
                guard let closing = picker?.closing else { continue }
                carried += carryOut(closing)
                picker = nil
            case .list(let folder): carried.append(.listFolder(folder))
            case .decode(let requests): carried.append(.decodeThumbnails(requests))
            case .forget(let ids): carried.append(.forgetThumbnails(ids))
            case .add(let files, let location): carried.append(.addPictures(files, at: location))
            case .cannotOpen(let name): carried.append(.cannotOpen(name))
            }
        }
        return carried
    }
}
