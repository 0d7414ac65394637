/// Keyboard and menu-style commands: gathering, removing, and moving the selected photo by keys
/// (for people who cannot use gestures). Each records an undo point first.
extension BoardController {
    /// Carries out a board command; returns `false` for the commands that are the session's own
    /// (`BoardSession.perform(_:at:)`: quitting, files, the clipboard, the window and what shows
    /// over the board), which the board has no part in.
    @discardableResult
    public func perform(_ command: BoardCommand) -> Bool {
        let steps = settings.commands
        switch command {
        case .undo: undo()
        case .redo: redo()
        case .gather: gather(seed: UInt64(truncatingIfNeeded: now.sinceOrigin.components.seconds))
        case .removeTarget:
            if !selected.isEmpty {
                removeSelected()
            } else if let target = commandTarget {
                removeFromBoard(target)
            }
        case .selectNext(let backwards): selectNext(backwards: backwards)
        case .nudge(let direction, let isLarge):
            nudge(by: direction.unit * ((isLarge ? steps.largeNudgeStep : steps.nudgeStep) / view.zoom))
        case .zoom(let isIn): zoomTarget(by: isIn ? steps.zoomStep : 1 / steps.zoomStep)
        case .turn(let isClockwise): turnTarget(by: isClockwise ? steps.turnStep : -steps.turnStep)
        case .closeUp: if let target = commandTarget { toggleCloseUp(target) }
        case .putBack: if let target = commandTarget { putBack(target) }
        case .turnUpright: if let target = commandTarget { turnUpright(target) }
        case .actualPixels: if let target = commandTarget { showActualPixels(target) }
        case .flip(let vertically): flip(commandTargets, vertically: vertically)
        case .toggleBlackAndWhite: toggleBlackAndWhite(commandTargets)
        case .stepSeeThrough: stepSeeThrough(commandTargets)
        case .resetCrop: resetCrop(commandTargets)
        case .showActualSize: showActualSize()
        case .selectAll: select(board.photos.map(\.id))
        case .zoomTable(let isIn): zoomTable(by: isIn ? settings.view.keyZoomStep : 1 / settings.view.keyZoomStep)
        case .quit, .addPhotos, .paste, .copy, .escape, .toggleFullscreen, .toggleHelp, .exportPicture, .saveDocument, .toggleRemovedPhotos,
            .tidy,
            .toggleCaptions, .about, .pinFinger, .showWholeBoard, .crop, .confirm:
            return false
        }
        return true
    }

    /// Gathers every photo back into view in a tidy spread: a fresh layout for the part of the
    /// board the window shows, each photo at its first-layout size for it, gliding there. Zoomed
    /// so far into the table that the prints cannot shrink to that layout (`MotionSettings
    /// .minimumScale`), the spread is laid as much larger about the view's middle as they need and
    /// the view eases out to show it whole, as `tidy` does: a spread, never a heap.
    public func gather(seed: UInt64 = 1) {
        recordUndoPoint()
        forgetCloseUps()
        let photos = board.photos
        var area = visibleBounds
        var layout = TossedLayout(count: photos.count, boardSize: area.size, seed: seed)
        func scale(of index: Int) -> Double {
            layout.photo(at: index, id: photos[index].id, pixelSize: photos[index].pixelSize).size.longEdge
                / max(photos[index].size.longEdge, 1e-9)
        }
        var grown = false
        for _ in 0..<4 {
            let shortfall = photos.indices.reduce(1.0) { worst, index in
                let wanted = scale(of: index)
                return max(worst, photos[index].clampScale(wanted, settings: settings.motion) / max(wanted, 1e-12))
            }
            guard shortfall > 1.001 else { break }
            area = area.scaled(by: shortfall * 1.02, about: area.center)
            layout = TossedLayout(count: photos.count, boardSize: area.size, seed: seed)
            grown = true
        }
        for (index, photo) in photos.enumerated() {
            let target = layout.photo(at: index, id: photo.id, pixelSize: photo.pixelSize)
            let placement = AffineTransform(
                center: target.center + area.origin, scale: photo.clampScale(scale(of: index), settings: settings.motion),
                rotation: target.rotation)
            settleCommand(photo.id, to: placement)
        }
        if grown { moveView(to: BoardView(zoom: board.size.width / area.size.width, origin: area.origin)) }
    }

    /// Takes a photo off the board (never off the disk); undo brings it back.
    public func removeFromBoard(_ id: PhotoID) {
        guard board.photo(id) != nil else { return }
        recordUndoPoint()
        remove(id)
        if selection == id { selection = nil }
    }

    /// The photo keyboard commands act on: the selected one, or else the topmost.
    public var commandTarget: PhotoID? { selection.flatMap { board.photo($0)?.id } ?? board.photos.last?.id }

    /// The photos the arrow, zoom and turn keys move: those selected together, bottom to top,
    /// else `commandTarget`.
    public var commandTargets: [PhotoID] {
        guard !selected.isEmpty else { return commandTarget.map { [$0] } ?? [] }
        return board.photos.map(\.id).filter(selected.contains)
    }

    /// Selects the next (or previous) photo and brings it to the front.
    ///
    /// Photos are visited in the stacking order they had when this round of Tab began (top
    /// first), so raising each selected photo never changes the order still to come: Tab visits
    /// every photo once per round, Shift+Tab the same in reverse. A round begins anew whenever
    /// something other than Tab changed the stack.
    public func selectNext(backwards: Bool = false) {
        let stack = board.photos.map(\.id)
        guard !stack.isEmpty else { return }
        if stack != selectionCycle.stackAfterwards {
            selectionCycle.order = stack.reversed()  // a new round: the photos as they lie now
        }
        let order = selectionCycle.order
        if let current = selection, let index = order.firstIndex(of: current) {
            selection = order[(index + (backwards ? order.count - 1 : 1)) % order.count]
        } else {
            selection = backwards ? order.last : order.first
        }
        if let selection, board.bringToFront(selection) { revision &+= 1 }
        selectionCycle.stackAfterwards = board.photos.map(\.id)
        revision &+= 1
    }

    /// Moves the target photos by `offset` board points (arrow keys), within the view.
    public func nudge(by offset: Point) {
        adjustTarget { $1.withCenter($1.center + offset) }
    }

    /// Scales the target photos by `factor`, each about its centre (+ and − keys), within the limits.
    public func zoomTarget(by factor: Double) {
        adjustTarget { photo, placement in
            AffineTransform(
                center: placement.center, scale: photo.clampScale(placement.scale * factor, settings: settings.motion),
                rotation: placement.rotation)
        }
    }

    /// Turns the target photos by `angle` radians, each about its centre ([ and ] keys).
    public func turnTarget(by angle: Double) {
        adjustTarget { AffineTransform(center: $1.center, scale: $1.scale, rotation: $1.rotation + angle) }
    }

    private func adjustTarget(_ change: (Photo, AffineTransform) -> AffineTransform) {
        let targets = commandTargets.compactMap { board.photo($0) }
        guard !targets.isEmpty else { return }
        recordUndoPoint()
        for photo in targets {
            // Keys pressed in quick succession add up: build on where the last one is taking it.
            var from = photo.photoToBoard
            if case .settle(let settle) = motions[photo.id] { from = settle.to }
            settleCommand(photo.id, to: clamped(change(photo, from), into: visibleBounds), duration: settings.commands.stepDuration)
        }
    }
}
