import SystemPackage

/// Commands — from keys (through the command catalogue), the controls and the entries of Tidy's
/// and More's menus — carried out: the board's own by the controller; the screen's (help, the
/// removed photos list, captions, Esc, the picker, About, a pinned finger) through the layers
/// and the pointer; what needs the platform (paste, copy, fullscreen, export, save, quit) as an
/// effect. What the export came to is said here too.
extension BoardSession {
    /// Carries out `command`, given at `time`.
    public func perform(_ command: BoardCommand, at time: Instant) -> [BoardEffect] {
        guard !hasEnded else { return [] }
        return running { perform(command, at: time, effects: &$0) }
    }

    func perform(_ command: BoardCommand, at time: Instant, effects: inout [BoardEffect]) {
        controller.advance(to: time)
        guard !settleCrop(before: command), !controller.perform(command) else { return }
        switch command {
        case .quit:
            effects.append(.quit(status: 0))
        case .addPhotos:
            let folder = settings.picturesFolder ?? settings.homeFolder ?? FilePath("/")
            carryOut(layers.openPicker(in: folder, home: settings.homeFolder, metrics: metrics), effects: &effects)
        case .paste:
            guard catalogue != nil else { return }
            pointer.notePaste(on: Rect(origin: .zero, size: controller.board.size))
            effects.append(.paste)
        case .copy:
            copy(controller.commandTargets, effects: &effects, at: time)  // the selection, else the target
        case .escape:
            // Esc closes a menu, and else the picker; else it clears the selection; else the help
            // panel and the removed photos list, and lifts a pinned finger, together; when none
            // was open, it leaves fullscreen.
            if let closing = layers.closeTopmost() { return carryOut(closing, effects: &effects) }
            if !controller.selected.isEmpty { return controller.clearSelection() }
            let lifted = pointer.liftPinnedFinger(at: time)
            for touch in lifted { route(touch, effects: &effects) }
            if !layers.hidePanels(), lifted.isEmpty { effects.append(.leaveFullscreen) }
        case .toggleFullscreen:
            effects.append(.toggleFullscreen)
        case .crop:
            if let target = controller.commandTarget { startCrop(target) }
        case .confirm:
            break  // nothing to keep but a crop (`settleCrop`)
        case .toggleHelp:
            layers.help.isShown.toggle()
        case .exportPicture:
            let board = controller.board
            var files: [PhotoID: FilePath] = [:]
            for photo in board.photos { files[photo.id] = catalogue?.path(of: photo.id) }
            effects.append(.exportPicture(scene.build(board, view: controller.view), files: files))
        case .saveDocument:
            guard let catalogue, let request = saveRequest() else { return }
            effects.append(.saveDocument(request, members: Set(catalogue.canonicalKeys)))
        case .toggleRemovedPhotos:
            layers.shelf.isShown.toggle()
        case .tidy(let byDate):
            guard let catalogue else { return }
            // The grid starts below the controls, which show whenever a finger comes to the table:
            // its top row would be under them, and a press there would land on a control.
            // With a selection, only it is tidied, into a grid in the view.
            controller.tidy(
                order: catalogue.tidyOrder(of: controller.board.photos.map(\.id), byDate: byDate),
                keepingClearAtTop: metrics.controlBarBottom, only: controller.selected.isEmpty ? nil : controller.selected)
        case .toggleCaptions:
            // Captions hide on prints too small to read them; when that is every print, say so.
            if layers.captions.toggle(on: controller.board.photos, zoom: controller.view.zoom) {
                notices.tell(.captionsTooSmall, at: time)
            } else {
                notices.withdraw(topic: BoardNotices.captionsTopic, at: time)
            }
        case .about:
            // About the target, beside it.
            guard let target = controller.commandTarget, let photo = controller.board.photo(target) else { return }
            showAbout(target, at: controller.view.boardToWindow.apply(to: photo.photoToBoard.center))
        case .pinFinger:
            if let location = pointer.location { pinFinger(at: location, time: time, effects: &effects) }
        case .showWholeBoard:
            // Below the controls, which show whenever a finger comes to the table, and above the
            // loading panel while photos load.
            let loading = catalogue?.status(at: time) == nil ? 0 : OverlayGeometry.progressPanelHeight * metrics.scale
            controller.showWholeBoard(keepingClearAtTop: metrics.controlBarBottom, bottom: loading)
        case .undo, .redo, .gather, .removeTarget, .selectNext, .nudge, .zoom, .turn, .closeUp, .putBack, .turnUpright, .actualPixels,
            .showActualSize, .flip, .toggleBlackAndWhite, .stepSeeThrough, .resetCrop,
            .zoomTable, .selectAll:
            break  // the controller's, handled above
        }
    }

    /// Pins a second finger at `location` (one pinned before lifts first), routed as any touch.
    func pinFinger(at location: Point, time: Instant, effects: inout [BoardEffect]) {
        for touch in pointer.pinFinger(at: location, time: time) { route(touch, effects: &effects) }
    }

    func finishExport(_ outcome: ExportOutcome, at now: Instant, effects: inout [BoardEffect]) {
        switch outcome {
        case .saved(let path):
            effects.append(.printPath(path))
            tell(.exported(path: path.escaped, home: settings.home), at: now, effects: &effects)
        case .failed(let line):
            tell(.exportFailed(line), at: now, effects: &effects)
        }
    }
}
