/// Cropping a print (`CropLayer`, issue 40): begun from the print's menu or `x`, kept by Done, a
/// tap outside or Enter — and by any other command, which acts on the print as cropped — and left
/// by Cancel or Esc.
extension BoardSession {
    /// Begins cropping `id` (a crop under way is kept first).
    func startCrop(_ id: PhotoID) {
        if layers.crop != nil { finishCrop() }
        layers.closeMenu()
        guard let before = controller.beginCrop(id), let photo = controller.board.photo(id) else { return }
        var crop = CropLayer(before: before)
        // The frame where fingers reach all its handles, clear of Done and Cancel: the table eases
        // there (zooming out, never in) when it lies partly out of the window.
        let size = controller.board.size, bar = CropLayer.barReach(metrics)
        let area = Rect(x: 0, y: 0, width: size.width, height: max(size.height - bar, size.height / 2))
        let extent = Rect.bounding(crop.frame.corners.map(CropLayer.unitToBoard(photo).apply(to:)))
        crop.viewBefore = controller.bringIntoView(extent, within: area, margin: metrics.target)
        layers.crop = crop
    }

    /// Keeps the crop framed.
    func finishCrop() {
        guard let crop = layers.crop else { return }
        layers.crop = nil
        controller.finishCrop(crop.photo, to: crop.frame)
        if let view = crop.viewBefore { controller.easeView(to: view) }  // the table back as it was
    }

    /// Keeps what is being done as it stands — a crop, as Done would — before the board's last
    /// save, when the board ends however it ends (a window closed, a signal).
    public func keepOpenEdits() { finishCrop() }

    /// Leaves the print as it was before cropping began.
    func cancelCrop() {
        guard let crop = layers.crop else { return }
        layers.crop = nil
        controller.cancelCrop(crop.before)
        if let view = crop.viewBefore { controller.easeView(to: view) }
    }

    /// A touch of the crop's: its handles, the picture under the frame, Done and Cancel.
    func routeCrop(_ touch: TouchEvent) {
        guard var crop = layers.crop, let photo = controller.board.photo(crop.photo) else {
            layers.crop = nil
            return
        }
        let outcomes = crop.touch(
            touch, photo: photo, boardToWindow: controller.view.boardToWindow, shown: layers.shown.widget(of: .crop), metrics: metrics,
            maximumScale: photo.maximumScale(settings: controller.settings.motion))
        layers.crop = crop
        for outcome in outcomes {
            switch outcome {
            case .place(let placement): controller.placeCropping(crop.photo, at: placement)
            case .done: finishCrop()
            case .cancel: cancelCrop()
            }
        }
    }

    /// What a command does first while a print is being cropped: Esc leaves the crop and Enter
    /// keeps it (and are done); help and fullscreen leave it open; anything else keeps it first.
    /// Whether the command is done with.
    func settleCrop(before command: BoardCommand) -> Bool {
        guard layers.crop != nil else { return false }
        switch command {
        case .escape:
            cancelCrop()
            return true
        case .confirm:
            finishCrop()
            return true
        case .toggleHelp, .toggleFullscreen:
            return false
        default:
            finishCrop()
            return false
        }
    }
}
