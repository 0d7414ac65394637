/// The controls along the top edge and the menus (a print's, pressed and held or right-clicked;
/// Tidy's; More's), as the session composes them: their layers (`ControlsLayer`, `MenuLayer`)
/// hold their state and touches and build their entries; here a chosen control or entry is
/// carried out.
extension BoardSession {
    var metrics: WidgetMetrics { WidgetMetrics(scale: scene.style.uiScale) }

    /// Whether the controls stay however idle: the board is empty, a finger is on them, a menu
    /// or the picker is open.
    var controlsArePinned: Bool {
        (catalogue != nil && controller.board.photos.isEmpty && !(catalogue?.isLoading ?? true)) || menuLayer != nil || picker != nil
            || router.touches(of: .controls).isEmpty == false
    }

    /// The controls that cannot act now, by index (undo with nothing to undo).
    func disabledControls() -> Set<Int> {
        ControlsLayer.disabled(
            commands.controls, canUndo: controls.canUndo(at: controller.revision) { controller.canUndo }, canRedo: controller.canRedo,
            canShowRemoved: !controller.removedPhotos.isEmpty || showsRemovedPhotos, hasPhotos: !controller.board.photos.isEmpty)
    }

    /// The controls greyed now, for tests.
    public var disabledControlsForTesting: Set<Int> { disabledControls() }

    func controlBar() -> ControlBar { controls.bar(commands.controls, metrics: metrics, disabled: disabledControls()) }

    func activateControl(_ index: Int, at time: Instant, effects: inout [BoardEffect]) {
        controls.show(at: time)
        let bar = controlBar(), anchor = ControlsLayer.anchor(of: index, shown: shown.bar, metrics: metrics)
        if index == bar.moreIndex {
            let first = bar.fittingCount(width: controller.board.size.width, measure: scene.measure)
            menuLayer = .more(first: first, commands: commands, disabled: disabledControls(), at: anchor)
            return
        }
        guard commands.controls.indices.contains(index), !disabledControls().contains(index) else { return }
        switch commands.controls[index].action {
        case .command(let command): perform(command, at: time, effects: &effects)
        case .tidyMenu: menuLayer = .tidy(commands: commands, at: anchor)
        }
    }

    /// A print's menu, opened by a long press (the finger stays on it, and may slide to an entry)
    /// or a right-click.
    func openPrintMenu(_ id: PhotoID, at location: Point, viaPointer: Bool) {
        menuLayer = .print(
            id, named: catalogue?.name(of: id), viaPointer: viaPointer, isUpClose: controller.isUpClose(id), commands: commands,
            at: location)
    }

    /// Opens "About this photo" beside `anchor`.
    func showAbout(_ id: PhotoID, at anchor: Point) {
        guard let catalogue else { return }
        menuLayer = .about(id, in: catalogue, at: anchor)
    }

    func closeMenu() {
        menuLayer = nil
    }

    /// Closes the open menu and carries out the action of the entry chosen on it.
    func choose(_ action: MenuLayer.Action, at time: Instant, effects: inout [BoardEffect]) {
        guard let anchor = menuLayer?.anchor else { return }
        closeMenu()
        switch action {
        case .command(let command): perform(command, at: time, effects: &effects)
        case .control(let index): activateControl(index, at: time, effects: &effects)
        case .onPrint(let command, let id): act(command, on: id, at: anchor, time: time, effects: &effects)
        }
    }

    /// Carries out a command of a print's menu on that print (a command of the board's own, on
    /// the board).
    func act(_ command: BoardCommand, on id: PhotoID, at anchor: Point, time: Instant, effects: inout [BoardEffect]) {
        switch command {
        case .closeUp: controller.toggleCloseUp(id)
        case .putBack: controller.putBack(id)
        case .turnUpright: controller.turnUpright(id)
        case .removeTarget: controller.removeFromBoard(id)
        case .about: showAbout(id, at: anchor)
        case .copy: copy(id, effects: &effects, at: time)
        case .pinFinger: for touch in emulator.pinFinger(at: anchor, time: time) { route(touch, effects: &effects) }
        default: perform(command, at: time, effects: &effects)
        }
    }

    /// What the last frame showed that a finger can act on, a line each (`LayerStack.targets`).
    public func shownTargets() -> [String] { shown.targets(controls: commands.controls, menu: menuLayer?.popup, picker: pickerLayer) }

    /// `shownTargets` as one line when they changed since it was last asked, else `nil`: what
    /// `PHOTOBOARD_TRACE=widgets` says after each frame.
    public func changedTargetsLine() -> String? { targetsTrace.changedLine(shownTargets()) }
}
