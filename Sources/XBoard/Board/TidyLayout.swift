/// Tidies the board into a grid: one cell per photo, in the order given (left to right, top to
/// bottom), each print upright, centred in its cell and as large as the cell allows with a gap
/// around it, so no two prints overlap and every one lies inside the board.
///
/// The number of columns is the one that shows the prints largest on average, for their own
/// shapes and the board's.
public struct TidyLayout: Hashable, Sendable {
    public let boardSize: Size
    public let columns: Int
    public let rows: Int
    public let settings: TidySettings
    /// The cell each photo gets, in board points.
    public var cellSize: Size {
        let area = contentArea
        return Size(width: area.size.width / Double(columns), height: area.size.height / Double(rows))
    }

    /// - Parameter printSizes: each print's outline (picture and border) at scale 1, in order.
    public init(printSizes: [Size], boardSize: Size, settings: TidySettings = TidySettings()) {
        self.boardSize = boardSize
        self.settings = settings
        let count = max(1, printSizes.count)
        let area = Self.contentArea(boardSize: boardSize, settings: settings)
        // Prints of the same size score alike: each size once, times how many have it (ten
        // thousand photos from one camera are a few sizes, scored for each of ~200 grids).
        var counts: [Size: Int] = [:]
        for size in printSizes { counts[size, default: 0] += 1 }
        let sizes = counts.sorted { ($0.key.width, $0.key.height) < ($1.key.width, $1.key.height) }
        var best = (columns: 1, score: -1.0)
        for columns in 1...count {
            let rows = (count + columns - 1) / columns
            if columns > 1, (count + columns - 2) / (columns - 1) == rows { continue }  // fewer columns fill as many rows
            let cell = Size(width: area.size.width / Double(columns), height: area.size.height / Double(rows))
            let score = sizes.isEmpty ? 1 : sizes.reduce(0) { $0 + Double($1.value) * Self.fit($1.key, in: cell, fill: settings.fill) }
            if score > best.score { best = (columns, score) }
        }
        columns = best.columns
        rows = (count + best.columns - 1) / best.columns
    }

    /// Where the print at `index` goes: upright, centred in its cell, at the scale that fits
    /// `printSize` (its outline at scale 1) into the cell less the gap.
    public func placement(at index: Int, printSize: Size) -> AffineTransform {
        let area = contentArea, cell = cellSize
        let column = Double(index % columns), row = Double(index / columns)
        let center = Point(x: area.minX + (column + 0.5) * cell.width, y: area.minY + (row + 0.5) * cell.height)
        return AffineTransform(center: center, scale: Self.fit(printSize, in: cell, fill: settings.fill), rotation: 0)
    }

    private var contentArea: Rect { Self.contentArea(boardSize: boardSize, settings: settings) }

    private static func contentArea(boardSize: Size, settings: TidySettings) -> Rect {
        let top = min(max(0, settings.topInset), boardSize.height / 3)
        let area = Rect(x: 0, y: top, width: boardSize.width, height: boardSize.height - top)
        return area.insetBy(boardSize.shortEdge * settings.margin)
    }

    /// The scale at which `size` fills `fill` of `cell` in its tighter direction.
    private static func fit(_ size: Size, in cell: Size, fill: Double) -> Double {
        guard size.width > 0, size.height > 0 else { return 1 }
        return max(0, min(cell.width * fill / size.width, cell.height * fill / size.height))
    }
}

/// Tunables of the tidy grid, with their units.
public struct TidySettings: Hashable, Sendable {
    /// The board's margin around the grid, as a share of its short edge.
    public var margin = 0.02
    /// How much of its cell a print fills in its tighter direction (0…1); the rest is the gap
    /// that keeps neighbours (and their shadows) apart.
    public var fill = 0.86
    /// Board points along the top kept clear (the board's controls show there), at most a third
    /// of the board.
    public var topInset = 0.0

    public init() {}
}
