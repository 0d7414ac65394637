/// Gathers a frame's damage: each rectangle as it is while there are few, whole tiles of the
/// frame once there are many. When thousands of prints glide at once (tidying ten thousand),
/// every print's bands sorted and merged each frame took more than the frame; the painter then
/// drew whole tiles anyway (`RectRegion.coarsened`). Past `limit` rectangles the collector marks
/// the tiles each one touches (a print by its extent, not its bands) and the result is those
/// tiles, runs along a row merged — what `coarsened` makes of the same rectangles, or a little more.
struct DamageCollector {
    let frame: Rect
    let limit: Int
    let tile: Double
    private var rects: [Rect] = []
    private var covered: [Bool]?
    private let columns: Int, rows: Int

    init(frame: Rect, limit: Int = 256, tile: Double = 64) {
        self.frame = frame
        self.limit = limit
        self.tile = tile
        columns = max(0, Int((frame.maxX / tile).rounded(.up)))
        rows = max(0, Int((frame.maxY / tile).rounded(.up)))
    }

    mutating func add(_ print: PrintItem) {
        if covered == nil, rects.count < limit {
            rects += print.damageRegion
        } else {
            mark(print.boardExtent)
        }
    }

    mutating func add(_ rect: Rect) {
        if covered == nil, rects.count < limit { rects.append(rect) } else { mark(rect) }
    }

    private mutating func mark(_ rect: Rect) {
        if covered == nil {
            // A window is at most 32,767 pixels a side: at most 512 × 512 tiles.
            covered = [Bool](repeating: false, count: columns * rows)
            let earlier = rects
            rects = []
            for rect in earlier { mark(rect) }
        }
        guard let clipped = rect.intersection(frame) else { return }
        let left = max(0, Int((clipped.minX / tile).rounded(.down))), right = min(columns, Int((clipped.maxX / tile).rounded(.up)))
        let top = max(0, Int((clipped.minY / tile).rounded(.down))), bottom = min(rows, Int((clipped.maxY / tile).rounded(.up)))
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            let base = row * columns
            for column in left..<right { covered?[base + column] = true }
        }
    }

    /// The damage inside the frame: the rectangles on the same rows merged, or the runs of tiles.
    func region() -> [Rect] {
        guard let covered else { return RectRegion.mergingRows(rects.compactMap { $0.intersection(frame) }) }
        return RectRegion.tileRuns(covered, columns: columns, rows: rows, from: (0, 0), tile: tile, clippedTo: frame)
    }
}
