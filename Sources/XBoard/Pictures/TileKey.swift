/// One tile of one print's picture.
public struct TileKey: Hashable, Sendable, CustomStringConvertible {
    public var photo: PhotoID
    public var tile: TilePlan.Tile

    public init(photo: PhotoID, tile: TilePlan.Tile) {
        self.photo = photo
        self.tile = tile
    }

    public var description: String { "\(photo) \(tile)" }
}

/// A tile drawn over a print: which, and the part of the picture's centred space it covers (the
/// print's, before its flips: `PrintEdits.pictureToPrint`).
public struct PrintTile: Hashable, Sendable {
    public var tile: TilePlan.Tile
    public var rect: Rect

    public init(tile: TilePlan.Tile, rect: Rect) {
        self.tile = tile
        self.rect = rect
    }
}
