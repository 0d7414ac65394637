/// The frame: what the board shows now, as a value to compare (`FrameState.Content`) and as the
/// display list to paint; the list painted is what touches are hit-tested against.
extension BoardSession {
    /// Everything the next frame is drawn from, as far as telling frames apart goes.
    public func frameContent(at now: Instant) -> FrameState.Content {
        let widgets = layers(at: now, status: nil).items.compactMap { if case .widget(let item) = $0 { item } else { nil } }
        return FrameState.Content(
            revision: controller.revision, status: catalogue?.status(at: now), overlay: emulator.overlay, showsHelp: showsHelp,
            notices: notices.shown(at: now), showsRemovedPhotos: showsRemovedPhotos, moving: controller.movingPhotos,
            showsCaptions: showsCaptions, picturesRevision: picturesRevision, widgets: widgets)
    }

    /// The layers above the prints as they show at `now`, bottom to top (`LayerStack` says the
    /// order); `status` is the loading panel's, which notices and the removed list sit above.
    func layers(at now: Instant, status: LoadingStatus?) -> LayerStack {
        let size = controller.board.size, metrics = WidgetMetrics(scale: scene.style.uiScale), style = WidgetStyle()
        let overlays = scene.overlayLayout(for: size)
        var stack = LayerStack()
        for panel in overlays.notices(notices.shown(at: now), aboveLoadingPanel: status != nil) {
            let layer: Layer = if case .notice(let id) = panel.kind { .notice(id) } else { .board }
            stack.append(layer, [.panel(panel)], reach: layer == .board ? .nothing : .frame(panel.frame))
        }
        if let shelf = removedShelf(status: status) {
            stack.append(.removedPhotos, [.removedPhotos(shelf)], reach: .shelf(shelf))
        }
        if let pickerLayer {
            var onBoard: Set<PathKey> = []
            if let catalogue, let listing = pickerLayer.picker.listing {
                onBoard = Set(listing.pictures.map(\.canonical).filter { catalogue.isOnBoard($0, controller: controller) })
            }
            let widget = pickerLayer.layout(in: size, measure: scene.measure, style: style, onBoard: onBoard)
            stack.append(.picker, [.widget(widget.item)], reach: .widget(widget))
        }
        let opacity = controls.opacity(at: now, isPinned: controlsArePinned)
        if opacity > 0, !isBarCoveringAPrintInHand(metrics: metrics) {
            let bar = controlBar().layout(in: size, measure: scene.measure, opacity: opacity)
            stack.append(.controls, [.widget(bar.item)], reach: .widget(bar))
        }
        if let hold = controller.holdProgress(at: now), hold.fraction > 0.2 {
            // The finger's ring fills as the hold nears its menu (shown once it is clearly a hold).
            let radius = 30 * metrics.scale, width = 5 * metrics.scale
            let fraction = (hold.fraction - 0.2) / 0.8
            let frame = Rect(
                x: hold.location.x - radius - width, y: hold.location.y - radius - width, width: 2 * (radius + width),
                height: 2 * (radius + width))
            let ring = WidgetItem(
                frame: frame, steps: [.ring(center: hold.location, radius: radius, lineWidth: width, fraction: fraction, color: style.ring)]
            )
            stack.append(.board, [.widget(ring)], reach: .nothing)
        }
        if let item = pickerLayer?.draggedItem(style: style) { stack.append(.board, [.widget(item)], reach: .nothing) }
        if let menu = menuLayer?.popup {
            // Open, a menu takes every touch: on it, its entries; anywhere else, a touch closes it.
            stack.append(.dismissMenu, [], reach: .everywhere)
            let widget = menu.layout(in: size, metrics: metrics, measure: scene.measure, style: style)
            stack.append(.menu, [.widget(widget.item)], reach: .widget(widget))
        }
        if showsHelp {
            let panel = overlays.help(scene.help)
            stack.append(.help, [.panel(panel)], reach: .frame(panel.frame))
        }
        return stack
    }

    /// Whether the controls would cover a print in the hands (held by a finger): they give way.
    private func isBarCoveringAPrintInHand(metrics: WidgetMetrics) -> Bool {
        let held = Set(router.touches(of: .board).compactMap { controller.owner(of: $0) })
        guard !held.isEmpty else { return false }
        let band = Rect(x: 0, y: 0, width: controller.board.size.width, height: metrics.controlBarBottom)
        return held.contains { id in
            guard let photo = controller.board.photo(id) else { return false }
            return Rect.bounding(photo.printBounds.corners.map(photo.photoToBoard.apply(to:))).intersects(band)
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

    /// The list as it shows now (above the loading panel while that shows), or `nil`.
    private func removedShelf(status: LoadingStatus?) -> RemovedShelf? {
        guard showsRemovedPhotos else { return nil }
        let entries = controller.removedPhotos.map { photo in
            RemovedShelf.Entry(photo: photo.id, pictureSize: photo.size, name: catalogue?.name(of: photo.id) ?? "")
        }
        let scale = scene.style.uiScale, size = controller.board.size
        let inset = status == nil ? 0 : OverlayGeometry.progressPanel(in: size, scale: scale).size.height
        return RemovedShelf(entries: entries, in: size, scale: scale, bottomInset: inset)
    }

    /// The captions of the prints on the board, while shown; each made once.
    private func shownCaptions() -> [PhotoID: String] {
        guard showsCaptions, let catalogue else { return [:] }
        var shown: [PhotoID: String] = [:]
        for photo in controller.board.photos {
            if let text = captions[photo.id] {
                shown[photo.id] = text
                continue
            }
            let text = catalogue.caption(of: photo.id)
            captions[photo.id] = text
            shown[photo.id] = text
        }
        return shown
    }
}
