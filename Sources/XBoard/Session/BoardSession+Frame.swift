/// The frame: what the board shows now, as a value to compare (`FrameState.Content`) and as the
/// display list to paint; the list painted is what touches are hit-tested against.
extension BoardSession {
    /// Everything the next frame is drawn from, as far as telling frames apart goes.
    public func frameContent(at now: Instant) -> FrameState.Content {
        FrameState.Content(
            revision: controller.revision, status: catalogue?.status(at: now), overlay: emulator.overlay, showsHelp: showsHelp,
            notices: notices.shown(at: now), showsRemovedPhotos: showsRemovedPhotos, moving: controller.movingPhotos,
            showsCaptions: showsCaptions, picturesRevision: picturesRevision)
    }

    /// The frame to paint now; what it shows of notices and the removed photos list is what the
    /// next touches are hit-tested against.
    public func makeFrame(at now: Instant) -> DisplayList {
        let status = catalogue?.status(at: now)
        let shelf = removedShelf(status: status)
        let list = scene.build(
            controller.board, status: status, overlay: emulator.overlay, selection: controller.selection, showsHelp: showsHelp,
            notices: notices.shown(at: now), removedPhotos: shelf, moving: controller.movingPhotos, captions: shownCaptions())
        shown = Shown(
            noticePanels: list.panels.compactMap { panel in
                if case .notice(let id) = panel.kind { return (id, panel.frame) }
                return nil
            }, shelf: shelf)
        return list
    }

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
