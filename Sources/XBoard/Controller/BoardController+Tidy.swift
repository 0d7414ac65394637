/// Tidying the board into a grid (`t`): for finding one photo among hundreds.
extension BoardController {
    /// Tidies every photo into a grid without overlaps (`TidyLayout`), in `order` (photos it
    /// leaves out follow in stacking order), each gliding to its cell upright. Undoable, like
    /// every command.
    public func tidy(order: [PhotoID], keepingClearAtTop topInset: Double = 0) {
        var seen = Set<PhotoID>()
        let ordered = (order + board.photos.map(\.id)).filter { board.photo($0) != nil && seen.insert($0).inserted }
        let photos = ordered.compactMap { board.photo($0) }
        guard !photos.isEmpty else { return }
        recordUndoPoint()
        forgetCloseUps()
        var tidySettings = settings.tidy
        tidySettings.topInset = topInset
        let layout = TidyLayout(printSizes: photos.map(\.printBounds.size), boardSize: board.size, settings: tidySettings)
        for (index, photo) in photos.enumerated() {
            let target = layout.placement(at: index, printSize: photo.printBounds.size)
            let placement = AffineTransform(
                center: target.center, scale: photo.clampScale(target.scale, settings: settings.motion), rotation: 0)
            settleCommand(photo.id, to: placement)
        }
    }
}
