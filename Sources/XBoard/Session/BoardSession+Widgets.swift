import SystemPackage

/// The board's own widgets, for people with only a touchscreen: the controls along the top
/// edge and menus (a print's, pressed and held or right-clicked; Tidy's; the controls that do
/// not fit). Each is a layer (`LayerStack`): a touch that begins on a widget is the widget's
/// until it lifts, and never reaches a print under it.
extension BoardSession {
    // MARK: Controls

    /// Whether the controls stay however idle: the board is empty, a finger is on them, a menu
    /// or the picker is open.
    var controlsArePinned: Bool {
        (catalogue != nil && controller.board.photos.isEmpty && !(catalogue?.isLoading ?? true)) || menuLayer != nil || picker != nil
            || router.touches(of: .controls).isEmpty == false
    }

    /// The controls that cannot act now, by index (undo with nothing to undo).
    func disabledControls() -> Set<Int> {
        var disabled: Set<Int> = []
        for (index, control) in commands.controls.enumerated() {
            switch control.action {
            case .command(.undo) where !canUndo: disabled.insert(index)
            case .command(.redo) where !controller.canRedo: disabled.insert(index)
            case .command(.toggleRemovedPhotos) where controller.removedPhotos.isEmpty && !showsRemovedPhotos: disabled.insert(index)
            case .tidyMenu where controller.board.photos.isEmpty: disabled.insert(index)
            default: break
            }
        }
        return disabled
    }

    /// The controls greyed now, for tests.
    public var disabledControlsForTesting: Set<Int> { disabledControls() }

    /// Whether undo would change anything, worked out once per revision.
    var canUndo: Bool {
        if let known = undoKnown, known.revision == controller.revision { return known.canUndo }
        let value = controller.canUndo
        undoKnown = (controller.revision, value)
        return value
    }

    func activateControl(_ index: Int, at time: Instant, effects: inout [BoardEffect]) {
        controls.show(at: time)
        let bar = controlBar()
        if index == bar.moreIndex {
            let first = bar.fittingCount(width: controller.board.size.width, measure: scene.measure)
            openMenu(.more(first: first), at: controlAnchor(index))
            return
        }
        guard commands.controls.indices.contains(index), !disabledControls().contains(index) else { return }
        switch commands.controls[index].action {
        case .command(let command): perform(command, at: time, effects: &effects)
        case .tidyMenu: openMenu(.tidy, at: controlAnchor(index))
        }
    }

    /// Under a control of the bar as shown: where its menu opens.
    private func controlAnchor(_ index: Int) -> Point {
        guard let frame = shown.bar?.targets.first(where: { $0.target == .control(index) })?.frame else { return .zero }
        return Point(x: frame.minX - WidgetMetrics(scale: scene.style.uiScale).target * 0.6, y: frame.maxY + frame.size.height / 2)
    }

    func controlBar() -> ControlBar {
        controls.bar(commands.controls, metrics: WidgetMetrics(scale: scene.style.uiScale), disabled: disabledControls())
    }

    // MARK: Menus

    /// Opens a menu of `kind` at `anchor`, its entries as they are now.
    func openMenu(_ kind: MenuLayer.Kind, at anchor: Point, title: String? = nil, lines: [String] = []) {
        let entries: [PopupMenu.Entry]
        var title = title
        switch kind {
        case .print(let id, let viaPointer):
            entries = printMenuEntries(viaPointer: viaPointer).map { entry in
                PopupMenu.Entry(entry.command == .closeUp && controller.isUpClose(id) ? entry.titleWhenOn ?? entry.title : entry.title)
            }
            title = catalogue?.name(of: id)
        case .tidy:
            entries = commands.tidyMenu.map { PopupMenu.Entry($0.title) }
            title = "Tidy"
        case .more(let first):
            let disabled = disabledControls()
            entries = commands.controls.dropFirst(first).enumerated().map { offset, control in
                PopupMenu.Entry(control.word, isEnabled: !disabled.contains(first + offset))
            }
        case .about:
            entries = []
        }
        menuLayer = MenuLayer(kind, PopupMenu(title: title, lines: lines, entries: entries, anchor: anchor))
    }

