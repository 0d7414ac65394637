/// The frame: what the board shows now, as a value to compare (`FrameState.Content`) and as the
/// display list to paint; the list painted is what touches are hit-tested against.
extension BoardSession {
    /// Everything the next frame is drawn from, as far as telling frames apart goes.
    public func frameContent(at now: Instant) -> FrameState.Content {
        FrameState.Content(
            revision: controller.revision, status: catalogue?.status(at: now), overlay: emulator.overlay, showsHelp: showsHelp,
            notices: notices.shown(at: now), showsRemovedPhotos: showsRemovedPhotos, moving: controller.movingPhotos,
            showsCaptions: showsCaptions, picturesRevision: picturesRevision, widgets: widgets(at: now).map(\.item))
    }

    /// The widgets as they show at `now`, bottom to top: the picker, the controls, a press's
    /// ring, a picture dragged out of the picker, an open menu.
    func widgets(at now: Instant) -> [LaidOutWidget] {
        let size = controller.board.size, metrics = WidgetMetrics(scale: scene.style.uiScale), style = WidgetStyle()
        var widgets: [LaidOutWidget] = []
        if let picker {
            let pressedPart: PickerTarget? = if case .picker(let part) = pressed { part } else { nil }
            var onBoard: Set<PathKey> = []
            if let catalogue, let listing = picker.listing {
                onBoard = Set(listing.pictures.map(\.canonical).filter { catalogue.isOnBoard($0, controller: controller) })
            }
            widgets.append(
                picker.layout(in: size, metrics: metrics, measure: scene.measure, style: style, onBoard: onBoard, pressed: pressedPart))
        }
        let opacity = controlsOpacity(at: now)
        if opacity > 0, !isBarCoveringAPrintInHand(metrics: metrics) {
            widgets.append(controlBar().layout(in: size, measure: scene.measure, opacity: opacity))
        }
        if let hold = controller.holdProgress(at: now), hold.fraction > 0.2 {
            // The finger's ring fills as the hold nears its menu (shown once it is clearly a hold).
            let radius = 30 * metrics.scale, width = 5 * metrics.scale
            let fraction = (hold.fraction - 0.2) / 0.8
            let frame = Rect(
                x: hold.location.x - radius - width, y: hold.location.y - radius - width, width: 2 * (radius + width),
                height: 2 * (radius + width))
            widgets.append(
                LaidOutWidget(
                    item: WidgetItem(
                        frame: frame,
                        steps: [.ring(center: hold.location, radius: radius, lineWidth: width, fraction: fraction, color: style.ring)]),
                    targets: []))
        }
        if let dragged, let picker, let file = picker.picture(of: dragged.id) {
            let side = metrics.tile * 0.8
            let frame = Rect(x: dragged.location.x - side / 2, y: dragged.location.y - side / 2, width: side, height: side)
            let steps: [WidgetStep] =
                picker.ready.contains(dragged.id)
                ? [.thumbnail(dragged.id, frame: frame)]
                : [
                    .box(frame, radius: metrics.cornerRadius, color: style.tile),
                    .icon(.photo, frame: frame.insetBy(side * 0.3), color: style.text),
                ]
            _ = file
            widgets.append(LaidOutWidget(item: WidgetItem(frame: frame, opacity: 0.85, steps: steps), targets: []))
        }
        if let menu = popupMenu() {
            widgets.append(menu.layout(in: size, metrics: metrics, measure: scene.measure, style: style))
        }
        return widgets
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

    /// The frame to paint now; what it shows of notices and the removed photos list is what the
    /// next touches are hit-tested against.
    public func makeFrame(at now: Instant) -> DisplayList {
        let status = catalogue?.status(at: now)
        let shelf = removedShelf(status: status)
        let widgets = widgets(at: now)
        var list = scene.build(
            controller.board, status: status, overlay: emulator.overlay, selection: controller.selection, showsHelp: showsHelp,
            notices: notices.shown(at: now), removedPhotos: shelf, moving: controller.movingPhotos, captions: shownCaptions())
        // Widgets above everything but the help panel, which stays on top.
        let helpIndex =
            list.overlays.lastIndex { if case .panel(let panel) = $0, panel.kind == .help { true } else { false } } ?? list.items.count
        list.items.insert(contentsOf: widgets.map { DisplayItem.widget($0.item) }, at: helpIndex)
        shown = Shown(
            noticePanels: list.panels.compactMap { panel in
                if case .notice(let id) = panel.kind { return (id, panel.frame) }
                return nil
            },
            help: list.panels.last { $0.kind == .help }?.frame, shelf: shelf)
        for widget in widgets where !widget.targets.isEmpty || widget.item.frame.size.width > 0 {
            if picker != nil, shown.picker == nil, widget.targets.contains(where: { if case .picker = $0.target { true } else { false } }) {
                shown.picker = widget
            } else if widget.targets.contains(where: { if case .control = $0.target { true } else { false } }) {
                shown.bar = widget
            }
        }
        if menu != nil { shown.menu = widgets.last }
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
