/// Tidying the board into a grid (`t`): for finding one photo among hundreds.
extension BoardController {
    /// Tidies every photo into a grid without overlaps (`TidyLayout`) in the view, in `order`
    /// (photos it leaves out follow in stacking order), each gliding to its cell upright.
    /// Undoable, like every command. With `only`, only those photos are tidied (a selection),
    /// and the others stay where they lie.
    public func tidy(order: [PhotoID], keepingClearAtTop topInset: Double = 0, only: Set<PhotoID>? = nil) {
        // By place on the board, not by lookups and sets: ten thousand photos are tidied in a
        // few passes over flat arrays.
        let photos = board.photos
        guard !photos.isEmpty else { return }
        var taken = photos.map { photo in only.map { !$0.contains(photo.id) } ?? false }  // left out: as if taken
        guard taken.contains(false) else { return }
        var ordered: [Int] = []
        ordered.reserveCapacity(photos.count)
        for id in order {
            guard let index = board.index(of: id), !taken[index] else { continue }
            taken[index] = true
            ordered.append(index)
        }
        for index in photos.indices where !taken[index] { ordered.append(index) }
        recordUndoPoint()
        forgetCloseUps()
        // The grid is laid in the view: its size and inset in board points, offset to its corner.
        // Zoomed far into the table, prints may not shrink to the cells of the view (a print is
        // never smaller than `MotionSettings.minimumScale`): the grid is then laid as much larger
        // about the view's middle as they need, and the view eases out to show it whole — a grid,
        // never a heap.
        let sizes = ordered.map { photos[$0].printBounds.size }
        let visible = visibleBounds
        // A selection is tidied where it lies (the part of the view its prints cover), not over
        // the whole view among the prints left alone; a tidy of every print uses the view.
        var area = visible
        if only != nil, let covered = Self.selectionArea(ordered.map { photos[$0] }, within: visible) { area = covered }
        var layout = TidyLayout(printSizes: [], boardSize: area.size, settings: settings.tidy)
        var grown = false
        for _ in 0..<4 {  // the cells grow with the area: once is as a rule enough
            var tidySettings = settings.tidy
            tidySettings.topInset = topInset * area.size.width / (board.size.width * view.zoom)
            layout = TidyLayout(printSizes: sizes, boardSize: area.size, settings: tidySettings)
            let shortfall = ordered.indices.reduce(1.0) { worst, cell in
                let photo = photos[ordered[cell]], wanted = layout.placement(at: cell, printSize: sizes[cell]).scale
                return max(worst, photo.clampScale(wanted, settings: settings.motion) / max(wanted, 1e-12))
            }
            guard shortfall > 1.001 else { break }
            area = area.scaled(by: shortfall * 1.02, about: area.center)
            grown = true
        }
        motions.reserveCapacity(motions.count + photos.count)
        for (cell, index) in ordered.enumerated() {
            let photo = photos[index]
            let target = layout.placement(at: cell, printSize: sizes[cell])
            let placement = AffineTransform(
                center: target.center + area.origin, scale: photo.clampScale(target.scale, settings: settings.motion), rotation: 0)
            settleCommand(photo, to: placement)
        }
        let isInView =
            area.minX >= visible.minX - 1e-9 && area.minY >= visible.minY - 1e-9 && area.maxX <= visible.maxX + 1e-9
            && area.maxY <= visible.maxY + 1e-9
        if grown, !isInView {
            let zoom = min(board.size.width / area.size.width, board.size.height / area.size.height)
            moveView(
                to: BoardView(zoom: zoom, origin: area.center - Point(x: board.size.width / zoom / 2, y: board.size.height / zoom / 2)))
        }
        // The tidied selection on top, in its grid's order: none of it hidden under the others.
        if only != nil, board.reorder(ordered.map { photos[$0].id }) { revision &+= 1 }
    }

    /// The part of `visible` that `prints` cover, with the window's proportions about its middle
    /// (so a grid laid there reads as one in the window), or `nil` when they lie out of view.
    static func selectionArea(_ prints: [Photo], within visible: Rect) -> Rect? {
        guard let first = prints.first else { return nil }
        let covered = prints.dropFirst().reduce(first.boardBounds) { $0.union($1.boardBounds) }
        guard let inView = covered.intersection(visible), inView.size.width > 0, inView.size.height > 0 else { return nil }
        let aspect = visible.size.width / max(visible.size.height, 1e-9)
        var size = inView.size
        if size.width / size.height < aspect { size.width = size.height * aspect } else { size.height = size.width / aspect }
        let scale = min(1, visible.size.width / size.width)
        size = Size(width: size.width * scale, height: size.height * scale)
        let center = Point(
            x: min(max(inView.center.x, visible.minX + size.width / 2), visible.maxX - size.width / 2),
            y: min(max(inView.center.y, visible.minY + size.height / 2), visible.maxY - size.height / 2))
        return Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }
}
