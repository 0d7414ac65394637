import Foundation

/// Which pieces of a picture to decode so a print shows at the resolution it is shown at, up to the
/// picture's own pixels (issue 39's tiles; Loupe's and glycin's shape): the picture is seen as a
/// pyramid of levels, level k its native pixels halved k times (rounded up) — the steps JPEG's DCT
/// scaling decodes at directly (1/1…1/8) and the row decoders reach by averaging — each cut into
/// squares of `tileSize`. A print shown at `s` window pixels per native pixel wants the coarsest
/// level still at least as fine as the screen (2ᵏ ≤ 1/s); past 1:1, level 0 (the picture's own
/// pixels, drawn magnified with crisp edges, not blurred).
///
/// Pure: from a print's placement in the window it says which tiles lie in view, nearest a point
/// first (the fingers); what is decoded, kept and drawn is the platform's.
public enum TilePlan {
    /// A tile's side in level pixels.
    public static let tileSize = 256

    /// One tile: column and row of `tileSize` squares of level `level`.
    public struct Tile: Hashable, Sendable, CustomStringConvertible {
        public var level: Int
        public var column: Int
        public var row: Int

        public init(level: Int, column: Int, row: Int) {
            self.level = level
            self.column = column
            self.row = row
        }

        public var description: String { "L\(level)(\(column),\(row))" }
    }

    /// The size in pixels of level `level` of a picture `native` pixels large: each side halved
    /// `level` times, rounded up (a 12000×8000 picture's level 3 is 1500×1000; 4001 px is 501).
    public static func levelSize(_ level: Int, native: Size) -> (width: Int, height: Int) {
        let divisor = 1 << max(0, min(level, 30))
        func halved(_ side: Double) -> Int {
            guard side.isFinite, side >= 1 else { return 1 }
            let whole = Int(min(side, Double(Int32.max)).rounded(.up))
            return (whole + divisor - 1) / divisor
        }
        return (halved(native.width), halved(native.height))
    }

    /// The coarsest level whose pixels are no larger than the screen's where the picture shows
    /// `pixelsPerNativePixel` window pixels for each of its own; never coarser than the level
    /// whose long edge is a single tile (coarser than that, the copy the board keeps is enough).
    public static func level(showing pixelsPerNativePixel: Double, native: Size) -> Int {
        guard pixelsPerNativePixel.isFinite, pixelsPerNativePixel > 0 else { return coarsest(native: native) }
        guard pixelsPerNativePixel < 1 else { return 0 }
        // 2ᵏ ≤ 1/s: the largest such k (a little slack so 0.5 exactly is level 1, not level 0).
        let wanted = Int((-log2(pixelsPerNativePixel) + 1e-9).rounded(.down))
        return max(0, min(wanted, coarsest(native: native)))
    }

    /// The level at which the picture's long edge first fits one tile.
    public static func coarsest(native: Size) -> Int {
        var level = 0
        while level < 30 {
            let size = levelSize(level, native: native)
            if max(size.width, size.height) <= tileSize { break }
            level += 1
        }
        return level
    }

    /// The pixels of level `tile.level` a tile covers: `tileSize` squares, the last column and row
    /// cut at the level's edge; `nil` for a tile outside the level.
    public static func pixelRect(of tile: Tile, native: Size) -> (x: Int, y: Int, width: Int, height: Int)? {
        let size = levelSize(tile.level, native: native)
        let x = tile.column * tileSize, y = tile.row * tileSize
        guard tile.column >= 0, tile.row >= 0, x < size.width, y < size.height else { return nil }
        return (x, y, min(tileSize, size.width - x), min(tileSize, size.height - y))
    }

    /// The tiles of level `level` of `photo`'s picture that lie in a window of `window` pixels
    /// where the photo is placed by `photoToWindow` (its centred space to window pixels), nearest
    /// `focus` (window pixels) first. A tile counts when its outline, placed, meets the window.
    public static func visibleTiles(
        of photo: Photo, level: Int, photoToWindow: AffineTransform, window: Size, nearest focus: Point
    ) -> [Tile] {
        let size = levelSize(level, native: photo.pixelSize), picture = photo.pictureSize
        guard picture.width > 0, picture.height > 0 else { return [] }
        // Level pixels to the whole picture's centred space, and on to the window.
        let levelToPhoto = AffineTransform(
            a: picture.width / Double(size.width), b: 0, c: 0, d: picture.height / Double(size.height), tx: -picture.width / 2,
            ty: -picture.height / 2)
        let levelToWindow = levelToPhoto.concatenating(photoToWindow)
        guard let windowToLevel = levelToWindow.inverted() else { return [] }
        let screen = Rect(x: 0, y: 0, width: window.width, height: window.height)
        // What the window shows of the picture, within the part its crop keeps.
        let crop = photo.edits.crop
        let kept = Rect(
            x: crop.minX * Double(size.width), y: crop.minY * Double(size.height), width: crop.size.width * Double(size.width),
            height: crop.size.height * Double(size.height))
        let seen = Rect.bounding(screen.corners.map(windowToLevel.apply(to:))).intersection(kept) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let columns = range(seen.minX, seen.maxX, count: size.width), rows = range(seen.minY, seen.maxY, count: size.height)
        guard let columns, let rows else { return [] }
        var tiles: [(tile: Tile, distance: Double)] = []
        for row in rows {
            for column in columns {
                let tile = Tile(level: level, column: column, row: row)
                guard let pixels = pixelRect(of: tile, native: photo.pixelSize) else { continue }
                let rect = Rect(x: Double(pixels.x), y: Double(pixels.y), width: Double(pixels.width), height: Double(pixels.height))
                let placed = Rect.bounding(rect.corners.map(levelToWindow.apply(to:)))
                guard placed.intersects(screen) else { continue }
                let middle = levelToWindow.apply(to: rect.center)
                tiles.append((tile, middle.distance(to: focus)))
            }
        }
        // Nearest first; equally near, in reading order (the order is the same however it is asked).
        return tiles.sorted {
            $0.distance != $1.distance ? $0.distance < $1.distance : ($0.tile.row, $0.tile.column) < ($1.tile.row, $1.tile.column)
        }
        .map(\.tile)
    }

    /// The tile columns (or rows) a span of level pixels from `low` to `high` touches, within a
    /// level `count` pixels across; `nil` when it touches none.
    private static func range(_ low: Double, _ high: Double, count: Int) -> ClosedRange<Int>? {
        guard low.isFinite, high.isFinite, high > 0, low < Double(count) else { return nil }
        let last = (count - 1) / tileSize
        let first = max(0, Int((max(0, low) / Double(tileSize)).rounded(.down)))
        let end = min(last, Int((min(Double(count), high) / Double(tileSize)).rounded(.up)) - 1)
        return first <= end ? first...end : nil
    }
}
