/// The tiles of pictures shown finer than the copies the board keeps (issue 39, `TileBook`):
/// asked for once the board rests, drawn over their prints as they arrive.
extension BoardSession {
    /// A print shown at least this long in the window may want tiles: below it, its copy (at
    /// most `PictureResolution.maximumLongEdge`) is finer than the screen.
    static let tilesFromShownLongEdge = 2048.0

    /// Whether `photo`, shown at `zoom`, is large enough to want tiles: its whole picture's size
    /// shown (a cropped print shows a part of a copy of all of it, the outside review: a print
    /// cropped small and zoomed in stayed blurred).
    static func mayWantTiles(_ photo: Photo, zoom: Double) -> Bool {
        photo.pictureSize.longEdge * photo.scale * zoom >= tilesFromShownLongEdge
    }

    /// Asks for the tiles of prints in view shown finer than their copies, once a revision of
    /// the board at rest — while photos still arrive (each arrival a revision), at most as often
    /// as their sizes are checked (`PhotoArrivals.refineWhileLoadingInterval`): every print is
    /// looked at.
    func askForTiles(at now: Instant, effects: inout [BoardEffect]) {
        // The board's revision and its pictures': a copy arriving (after a reopening at 1:1)
        // changes what a print wants as much as a move does.
        let revision = controller.revision &+ arrivals.picturesRevision &* 0x9E37_79B9
        guard tiledRevision != revision, let catalogue else { return }
        if catalogue.isLoading, let tiledAt, now - tiledAt < PhotoArrivals.refineWhileLoadingInterval { return }
        tiledRevision = revision
        tiledAt = now
        let zoom = controller.view.zoom, visible = controller.visibleBounds
        let large = controller.board.photos.filter { Self.mayWantTiles($0, zoom: zoom) && visible.intersects($0.boardBounds) }
        guard !large.isEmpty else { return }
        let requests = tiles.requests(
            for: large, view: controller.view, window: controller.board.size, copyLongEdge: { catalogue.copyLongEdge(of: $0) },
            path: { catalogue.path(of: $0) })
        if !requests.isEmpty { effects.append(.decode(requests)) }
    }

    /// Tiles decoded, or not: kept (the budget's let-go dropped), or the picture left with its copy.
    func receiveTiles(_ reports: [DecodeReport], effects: inout [BoardEffect]) {
        var dropped: [TileKey] = []
        for report in reports {
            let covered = report.request.tiles
            guard let first = covered.first else { continue }
            switch report.outcome {
            case .decoded:
                for tile in covered {
                    dropped += tiles.arrived(TileKey(photo: report.request.photo, tile: tile.tile), bytes: tile.width * tile.height * 4)
                }
            case .failed(let problem):
                dropped += tiles.failed(TileKey(photo: report.request.photo, tile: first.tile), covering: covered.map(\.tile))
                // Once a picture: it stays shown from its copy.
                effects.append(
                    .report("\(problem.path.escaped): its own pixels could not be decoded (\(problem.reason)); it is shown from its copy"))
            }
        }
        if !dropped.isEmpty { effects.append(.dropTiles(dropped)) }
    }
}
