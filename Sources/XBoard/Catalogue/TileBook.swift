import SystemPackage

/// The tiles of the board's pictures (issue 39): which to ask for, which arrived, which to let go.
///
/// A print at rest shown finer than the copy the board keeps of it (at most
/// `PictureResolution.maximumLongEdge` long) wants the tiles of the level it is shown at
/// (`TilePlan.level(showing:)`) that lie in the window, nearest the middle of the window first —
/// up to the picture's own pixels. Tiles come from JPEG files (their DCT scales, 1/1 to 1/8); a
/// picture whose tiles cannot be decoded keeps its copy, and nothing is said (the copy shows it
/// as before). Arrived tiles are kept within `byteBudget` (`TileBudget`: those of the frame
/// drawn never go; the least recently drawn go first), which bounds the board's memory and the X
/// server's alike: ten big pictures on a board share one budget.
struct TileBook: Sendable {
    /// The bytes of tiles kept: 96 MiB, about three screens of 4K pixels at 1:1 (the X server
    /// holds them, beside the copies and the frame: the bound is 300 MB of its growth).
    static let byteBudget = 96 << 20
    /// The finest level JPEG decodes at directly is 1/1, the coarsest 1/8.
    static let coarsestLevel = 3

    private(set) var budget: TileBudget<TileKey>
    private(set) var pending: Set<TileKey> = []
    /// Pictures whose tiles could not be decoded (not JPEG, or refused): never asked again.
    private(set) var unavailable: Set<PhotoID> = []
    /// Photos with tiles kept, and which.
    private(set) var kept: [PhotoID: Set<TilePlan.Tile>] = [:]
    /// Counts arrivals, so a frame with a new tile is told from the last.
    private(set) var revision: UInt64 = 0

    init(budget: TileBudget<TileKey> = TileBudget(capacity: byteBudget)) { self.budget = budget }

    /// The level `photo` is shown at in the view, when that is finer than any copy the board
    /// keeps of it (its copy of `copyLongEdge` pixels, or the largest a copy is made,
    /// `PictureResolution.defaultMaximumLongEdge`: a smaller copy is made sharper instead) and a
    /// level JPEG decodes at; `nil` when a copy is enough.
    static func wantedLevel(of photo: Photo, zoom: Double, copyLongEdge: Int) -> Int? {
        let native = photo.pixelSize
        guard native.width >= 1, native.height >= 1, photo.pictureSize.width > 0 else { return nil }
        let shown = photo.scale * zoom * photo.pictureSize.width / native.width  // window pixels per native pixel
        let level = TilePlan.level(showing: shown, native: native)
        let size = TilePlan.levelSize(level, native: native)
        let copy = max(copyLongEdge, PictureResolution.defaultMaximumLongEdge)
        guard level <= coarsestLevel, Double(max(size.width, size.height)) > Double(copy) * 1.05 else { return nil }
        return level
    }

    /// The tiles to ask for: for every print at rest in `photos` (those in view), placed by
    /// `view` in a window of `window`, whose copy is coarser than it is shown, the tiles in view
    /// not kept nor asked for yet, in at most `bands` requests (one a helper), nearest the
    /// window's middle first.
    mutating func requests(
        for photos: [Photo], view: BoardView, window: Size, bands: Int = 2, copyLongEdge: (PhotoID) -> Int?, path: (PhotoID) -> FilePath?
    ) -> [DecodeRequest] {
        var requests: [DecodeRequest] = []
        let middle = Point(x: window.width / 2, y: window.height / 2)
        for photo in photos where !unavailable.contains(photo.id) {
            guard let copy = copyLongEdge(photo.id), let level = Self.wantedLevel(of: photo, zoom: view.zoom, copyLongEdge: copy),
                let file = path(photo.id)
            else { continue }
            // Through the print's crop and flips (issue 40): the part of the picture the window shows.
            let photoToWindow = photo.pictureToBoard.concatenating(view.boardToWindow)
            let tiles = TilePlan.visibleTiles(of: photo, level: level, photoToWindow: photoToWindow, window: window, nearest: middle)
            let wanted = tiles.filter {
                let key = TileKey(photo: photo.id, tile: $0)
                return !budget.contains(key) && !pending.contains(key)
            }
            guard let first = wanted.first else { continue }
            // The tiles wanted, as bands of whole tile rows across the columns they span, one a
            // helper: each band is one pass down the picture (a JPEG is read from its top to
            // the band's rows once a band, not once a tile); the band nearest the middle first.
            let columns = wanted.map(\.column), rows = wanted.map(\.row)
            let (left, right) = (columns.min() ?? first.column, columns.max() ?? first.column)
            let (top, bottom) = (rows.min() ?? first.row, rows.max() ?? first.row)
            let bandCount = min(bands, bottom - top + 1)
            var band: [DecodeRequest] = []
            for index in 0..<bandCount {
                let from = top + (bottom - top + 1) * index / bandCount, to = top + (bottom - top + 1) * (index + 1) / bandCount - 1
                guard let corner = TilePlan.pixelRect(of: TilePlan.Tile(level: level, column: left, row: from), native: photo.pixelSize),
                    let end = TilePlan.pixelRect(of: TilePlan.Tile(level: level, column: right, row: to), native: photo.pixelSize)
                else { continue }
                let region = DecodeMessage.Region(
                    scaleDenominator: 1 << level, x: corner.x, y: corner.y, width: end.x + end.width - corner.x,
                    height: end.y + end.height - corner.y)
                var request = DecodeRequest(photo: photo.id, path: file, maximumLongEdge: max(region.width, region.height))
                request.region = region
                request.tile = TilePlan.Tile(level: level, column: left, row: from)
                (request.tileColumns, request.tileRows) = (right - left + 1, to - from + 1)
                for covered in request.tiles { pending.insert(TileKey(photo: photo.id, tile: covered.tile)) }
                band.append(request)
            }
            // Nearest the middle first: the band holding the first tile wanted leads.
            band.sort { a, b in
                let aHolds = (a.tile?.row ?? 0) <= first.row && first.row < (a.tile?.row ?? 0) + a.tileRows
                let bHolds = (b.tile?.row ?? 0) <= first.row && first.row < (b.tile?.row ?? 0) + b.tileRows
                return aHolds && !bHolds
            }
            requests += band
        }
        return requests
    }

