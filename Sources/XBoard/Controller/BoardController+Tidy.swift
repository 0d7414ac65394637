/// Tidying the board into a grid (`t`): for finding one photo among hundreds.
extension BoardController {
    /// Tidies every photo into a grid without overlaps (`TidyLayout`) in the view, in `order` (photos it
    /// leaves out follow in stacking order), each gliding to its cell upright. Undoable, like
    /// every command.
    public func tidy(order: [PhotoID], keepingClearAtTop topInset: Double = 0) {
        // By place on the board, not by lookups and sets: ten thousand photos are tidied in a
        // few passes over flat arrays.
        let photos = board.photos
        guard !photos.isEmpty else { return }
        var taken = [Bool](repeating: false, count: photos.count)
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
        let visible = visibleBounds
        var tidySettings = settings.tidy
        tidySettings.topInset = topInset / view.zoom
        let layout = TidyLayout(printSizes: ordered.map { photos[$0].printBounds.size }, boardSize: visible.size, settings: tidySettings)
        motions.reserveCapacity(motions.count + photos.count)
        for (cell, index) in ordered.enumerated() {
            let photo = photos[index]
            let target = layout.placement(at: cell, printSize: photo.printBounds.size)
            let placement = AffineTransform(
                center: target.center + visible.origin, scale: photo.clampScale(target.scale, settings: settings.motion), rotation: 0)
            settleCommand(photo, to: placement)
        }
    }
}
