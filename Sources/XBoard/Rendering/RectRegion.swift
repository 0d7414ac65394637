/// Set operations on lists of axis-aligned rectangles, the shape of what a frame repaints: a
/// region is the union of its rectangles (they may overlap).
public enum RectRegion {
    /// `region` without `hole`: each rectangle less the hole, in up to four pieces (above,
    /// below, left, right).
    public static func subtracting(_ hole: Rect, from region: [Rect]) -> [Rect] {
        var pieces: [Rect] = []
        for rect in region {
            guard let cut = rect.intersection(hole) else {
                pieces.append(rect)
                continue
            }
            if cut.minY > rect.minY {
                pieces.append(Rect(x: rect.minX, y: rect.minY, width: rect.size.width, height: cut.minY - rect.minY))
            }
            if cut.maxY < rect.maxY { pieces.append(Rect(x: rect.minX, y: cut.maxY, width: rect.size.width, height: rect.maxY - cut.maxY)) }
            if cut.minX > rect.minX { pieces.append(Rect(x: rect.minX, y: cut.minY, width: cut.minX - rect.minX, height: cut.size.height)) }
            if cut.maxX < rect.maxX { pieces.append(Rect(x: cut.maxX, y: cut.minY, width: rect.maxX - cut.maxX, height: cut.size.height)) }
        }
        return pieces
    }

    /// The parts of `region` inside `other` (a region too).
    public static func intersecting(_ region: [Rect], with other: [Rect]) -> [Rect] {
        region.flatMap { rect in other.compactMap { rect.intersection($0) } }
    }

    /// The region with rectangles on the same rows (the same top and bottom) that overlap or
    /// touch merged into one: where a print was and where it is, band by band, becomes one
    /// rectangle a band when it moved along its rows.
    public static func mergingRows(_ region: [Rect]) -> [Rect] {
        let sorted = region.filter { !$0.isEmpty }.sorted { ($0.minY, $0.maxY, $0.minX) < ($1.minY, $1.maxY, $1.minX) }
        var merged: [Rect] = []
        for rect in sorted {
            if let last = merged.last, last.minY == rect.minY, last.maxY == rect.maxY, rect.minX <= last.maxX {
                merged[merged.count - 1] = last.union(rect)
            } else {
                merged.append(rect)
            }
        }
        return merged
    }

    /// The region as whole tiles of `tile` pixels (on a grid from the origin), runs of tiles
    /// along a row merged, when it has more than `limit` rectangles; else the region itself.
    /// Ten thousand prints arriving at once damage ten thousand rectangles, and every print
    /// would be tested against each: tiles bound the count (a 1920×1080 frame in 64 px tiles
    /// is at most 17 rows of runs) for a little more area painted.
    public static func coarsened(_ region: [Rect], limit: Int = 128, tile: Double = 64) -> [Rect] {
        guard region.count > limit, let bounds = bounds(of: region) else { return region }
        let firstColumn = Int((bounds.minX / tile).rounded(.down)), firstRow = Int((bounds.minY / tile).rounded(.down))
        let columns = Int((bounds.maxX / tile).rounded(.up)) - firstColumn, rows = Int((bounds.maxY / tile).rounded(.up)) - firstRow
        guard columns > 0, rows > 0, columns * rows <= 1 << 20 else { return [bounds] }
        var covered = [Bool](repeating: false, count: columns * rows)
        for rect in region where !rect.isEmpty {
            let left = Int((rect.minX / tile).rounded(.down)) - firstColumn, right = Int((rect.maxX / tile).rounded(.up)) - firstColumn
            let top = Int((rect.minY / tile).rounded(.down)) - firstRow, bottom = Int((rect.maxY / tile).rounded(.up)) - firstRow
            for row in max(top, 0)..<min(bottom, rows) {
                for column in max(left, 0)..<min(right, columns) { covered[row * columns + column] = true }
            }
        }
        return tileRuns(covered, columns: columns, rows: rows, from: (firstColumn, firstRow), tile: tile, clippedTo: bounds)
    }

    /// The runs of covered tiles along each row of a grid of `columns` × `rows` tiles of `tile`
    /// pixels whose first tile is `first` (in tiles from the origin), each cut to `clip`.
    static func tileRuns(
        _ covered: [Bool], columns: Int, rows: Int, from first: (column: Int, row: Int), tile: Double, clippedTo clip: Rect
    )
        -> [Rect]
    {
        var runs: [Rect] = []
        for row in 0..<rows {
            var column = 0
            while column < columns {
                guard covered[row * columns + column] else {
                    column += 1
                    continue
                }
                let start = column
                while column < columns, covered[row * columns + column] { column += 1 }
                let run = Rect(
                    x: Double(first.column + start) * tile, y: Double(first.row + row) * tile, width: Double(column - start) * tile,
                    height: tile)
                runs.append(run.intersection(clip) ?? run)
            }
        }
        return runs
    }

    /// Whether `region` covers all of `other`.
    public static func covers(_ region: [Rect], _ other: [Rect]) -> Bool {
        region.reduce(other) { subtracting($1, from: $0) }.isEmpty
    }

    /// The total area of the rectangles (overlaps counted twice).
    public static func area(of region: [Rect]) -> Double {
        region.reduce(0) { $0 + $1.size.area }
    }

    /// The smallest rectangle holding the whole region; `nil` for an empty one.
    public static func bounds(of region: [Rect]) -> Rect? {
        var bounds: Rect?
        for rect in region where !rect.isEmpty { bounds = bounds?.union(rect) ?? rect }
        return bounds
    }
}
