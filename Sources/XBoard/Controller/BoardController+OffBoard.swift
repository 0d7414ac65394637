/// Photos taken off the board: they wait, as they lay when they left, until they come back
/// (dropped or named again, or picked from the removed photos list).
extension BoardController {
    /// A photo off the board and when it left, in the order photos left.
    struct OffBoardPhoto: Hashable, Sendable {
        var photo: Photo
        var order: Int
    }

    /// The photos off the board, the one taken off last first.
    public var removedPhotos: [Photo] { offBoard.values.sorted { $0.order > $1.order }.map(\.photo) }

    /// Whether any photo is off the board (without listing them).
    public var hasRemovedPhotos: Bool { !offBoard.isEmpty }

    /// Whether the photo is off the board, waiting to come back.
    public func isOffBoard(_ id: PhotoID) -> Bool { offBoard[id] != nil }

    /// Registers a photo that starts off the board (the board remembers taking it off): it is
    /// not shown, and waits with the removed photos.
    public func putAside(_ photo: Photo) {
        guard board.photo(photo.id) == nil else { return }
        offBoard[photo.id] = OffBoardPhoto(photo: photo, order: nextOffBoardOrder())
        revision &+= 1
    }

    /// Puts a photo that was taken off back on top of the board, where it lay (inside the
    /// view), or centred on `location` (a drop, board points); undo takes it off again.
    public func returnToBoard(_ id: PhotoID, at location: Point? = nil) {
        guard var photo = offBoard[id]?.photo else { return }
        recordUndoPoint()
        if let location, location.isFinite { photo.photoToBoard = photo.photoToBoard.withCenter(location) }
        photo.photoToBoard = clamped(photo.photoToBoard, into: visibleBounds)
        add(photo)
    }

    func nextOffBoardOrder() -> Int { (offBoard.values.map(\.order).max() ?? -1) + 1 }
}
