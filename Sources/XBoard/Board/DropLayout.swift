/// Where photos dropped on the board land: around the drop point, in a loose grid, each at the
/// size a tossed layout of the whole board (the photos there and the dropped ones) gives, and
/// fully inside the part of the board the window shows wherever it fits.
///
/// A few photos land under the pointer; thousands make a tidy pile around it rather than a
/// line marching off the window.
public struct DropLayout: Hashable, Sendable {
    public let count: Int
    /// The size of the part of the board the window shows, board points.
    public let boardSize: Size
    /// The board point at that part's top-left corner.
    public let origin: Point
    /// The long edge each dropped picture gets at scale 1, in board points.
    public let pictureLongEdge: Double
    /// The rectangle the pile covers, inside the board where it fits.
    public let region: Rect
    public let columns: Int
    public let seed: UInt64

    /// Room kept between a dropped print and the window's edge, in board points.
    public static let margin = 8.0

    /// - Parameters:
    ///   - count: how many photos were dropped.
    ///   - photosOnBoard: how many were there already (they share the window with the new ones).
    ///   - boardSize, origin: the part of the board the window shows (its size and top-left
    ///     corner), board points.
    ///   - location: the drop point, in board points.
    public init(count: Int, photosOnBoard: Int, boardSize: Size, origin: Point = .zero, at location: Point, seed: UInt64 = 1) {
        self.count = max(1, count)
        self.boardSize = boardSize
        self.origin = origin
        self.seed = seed
        pictureLongEdge = TossedLayout(count: max(0, photosOnBoard) + self.count, boardSize: boardSize, seed: seed).pictureLongEdge
        columns = max(1, Int(Double(self.count).squareRoot().rounded(.up)))
        let rows = (self.count + columns - 1) / columns
        let cell = pictureLongEdge * 0.8
        let size = Size(width: min(boardSize.width, Double(columns) * cell), height: min(boardSize.height, Double(rows) * cell))
        let bounds = Rect(origin: .zero, size: boardSize)
        let safe = location.isFinite ? bounds.clamp(location - origin) : bounds.center
        let corner = Point(
            x: min(max(safe.x - size.width / 2, 0), boardSize.width - size.width),
            y: min(max(safe.y - size.height / 2, 0), boardSize.height - size.height))
        region = Rect(origin: corner + origin, size: size)
    }

    /// The dropped photo at `index` (0-based, in drop order) with native size `pixelSize`.
    public func photo(at index: Int, id: PhotoID, pixelSize: Size) -> Photo {
        var random = SeededRandom(seed: seed &+ 0x2545_F491 &* UInt64(max(0, index) + 1))
        let rows = (count + columns - 1) / columns
        let column = Double(max(0, index) % columns), row = Double((max(0, index) / columns) % rows)
        let cell = Size(width: region.size.width / Double(columns), height: region.size.height / Double(rows))
        let center = Point(x: region.minX + (column + 0.5) * cell.width, y: region.minY + (row + 0.5) * cell.height)
        let safePixelSize = pixelSize.width > 0 && pixelSize.height > 0 ? pixelSize : Size(width: 1, height: 1)
        let size = safePixelSize * (pictureLongEdge / safePixelSize.longEdge)
        let rotation = Angle.radians(random.next(in: -6...6))
        var photo = Photo(
            id: id, size: size, pixelSize: safePixelSize, photoToBoard: AffineTransform(center: center, scale: 1, rotation: rotation))
        var extent = photo.boardBounds
        extent.origin = extent.origin - origin
        photo.photoToBoard = photo.photoToBoard.withCenter(center + Self.shiftInside(extent, boardSize: boardSize))
        photo.initialPhotoToBoard = photo.photoToBoard
        return photo
    }

    /// The shift that brings `extent` inside the board with `margin` to spare, per axis where it fits.
    static func shiftInside(_ extent: Rect, boardSize: Size) -> Point {
        var shift = Point.zero
        if extent.size.width + 2 * margin <= boardSize.width {
            shift.x = max(0, margin - extent.minX) - max(0, extent.maxX - (boardSize.width - margin))
        }
        if extent.size.height + 2 * margin <= boardSize.height {
            shift.y = max(0, margin - extent.minY) - max(0, extent.maxY - (boardSize.height - margin))
        }
        return shift
    }
}
