extension Board {
    /// Lays out photos of the given native sizes with `TossedLayout`, in order (the last on top).
    public static func tossedLayout(pixelSizes: [Size], boardSize: Size, seed: UInt64, firstID: Int = 0) -> [Photo] {
        guard !pixelSizes.isEmpty, boardSize.width > 0, boardSize.height > 0 else { return [] }
        let layout = TossedLayout(count: pixelSizes.count, boardSize: boardSize, seed: seed)
        return pixelSizes.enumerated().map { index, size in layout.photo(at: index, id: PhotoID(firstID + index), pixelSize: size) }
    }

    /// Puts a photo into the stack by its stacking key: above every photo already there with a
    /// lower one (`PhotoMemory.stack`).
    public mutating func insert(_ photo: Photo, rank: Double, rankOf: (PhotoID) -> Double) {
        remove(photo.id)
        let position = (photos.lastIndex { rankOf($0.id) < rank }).map { $0 + 1 } ?? 0
        insert(photo, at: position)
    }
}
