import Foundation

/// Places photos like prints tossed on a table: spread over the board on a jittered grid with
/// one cell per photo, each turned a little, sized to fit comfortably, and nudged fully inside
/// the board where it fits. Reproducible for a seed.
///
/// Each index's placement depends only on the seed, the count, the board and that photo's
/// shape, so photos can be placed in whatever order they finish loading.
public struct TossedLayout: Hashable, Sendable {
    public let count: Int
    public let boardSize: Size
    public let seed: UInt64
    public let columns: Int
    public let rows: Int
    /// The long edge each print's picture gets at scale 1, in board points.
    public let pictureLongEdge: Double
    private let slots: [Int]

    public init(count: Int, boardSize: Size, seed: UInt64) {
        self.count = max(1, count)
        self.boardSize = boardSize
        self.seed = seed
        let aspect = boardSize.height > 0 ? boardSize.width / boardSize.height : 1
        columns = min(self.count, max(1, Int((Double(self.count) * aspect).squareRoot().rounded())))
        rows = max(1, Int((Double(self.count) / Double(columns)).rounded(.up)))
        let cell = Size(width: boardSize.width / Double(columns), height: boardSize.height / Double(rows))
        // A bit larger than a cell, so they overlap like a real pile, but never more than a share
        // of the board's short edge (larger when there are only one or two).
        let share = self.count == 1 ? 0.7 : self.count == 2 ? 0.55 : 0.45
        pictureLongEdge = max(16, min(max(cell.width, cell.height) * 0.95, boardSize.shortEdge * share))
        var random = SeededRandom(seed: seed)
        var slots = Array(0..<(columns * rows))
        random.shuffle(&slots)
        self.slots = slots
    }

    /// The photo at `index` (0-based) with native size `pixelSize`.
    public func photo(at index: Int, id: PhotoID, pixelSize: Size) -> Photo {
        var random = SeededRandom(seed: seed &+ 0x5151_5151 &* UInt64(index + 1))
        let cell = Size(width: boardSize.width / Double(columns), height: boardSize.height / Double(rows))
        let safePixelSize = pixelSize.width > 0 && pixelSize.height > 0 ? pixelSize : Size(width: 1, height: 1)
        let size = safePixelSize * (pictureLongEdge / safePixelSize.longEdge)
        let slot = slots[index % slots.count]
        let column = Double(slot % columns), row = Double(slot / columns)
        let jitter = Point(x: random.next(in: -0.18...0.18) * cell.width, y: random.next(in: -0.18...0.18) * cell.height)
        let center = Point(x: (column + 0.5) * cell.width, y: (row + 0.5) * cell.height) + jitter
        let rotation = Angle.radians(random.next(in: -12...12))
        var photo = Photo(
            id: id, size: size, pixelSize: safePixelSize, photoToBoard: AffineTransform(center: center, scale: 1, rotation: rotation))
        let margin = 8.0, extent = photo.boardBounds
        var shift = Point.zero
        if extent.size.width + 2 * margin <= boardSize.width {
            shift.x = max(0, margin - extent.minX) - max(0, extent.maxX - (boardSize.width - margin))
        }
        if extent.size.height + 2 * margin <= boardSize.height {
            shift.y = max(0, margin - extent.minY) - max(0, extent.maxY - (boardSize.height - margin))
        }
        photo.photoToBoard = photo.photoToBoard.withCenter(center + shift)
        photo.initialPhotoToBoard = photo.photoToBoard
        return photo
    }
}
