/// The controls along the top edge and the menus (a print's, pressed and held or right-clicked;
/// Tidy's; More's; About) as the session composes them: the layers (`ScreenLayers`) hold their
/// state and open and close every menu — Tidy's and More's themselves, a print's and About when
/// asked here; here a chosen control or entry is carried out.
extension BoardSession {
    var metrics: WidgetMetrics { scene.widgetMetrics }

    /// Whether the controls stay however idle: the board is empty, a finger is on them, a menu
    /// or the picker is open.
    var controlsArePinned: Bool { pinsControls || layers.holdsControls }

    /// Whether the board keeps the controls shown: it is empty, and loaded.
    var pinsControls: Bool { catalogue != nil && controller.board.photos.isEmpty && !(catalogue?.isLoading ?? true) }

    /// The controls greyed now, for tests.
    public var disabledControlsForTesting: Set<Int> { layers.disabledControls(commands, controller: controller) }

    func activateControl(_ index: Int, at time: Instant, effects: inout [BoardEffect]) {
        let disabled = layers.disabledControls(commands, controller: controller)
        let width = controller.board.size.width
        guard
            let command = layers.activate(
                index, commands: commands, disabled: disabled, width: width, scene: scene, selectedCount: controller.selected.count,
                at: time)
        else {
            return
        }
        perform(command, at: time, effects: &effects)
    }

    /// A print's menu, opened by a long press (the finger stays on it, and may slide to an entry)
    /// or a right-click.
    func openPrintMenu(_ id: PhotoID, at location: Point, viaPointer: Bool) {
        layers.open(
            .print(
                id, named: catalogue?.name(of: id), viaPointer: viaPointer, isUpClose: controller.isUpClose(id),
                edits: controller.board.photo(id)?.edits ?? .none,
                selectedCount: controller.selected.contains(id) ? controller.selected.count : 0, commands: commands, at: location))
    }

    /// Opens "About this photo" beside `anchor`.
    func showAbout(_ id: PhotoID, at anchor: Point) {
        guard let catalogue else { return }
        layers.open(.about(id, in: catalogue, at: anchor))
    }

    /// Carries out the action of the entry chosen on the menu that was at `anchor`.
    func choose(_ action: MenuLayer.Action, at anchor: Point, time: Instant, effects: inout [BoardEffect]) {
        switch action {
        case .command(let command): perform(command, at: time, effects: &effects)
        case .control(let index): activateControl(index, at: time, effects: &effects)
        case .onPrint(let command, let id): act(command, on: id, at: anchor, time: time, effects: &effects)
        }
    }

    /// Carries out a command of a print's menu on that print (a command of the board's own, on
    /// the board). On a selected print, Put back, Turn upright, the edits, Remove and Copy act on
    /// the whole selection (each change as one undo step); Close up and About on that print alone.
    func act(_ command: BoardCommand, on id: PhotoID, at anchor: Point, time: Instant, effects: inout [BoardEffect]) {
        let targets = controller.selected.contains(id) ? controller.commandTargets : [id]
        switch command {
        case .closeUp: controller.toggleCloseUp(id)
        case .putBack: controller.putBack(controller.selected.contains(id) ? controller.commandTargets : [id])
        case .turnUpright: controller.turnUpright(controller.selected.contains(id) ? controller.commandTargets : [id])
        case .removeTarget:
            // On a selected print, the menu's removal takes the whole selection.
            if controller.selected.contains(id) { controller.removeSelected() } else { controller.removeFromBoard(id) }
        case .actualPixels: controller.showActualPixels(id)
        case .flip(let vertically): controller.flip(targets, vertically: vertically)
        case .toggleBlackAndWhite: controller.toggleBlackAndWhite(targets)
        case .stepSeeThrough: controller.stepSeeThrough(targets)
        case .crop: startCrop(id)
        case .resetCrop: controller.resetCrop(targets)
        case .about: showAbout(id, at: anchor)
        case .copy: copy(controller.selected.contains(id) ? controller.commandTargets : [id], effects: &effects, at: time)
        case .pinFinger: pinFinger(at: anchor, time: time, effects: &effects)
        default: perform(command, at: time, effects: &effects)
        }
    }

    /// What the last frame showed that a finger can act on, a line each (`LayerStack.targets`).
    public func shownTargets() -> [String] { layers.shownTargets(commands) }

    /// `shownTargets` as one line when they changed since it was last asked, else `nil`: what
    /// `PHOTOBOARD_TRACE=widgets` says after each frame.
    public func changedTargetsLine() -> String? { targetsTrace.changedLine(shownTargets()) }
}