    func closeMenu() {
        menuLayer = nil
    }

    func chooseMenuEntry(_ index: Int, at time: Instant, effects: inout [BoardEffect]) {
        guard let menuLayer else { return }
        closeMenu()
        switch menuLayer.kind {
        case .print(let id, let viaPointer):
            let entries = printMenuEntries(viaPointer: viaPointer)
            if entries.indices.contains(index) { act(entries[index].command, on: id, at: menuLayer.anchor, time: time, effects: &effects) }
        case .tidy:
            if commands.tidyMenu.indices.contains(index) { perform(commands.tidyMenu[index].command, at: time, effects: &effects) }
        case .more(let first):
            activateControl(first + index, at: time, effects: &effects)
        case .about:
            break
        }
    }

    /// A print's menu as it shows: the catalogue's entries, those for the pointer only when
    /// opened with it.
    func printMenuEntries(viaPointer: Bool) -> [CommandCatalogue.MenuEntry] {
        commands.printMenu.filter { viaPointer || !$0.isPointerOnly }
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

    /// Opens "About this photo": its name, folder, size, date taken and camera.
    func showAbout(_ id: PhotoID, at anchor: Point) {
        guard let catalogue else { return }
        var lines: [String] = []
        if let folder = catalogue.path(of: id)?.removingLastComponent() { lines.append("In \(folder.escaped)") }
        if let size = catalogue.nativeSize(of: id) { lines.append("\(Int(size.width)) × \(Int(size.height)) pixels") }
        // When it was taken, or else the file's own date: "Date", which is true of both.
        if let date = catalogue.dateTaken(of: id) ?? nil { lines.append("Date \(CaptionLayout.dateText(date))") }
        if let camera = catalogue.camera(of: id) { lines.append("Camera: \(camera)") }
        openMenu(.about, at: anchor, title: catalogue.name(of: id), lines: lines)
    }

    /// A print's menu, opened by a long press (the finger stays on it, and may slide to an entry)
    /// or a right-click.
    func openPrintMenu(_ id: PhotoID, at location: Point, viaPointer: Bool) {
        openMenu(.print(id, viaPointer: viaPointer), at: location)
    }
}

extension BoardSession {
    /// What the last frame showed that a finger can act on, a line each — the controls, an open
    /// menu's entries, the picker's parts and the removed photos — as `kind word x y width
    /// height` in board points: what a screen reader or a test finds them by.
    /// `shownTargets` as one line (targets separated by `; `) when they changed since it was last
    /// asked, else `nil`: what `PHOTOBOARD_TRACE=widgets` says after each frame.
    public func changedTargetsLine() -> String? {
        let targets = shownTargets()
        guard targets != lastSaidTargets else { return nil }
        lastSaidTargets = targets
        return "trace: targets \(targets.joined(separator: "; "))"
    }

    public func shownTargets() -> [String] {
        func line(_ kind: String, _ word: String, _ frame: Rect) -> String {
            "\(kind) \(word) at \(Int(frame.minX.rounded())) \(Int(frame.minY.rounded())) \(Int(frame.size.width.rounded())) \(Int(frame.size.height.rounded()))"
        }
        var lines: [String] = []
        for (frame, target) in shown.bar?.targets ?? [] {
            guard case .control(let index) = target else { continue }
            let word = commands.controls.indices.contains(index) ? commands.controls[index].word : ControlBar.moreWord
            lines.append(line("control", word, frame))
        }
        if let menu = menuLayer?.popup {
            for (frame, target) in shown.menu?.targets ?? [] {
                guard case .menuEntry(let index) = target, menu.entries.indices.contains(index) else { continue }
                lines.append(line("menu", menu.entries[index].title, frame))
            }
        }
        for target in pickerLayer?.targets(shown: shown.picker) ?? [] { lines.append(line(target.kind, target.word, target.frame)) }
        for slot in shown.shelf?.slots ?? [] { lines.append(line("removed", slot.label, slot.touchFrame)) }
        return lines
    }
}
