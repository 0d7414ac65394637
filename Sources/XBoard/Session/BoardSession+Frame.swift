/// The frame: what the board shows now, as a value to compare (`FrameState.Content`) and as the
/// display list to paint; the list painted is what touches are hit-tested against.
extension BoardSession {
    /// Everything the next frame is drawn from, as far as telling frames apart goes.
    public func frameContent(at now: Instant) -> FrameState.Content {
        let widgets = stack(at: now).items.compactMap { if case .widget(let item) = $0 { item } else { nil } }
        return FrameState.Content(
            revision: controller.revision, status: catalogue?.status(at: now), overlay: pointer.overlay, showsHelp: showsHelp,
            notices: notices.shown(at: now), showsRemovedPhotos: showsRemovedPhotos, moving: controller.movingPhotos,
            showsCaptions: showsCaptions, picturesRevision: arrivals.picturesRevision &+ layers.thumbnailsRevision &+ tiles.revision,
            widgets: widgets,
            isViewMoving: controller.isViewMoving)
    }

    /// The layers above the prints as they show at `now` (`ScreenLayers.stack`), laid out once a
    /// frame: the content told apart and the frame painted share one layout, made again only
    /// when time or the session moved on (a turn) or the board changed.
    private func stack(at now: Instant) -> LayerStack {
        let key = (at: now, turn: turn, revision: controller.revision)
        if let layout, layout.key == key { return layout.stack }
        let stack = layers.stack(
            at: now, status: catalogue?.status(at: now), notices: notices.shown(at: now), controller: controller, catalogue: catalogue,
            scene: scene, commands: commands, pinsControls: pinsControls)
        layout = (key, stack)
        return stack
    }

    /// The frame to paint now: the table and its prints, then the layers above them; the
    /// layers it shows are what the next touches are hit-tested against.
    ///
    /// While the view moves on a large board with no print held or moving, the frame is a
    /// snapshot of the table as it was when the view started moving (`TableSnapshot`); a print
    /// held while the other hand moves the table draws every print instead (the simplest
    /// correct choice: the held print would otherwise be scaled along in the snapshot).
    public func makeFrame(at now: Instant) -> DisplayList {
        let moving = controller.movingPhotos
        let snapshots =
            controller.isViewMoving && moving.isEmpty && controller.board.photos.count > settings.tableSnapshotMinimum
        if !snapshots {
            viewMoveStart = nil
        } else if viewMoveStart == nil {
            viewMoveStart = shownView ?? controller.view
        }
        var list = scene.build(
            controller.board, view: controller.view, status: catalogue?.status(at: now), overlay: pointer.overlay,
            selection: controller.selection, selected: controller.selected,
            moving: moving, isViewMoving: controller.isViewMoving, captions: shownCaptions(), viewMoveStart: viewMoveStart,
            snapshotMinimum: settings.tableSnapshotMinimum,
            tiles: tiles.shown(
                view: controller.view, window: controller.board.size, copyLongEdge: { [catalogue] in catalogue?.copyLongEdge(of: $0) },
                photo: { controller.board.photo($0) }))
        shownView = controller.view
        layers.shown = stack(at: now)
        list.items += layers.shown.items
        return list
    }

    /// The controls as the last frame showed them (where a finger finds them).
    public var shownBar: LaidOutWidget? { layers.shown.bar }

    /// The picker as the last frame showed it.
    public var shownPicker: LaidOutWidget? { layers.shown.picker }

    /// Where the picker's parts are, while it is open.
    public var pickerGeometry: PickerGeometry? { picker?.geometry(in: controller.board.size, metrics: metrics) }

    /// The open menu as the last frame showed it.
    public var shownMenu: LaidOutWidget? { layers.shown.menu }

    /// Whether the frame should wait for the vertical blank: glides and settles do (no tearing);
    /// what fingers move is shown at once.
    public var prefersVerticalBlank: Bool { controller.isAnimating && controller.activeTouchCount == 0 }

    /// The captions of the prints on the board, while shown; each made once.
    private func shownCaptions() -> [PhotoID: String] {
        guard let catalogue else { return [:] }
        return layers.captions.shown(on: controller.board.photos.lazy.map(\.id)) { catalogue.caption(of: $0) }
    }
}