    /// A tile arrived (`bytes` of pixels): kept, and the tiles let go to make room returned
    /// (the painter drops them); a tile that cannot be kept without letting go of one drawn
    /// this frame is dropped itself (returned too).
    mutating func arrived(_ key: TileKey, bytes: Int) -> [TileKey] {
        pending.remove(key)
        guard let released = budget.keep(key, bytes: bytes) else { return [key] }
        kept[key.photo, default: []].insert(key.tile)
        for old in released { kept[old.photo]?.remove(old.tile) }
        revision &+= 1
        return released
    }

    /// A tile (or the band of tiles `covering`) could not be decoded: the picture keeps its copy
    /// from now on, and its tiles go.
    mutating func failed(_ key: TileKey, covering band: [TilePlan.Tile] = []) -> [TileKey] {
        pending.remove(key)
        for tile in band { pending.remove(TileKey(photo: key.photo, tile: tile)) }
        unavailable.insert(key.photo)
        return forget(key.photo)
    }

    /// The photo's tiles let go (it left the board, or its picture was decoded again).
    mutating func forget(_ photo: PhotoID) -> [TileKey] {
        guard let tiles = kept.removeValue(forKey: photo) else { return [] }
        let keys = tiles.map { TileKey(photo: photo, tile: $0) }
        for key in keys { budget.release(key) }
        revision &+= 1
        return keys
    }

    /// The tiles to draw over the prints this frame: of each print's level as shown now
    /// (`wantedLevel`; none when its copy is enough), only those in the window — each marked as
    /// seen, so the frame's tiles are the last to go and those out of view or of another level
    /// can. `photo` finds a print on the board (`nil`: it left).
    mutating func shown(
        view: BoardView, window: Size, copyLongEdge: (PhotoID) -> Int?, photo lookup: (PhotoID) -> Photo?
    ) -> [PhotoID: [PrintTile]] {
        guard !kept.isEmpty else { return [:] }
        budget.beginFrame()
        var shown: [PhotoID: [PrintTile]] = [:]
        let screen = Rect(x: 0, y: 0, width: window.width, height: window.height)
        for (id, tiles) in kept {
            guard !tiles.isEmpty, let photo = lookup(id), let copy = copyLongEdge(id),
                let level = Self.wantedLevel(of: photo, zoom: view.zoom, copyLongEdge: copy)
            else { continue }
            let native = photo.pixelSize, photoToWindow = photo.pictureToBoard.concatenating(view.boardToWindow)
            let size = TilePlan.levelSize(level, native: native)
            let picture = photo.pictureSize
            let sx = picture.width / Double(size.width), sy = picture.height / Double(size.height)
            var drawn: [PrintTile] = []
            for tile in tiles where tile.level == level {
                guard let pixels = TilePlan.pixelRect(of: tile, native: native) else { continue }
                let rect = Rect(
                    x: Double(pixels.x) * sx - picture.width / 2, y: Double(pixels.y) * sy - picture.height / 2,
                    width: Double(pixels.width) * sx, height: Double(pixels.height) * sy)
                guard Rect.bounding(rect.corners.map(photoToWindow.apply(to:))).intersects(screen) else { continue }
                drawn.append(PrintTile(tile: tile, rect: rect))
                budget.seen(TileKey(photo: id, tile: tile))
            }
            if !drawn.isEmpty { shown[id] = drawn.sorted { ($0.tile.row, $0.tile.column) < ($1.tile.row, $1.tile.column) } }
        }
        return shown
    }
}
