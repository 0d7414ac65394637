import Foundation

extension Board {
    /// Places photos like prints tossed on a table: spread over the board on a jittered grid,
    /// each turned a little, sized to fit comfortably. Reproducible for a given seed.
    ///
    /// `pixelSizes` are the pictures' native sizes; the result is each photo's size at scale 1
    /// and its initial placement, in the order given (the last is on top).
    public static func tossedLayout(
        pixelSizes: [Size], boardSize: Size, seed: UInt64, firstID: Int = 0
    ) -> [Photo] {
        guard !pixelSizes.isEmpty, boardSize.width > 0, boardSize.height > 0 else { return [] }
        var random = SeededRandom(seed: seed)
        let count = pixelSizes.count
        // A grid with about the board's aspect ratio and one cell per photo.
        let aspect = boardSize.width / boardSize.height
        let columns = max(1, Int((Double(count) * aspect).squareRoot().rounded(.up)))
        let rows = max(1, Int((Double(count) / Double(columns)).rounded(.up)))
        let cell = Size(width: boardSize.width / Double(columns), height: boardSize.height / Double(rows))
        // Prints are a bit larger than a cell, so they overlap like a real pile, but never more
        // than 45% of the board's short edge.
        let longEdge = min(max(cell.width, cell.height) * 0.95, boardSize.shortEdge * 0.45)
        var slots = Array(0..<(columns * rows))
        random.shuffle(&slots)
        return pixelSizes.enumerated().map { index, pixelSize in
            let safePixelSize = pixelSize.width > 0 && pixelSize.height > 0 ? pixelSize : Size(width: 1, height: 1)
            let fit = longEdge / safePixelSize.longEdge
            let size = safePixelSize * fit
            let slot = slots[index % slots.count]
            let column = Double(slot % columns), row = Double(slot / columns)
            let jitter = Point(x: random.next(in: -0.18...0.18) * cell.width, y: random.next(in: -0.18...0.18) * cell.height)
            let center = Point(x: (column + 0.5) * cell.width, y: (row + 0.5) * cell.height) + jitter
            let rotation = Angle.radians(random.next(in: -12...12))
            var photo = Photo(
                id: PhotoID(firstID + index), size: size, pixelSize: safePixelSize,
                photoToBoard: AffineTransform(center: center, scale: 1, rotation: rotation))
            // Nudge the print fully inside the board (with a small margin) where it fits.
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
}
