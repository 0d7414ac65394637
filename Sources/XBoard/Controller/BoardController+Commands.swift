/// Keyboard and menu-style commands: undo and redo, gathering, removing, and moving the
/// selected photo by keys (for people who cannot use gestures).
extension BoardController {
    /// One arrangement: every photo's placement and the stacking order.
    public struct Arrangement: Hashable, Sendable {
        public var photos: [Photo]
    }

    /// The current arrangement.
    public var arrangement: Arrangement { Arrangement(photos: board.photos) }

    /// Remembers the arrangement before a change, so `undo()` can return to it. Called when a
    /// gesture starts and before every command; consecutive identical arrangements are kept once.
    public func recordUndoPoint() {
        let current = arrangement
        if history.undo.last != current { history.undo.append(current) }
        if history.undo.count > 200 { history.undo.removeFirst(history.undo.count - 200) }
        history.redo.removeAll()
    }

    public var canRedo: Bool { !history.redo.isEmpty }

    /// Returns to the arrangement before the last change (photos glide back; removed ones return).
    public func undo() {
        while let previous = history.undo.popLast() {
            guard previous != arrangement else { continue }
            history.redo.append(arrangement)
            restore(previous)
            return
        }
    }

    /// Re-applies what `undo()` took back.
    public func redo() {
        guard let next = history.redo.popLast() else { return }
        history.undo.append(arrangement)
        restore(next)
    }

    /// Gathers every photo back into view in a tidy spread: a fresh layout for the current
    /// window, each photo at its first-layout size, gliding there.
    public func gather(seed: UInt64 = 1) {
        recordUndoPoint()
        let layout = TossedLayout(count: board.photos.count, boardSize: board.size, seed: seed)
        for (index, photo) in board.photos.enumerated() {
            let target = layout.photo(at: index, id: photo.id, pixelSize: photo.pixelSize)
            let scale = target.size.longEdge / max(photo.size.longEdge, 1e-9)
            let placement = AffineTransform(center: target.center, scale: photo.clampScale(scale, settings: settings.motion), rotation: target.rotation)
            settleCommand(photo.id, to: placement)
        }
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

    /// Selects the next (or previous) photo in stacking order, top first.
    public func selectNext(backwards: Bool = false) {
        let order = board.photos.map(\.id).reversed()
        guard !order.isEmpty else { return }
        if let current = selection, let index = order.firstIndex(of: current) {
            let offset = backwards ? order.count - 1 : 1
            selection = order[order.index(order.startIndex, offsetBy: (order.distance(from: order.startIndex, to: index) + offset) % order.count)]
        } else {
            selection = backwards ? order.last : order.first
        }
        if let selection, board.bringToFront(selection) { revision &+= 1 }
        revision &+= 1
    }

    /// Moves the target photo by `offset` board points (arrow keys), within the window.
    public func nudge(by offset: Point) {
        adjustTarget { $0.withCenter($0.center + offset) }
    }

    /// Scales the target photo by `factor` about its centre (+ and − keys), within the limits.
    public func zoomTarget(by factor: Double) {
        guard let id = commandTarget, let photo = board.photo(id) else { return }
        adjustTarget { AffineTransform(center: $0.center, scale: photo.clampScale($0.scale * factor, settings: settings.motion), rotation: $0.rotation) }
    }

    /// Turns the target photo by `angle` radians about its centre ([ and ] keys).
    public func turnTarget(by angle: Double) {
        adjustTarget { AffineTransform(center: $0.center, scale: $0.scale, rotation: $0.rotation + angle) }
    }

    private func adjustTarget(_ change: (AffineTransform) -> AffineTransform) {
        guard let id = commandTarget, let photo = board.photo(id) else { return }
        recordUndoPoint()
        // Keys pressed in quick succession add up: build on where the last one is taking it.
        var from = photo.photoToBoard
        if case .settle(let settle) = motions[id] { from = settle.to }
        let placed = change(from)
        settleCommand(id, to: placed.withCenter(board.bounds.clamp(placed.center)), duration: .milliseconds(120))
    }

    private func restore(_ arrangement: Arrangement) {
        let wanted = Set(arrangement.photos.map(\.id))
        for photo in board.photos where !wanted.contains(photo.id) { remove(photo.id) }
        for photo in arrangement.photos where board.photo(photo.id) == nil {
            var returning = photo
            returning.photoToBoard = photo.photoToBoard.withCenter(board.bounds.clamp(photo.center))
            add(returning)
        }
        reorder(arrangement.photos.map(\.id))
        for photo in arrangement.photos {
            settleCommand(photo.id, to: photo.photoToBoard.withCenter(board.bounds.clamp(photo.center)))
        }
    }
}
