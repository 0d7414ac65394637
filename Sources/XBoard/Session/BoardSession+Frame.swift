/// The frame: what the board shows now, as a value to compare (`FrameState.Content`) and as the
/// display list to paint; the list painted is what touches are hit-tested against.
extension BoardSession {
    /// Everything the next frame is drawn from, as far as telling frames apart goes.
    public func frameContent(at now: Instant) -> FrameState.Content {
        let widgets = layers(at: now, status: nil).items.compactMap { if case .widget(let item) = $0 { item } else { nil } }
        return FrameState.Content(
            revision: controller.revision, status: catalogue?.status(at: now), overlay: emulator.overlay, showsHelp: help.isShown,
            notices: notices.shown(at: now), showsRemovedPhotos: showsRemovedPhotos, moving: controller.movingPhotos,
            showsCaptions: captions.isShown, picturesRevision: picturesRevision, widgets: widgets)
    }

    /// The layers above the prints as they show at `now`, bottom to top (`LayerStack` says the
    /// order); `status` is the loading panel's, which notices and the removed list sit above.
    func layers(at now: Instant, status: LoadingStatus?) -> LayerStack {
        let size = controller.board.size, style = WidgetStyle()
        let overlays = scene.overlayLayout(for: size)
        var stack = LayerStack()
        for panel in overlays.notices(notices.shown(at: now), aboveLoadingPanel: status != nil) {
            let layer: BoardLayer = if case .notice(let id) = panel.kind { .notice(id) } else { .board }
            stack.append(layer, [.panel(panel)], reach: layer == .board ? .nothing : .frame(panel.frame))
        }
        let removed = controller.removedPhotos.map {
            RemovedShelf.Entry(photo: $0.id, pictureSize: $0.size, name: catalogue?.name(of: $0.id) ?? "")
        }
        let scale = scene.style.uiScale, inset = status == nil ? 0 : OverlayGeometry.progressPanel(in: size, scale: scale).size.height
        if let shelf = shelf.shelf(of: removed, in: size, scale: scale, bottomInset: inset) {
            stack.append(.removedPhotos, [.removedPhotos(shelf)], reach: .shelf(shelf))
        }
        if let pickerLayer {
            let onBoard = pickerLayer.onBoard { catalogue?.isOnBoard($0, controller: controller) == true }
            let widget = pickerLayer.layout(in: size, measure: scene.measure, style: style, onBoard: onBoard)
            stack.append(.picker, [.widget(widget.item)], reach: .widget(widget))
        }
        let opacity = controls.opacity(at: now, isPinned: controlsArePinned)
        if opacity > 0, !ControlsLayer.covers(heldPrintBounds(), width: size.width, metrics: metrics) {
            let bar = controlBar().layout(in: size, measure: scene.measure, opacity: opacity)
            stack.append(.controls, [.widget(bar.item)], reach: .widget(bar))
        }
        if let hold = controller.holdProgress(at: now),
            let ring = HoldRing.item(at: hold.location, fraction: hold.fraction, metrics: metrics, style: style)
        {
            stack.append(.board, [.widget(ring)], reach: .nothing)
        }
        if let item = pickerLayer?.draggedItem(style: style) { stack.append(.board, [.widget(item)], reach: .nothing) }
        if let menu = menuLayer?.popup {
            // Open, a menu takes every touch: on it, its entries; anywhere else, a touch closes it.
            stack.append(.dismissMenu, [], reach: .everywhere)
            let widget = menu.layout(in: size, metrics: metrics, measure: scene.measure, style: style)
            stack.append(.menu, [.widget(widget.item)], reach: .widget(widget))
        }
        if help.isShown {
            let panel = overlays.help(scene.help)
            stack.append(.help, [.panel(panel)], reach: .frame(panel.frame))
        }
        return stack
    }

    /// The bounds of the prints in the hands (held by a finger), board points.
    private func heldPrintBounds() -> [Rect] {
        Set(router.touches(of: .board).compactMap { controller.owner(of: $0) }).compactMap { id in
            controller.board.photo(id).map { photo in Rect.bounding(photo.printBounds.corners.map(photo.photoToBoard.apply(to:))) }
        }
    }

    /// The frame to paint now: the table and its prints, then the layers above them; the
    /// layers it shows are what the next touches are hit-tested against.
    public func makeFrame(at now: Instant) -> DisplayList {
        let status = catalogue?.status(at: now)
        var list = scene.build(
            controller.board, status: status, overlay: emulator.overlay, selection: controller.selection, moving: controller.movingPhotos,
            captions: shownCaptions())
        shown = layers(at: now, status: status)
        list.items += shown.items
        return list
    }

    /// The controls as the last frame showed them (where a finger finds them).
    public var shownBar: LaidOutWidget? { shown.bar }

    /// The picker as the last frame showed it.
    public var shownPicker: LaidOutWidget? { shown.picker }

    /// The open menu as the last frame showed it.
    public var shownMenu: LaidOutWidget? { shown.menu }

    /// Whether the frame should wait for the vertical blank: glides and settles do (no tearing);
    /// what fingers move is shown at once.
    public var prefersVerticalBlank: Bool { controller.isAnimating && controller.activeTouchCount == 0 }

    /// The captions of the prints on the board, while shown; each made once.
    private func shownCaptions() -> [PhotoID: String] {
        guard let catalogue else { return [:] }
        return captions.shown(on: controller.board.photos.lazy.map(\.id)) { catalogue.caption(of: $0) }
    }
}
