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
        var area = visibleBounds
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
        if grown { moveView(to: BoardView(zoom: board.size.width / area.size.width, origin: area.origin)) }
    }
}
