/// Which layer is on top: the layers as they show at a moment, laid out bottom to top into one
/// `LayerStack` (whose doc comment says the order). A new overlay is one more entry here, in its
/// place.
extension ScreenLayers {
    /// The layers above the prints of `controller`'s board at `now`, bottom to top: `notices`
    /// shown; `status` the loading panel's, which notices and the removed list sit above; the
    /// controls shown however idle when `pinsControls` (or a layer holds them).
    mutating func stack(
        at now: Instant, status: LoadingStatus?, notices: [ShownNotice], controller: BoardController, catalogue: PhotoCatalogue?,
        scene: SceneBuilder, commands: CommandCatalogue, pinsControls: Bool
    ) -> LayerStack {
        layoutCount += 1
        let size = controller.board.size, style = WidgetStyle(), metrics = scene.widgetMetrics
        let overlays = scene.overlayLayout(for: size)
        var stack = LayerStack()
        for panel in overlays.notices(notices, aboveLoadingPanel: status != nil) {
            let layer: BoardLayer = if case .notice(let id) = panel.kind { .notice(id) } else { .board }
            stack.append(layer, [.panel(panel)], reach: layer == .board ? .nothing : .frame(panel.frame))
        }
        let removed = controller.removedPhotos.map {
            RemovedShelf.Entry(photo: $0.id, pictureSize: $0.size, name: catalogue?.name(of: $0.id) ?? "", edits: $0.edits)
        }
        let scale = scene.style.uiScale, inset = status == nil ? 0 : OverlayGeometry.progressPanel(in: size, scale: scale).size.height
        if let shelf = shelf.shelf(of: removed, in: size, scale: scale, bottomInset: inset) {
            stack.append(.removedPhotos, [.removedPhotos(shelf)], reach: .shelf(shelf))
        }
        if let picker {
            let onBoard = picker.onBoard { catalogue?.isOnBoard($0, controller: controller) == true }
            let widget = picker.layout(in: size, measure: scene.measure, style: style, onBoard: onBoard)
            stack.append(.picker, [.widget(widget.item)], reach: .widget(widget))
        }
        let opacity = controls.opacity(at: now, isPinned: pinsControls || holdsControls)
        if let cropped = crop?.photo, controller.board.photo(cropped) == nil { crop = nil }  // its photo went
        if let photo = crop.flatMap({ controller.board.photo($0.photo) }), let crop {
            // Cropping takes every touch (a tap outside keeps the crop); the controls wait.
            self.crop?.shownHandles = crop.handles(photo: photo, boardToWindow: controller.view.boardToWindow)
            let widget = crop.layout(
                photo: photo, boardToWindow: controller.view.boardToWindow, in: size, metrics: metrics, measure: scene.measure,
                style: style)
            stack.append(.crop, [], reach: .everywhere)
            stack.append(.crop, [.widget(widget.item)], reach: .widget(widget))
        } else if opacity > 0, !ControlsLayer.covers(heldPrintBounds(controller), width: size.width, metrics: metrics) {
            let bar = controls.bar(commands.controls, metrics: metrics, disabled: disabledControls(commands, controller: controller))
            let laidOut = bar.layout(in: size, measure: scene.measure, opacity: opacity)
            stack.append(.controls, [.widget(laidOut.item)], reach: .widget(laidOut))
        }
        if let hold = controller.holdProgress(at: now),
            let ring = HoldRing.item(at: hold.location, fraction: hold.fraction, metrics: metrics, style: style)
        {
            stack.append(.board, [.widget(ring)], reach: .nothing)
        }
        if let start = controller.armedBandStart(within: HoldRing.radius * metrics.scale),
            let ring = HoldRing.item(at: start, fraction: 1, metrics: metrics, style: style)
        {
            stack.append(.board, [.widget(ring)], reach: .nothing)  // armed: the ring stays until the finger draws
        }
        if let band = controller.bandRect { stack.append(.board, [.widget(BandItem.item(for: band, style: style))], reach: .nothing) }
        if let item = picker?.draggedItem(style: style) { stack.append(.board, [.widget(item)], reach: .nothing) }
        if let popup = menu?.popup {
            // Open, a menu takes every touch: on it, its entries; anywhere else, a touch closes it.
            stack.append(.dismissMenu, [], reach: .everywhere)
            let widget = popup.layout(in: size, metrics: metrics, measure: scene.measure, style: style)
            stack.append(.menu, [.widget(widget.item)], reach: .widget(widget))
        }
        if help.isShown {
            let panel = overlays.help(scene.help)
            stack.append(.help, [.panel(panel)], reach: .frame(panel.frame))
        }
        return stack
    }

    /// The bounds of the prints in the hands (held by a finger), window pixels.
    private func heldPrintBounds(_ controller: BoardController) -> [Rect] {
        let boardToWindow = controller.view.boardToWindow
        return Set(boardTouches.compactMap { controller.owner(of: $0) }).compactMap { id in
            controller.board.photo(id).map { photo in
                Rect.bounding(photo.printBounds.corners.map { boardToWindow.apply(to: photo.photoToBoard.apply(to: $0)) })
            }
        }
    }

    /// What the last frame showed that a finger can act on, a line each (`LayerStack.targets`).
    func shownTargets(_ commands: CommandCatalogue) -> [String] {
        shown.targets(controls: commands.controls, menu: menu?.popup, picker: picker) + cropHandles
    }

    /// The handles of the crop shown, a line each, as the targets are (`shownTargets`): each a
    /// finger's target about its middle.
    private var cropHandles: [String] {
        guard let crop, let widget = shown.widget(of: .crop) else { return [] }
        let side = widget.targets.first?.frame.size.height ?? 48
        return crop.shownHandles.map { handle in
            "handle \(handle.name) at \(Int((handle.at.x - side / 2).rounded())) \(Int((handle.at.y - side / 2).rounded())) \(Int(side.rounded())) \(Int(side.rounded()))"
        }
    }
}
