/// Selecting many prints at once: a finger pressed and held on the bare table, then dragged,
/// draws a band, and its lift selects every print the band touches (added to those selected);
/// a tap on the bare table clears the selection.
extension BoardController {
    /// A band being drawn: the touch drawing it, and where it began and is now (window pixels);
    /// whether what it touches is added to the selection or takes its place.
    struct Band: Hashable, Sendable {
        var touch: TouchID
        var start: Point
        var current: Point
        var isAdding = true
        /// Whether the touch is the band's alone (the mouse's), not the table recognizers' too.
        var isOwnTouch = false

        var windowRect: Rect { Rect.bounding([start, current]) }
    }

    /// The band being drawn, in window pixels, while a finger draws one.
    public var bandRect: Rect? { band?.windowRect }

    /// Where a finger held on the bare table armed a band, while it has not drawn it further
    /// than `distance` window pixels: the hold's ring stays there, full, saying that a drag now
    /// draws a band (the mouse's band needs no hold, and no ring).
    public func armedBandStart(within distance: Double) -> Point? {
        guard let band, !band.isOwnTouch, band.start.distance(to: band.current) < distance else { return nil }
        return band.start
    }

    /// Selects `ids` (those on the board), adding to the selection or in its place.
    public func select(_ ids: some Sequence<PhotoID>, adding: Bool = false) {
        let onBoard = ids.filter { board.photo($0) != nil }
        selected = adding ? selected.union(onBoard) : Set(onBoard)
    }

    /// Adds a print to the selection, or takes it out.
    public func toggleSelection(of id: PhotoID) {
        guard board.photo(id) != nil else { return }
        if selected.contains(id) { selected.remove(id) } else { selected.insert(id) }
    }

    public func clearSelection() { selected = [] }

    /// The photos whose print touches `boardRect` (board points), bottom to top: exactly, a
    /// turned print's outline against the rectangle. One pass over the board.
    public func photos(touching boardRect: Rect) -> [PhotoID] {
        board.photos.compactMap { photo in
            let box = photo.boardBounds
            guard box.maxX >= boardRect.minX, box.minX <= boardRect.maxX, box.maxY >= boardRect.minY, box.minY <= boardRect.maxY
            else { return nil }
            let corners = photo.printBounds.corners.map(photo.photoToBoard.apply(to:))
            return boardRect.intersects(quad: corners) ? photo.id : nil
        }
    }

    /// Snapshot of a photo's manipulation (photo to window) and, when it is one of several
    /// selected, of the others it moves with: whenever its fingers or the view change.
    func rebase(_ id: PhotoID, _ photoGestures: PhotoGestures) {
        photoGestures.rebase(placement: windowPlacement(of: id))
        photoGestures.groupStarts = [:]
        guard photoGestures.manipulation != nil, selected.count > 1, selected.contains(id) else { return }
        let held = Set(touchOwners.values)
        for member in selected where member != id && !held.contains(member) {
            photoGestures.groupStarts[member] = windowPlacement(of: member)
        }
    }

    /// The selected photos move with the one the fingers hold: the same change in the window
    /// (from `start` to `placed`, photo to window) applied to each from its snapshot, each
    /// within its scale limits; `placed` is the held print's placement, already kept in view.
    func moveGroup(of photoGestures: PhotoGestures, from start: AffineTransform, to placed: AffineTransform) {
        guard !photoGestures.groupStarts.isEmpty, let startInverse = start.inverted() else { return }
        let change = startInverse.concatenating(placed)
        for (member, memberStart) in photoGestures.groupStarts {
            guard let photo = board.photo(member) else { continue }
            let onBoard = memberStart.concatenating(change).concatenating(view.windowToBoard)
            guard onBoard.isFinite, onBoard.inverted() != nil else { continue }
            let limited = AffineTransform(
                center: onBoard.center, scale: photo.clampScale(onBoard.scale, settings: settings.motion), rotation: onBoard.rotation)
            // Not held inside the view one by one: the group moves as one piece, as the print
            // under the fingers does (that one is held inside the view), or zoomed in it would
            // bend at the window's edges. The coordinate limit still holds.
            board.setTransform(clamped(limited, into: coordinateBounds), of: member)
        }
        revision &+= 1
    }

    /// The fingers let go of a photo that moved the selection: the others glide on with its
    /// release velocity (board points per second), sliding only — a group does not keep spinning
    /// or zooming after release — each stopping at the view's edges.
    func releaseGroup(of photoGestures: PhotoGestures, velocity: Point) {
        defer { photoGestures.groupStarts = [:] }
        guard velocity != .zero else { return }
        for member in photoGestures.groupStarts.keys {
            guard let photo = board.photo(member) else { continue }
            var motion = settings.motion
            motion.restDistance /= view.zoom
            let glide = Glide(
                startTransform: photo.photoToBoard, startTime: now, velocity: velocity, angularVelocity: 0, logScaleVelocity: 0,
                settings: motion, scaleRange: settings.motion.minimumScale...photo.maximumScale(settings: settings.motion),
                radius: 0, bounds: visibleBounds)
            if glide.endTime > now { motions[member] = .glide(glide) }
        }
    }

    /// Takes every selected photo off the board after one undo point (Delete with a selection,
    /// or "Remove from the board" in a selected print's menu): one undo brings them all back.
    public func removeSelected() {
        let members = board.photos.map(\.id).filter(selected.contains)
        guard !members.isEmpty else { return }
        recordUndoPoint()
        for id in members { remove(id) }
        if let selection, !members.contains(selection) { return }
        selection = nil
    }

    /// A touch of the table moved or ended while it draws the band: the band follows it, and
    /// its lift selects what the band touches.
    func continueBand(_ event: TouchEvent, at location: Point) {
        guard var band, band.touch == event.id else { return }
        switch event.phase {
        case .began, .moved:
            band.current = location
            self.band = band
        case .ended:
            band.current = location
            let boardRect = Rect.bounding(band.windowRect.corners.map(view.windowToBoard.apply(to:)))
            self.band = nil
            select(photos(touching: boardRect), adding: band.isAdding)
        case .cancelled:
            self.band = nil
        }
    }
}
