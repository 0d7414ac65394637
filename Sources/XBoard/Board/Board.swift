/// The table: its size and the photos on it, bottom to top.
public struct Board: Hashable, Sendable {
    /// The window's size, in window pixels: what the board is seen through. Which part of the
    /// board it shows is the controller's `view` (`BoardView`); board points are window pixels
    /// only at the identity view.
    public var size: Size
    /// Stacking order: the last is drawn on top.
    public private(set) var photos: [Photo] = []
    /// Where each photo is in `photos`, kept in step with it.
    private var indexByID: [PhotoID: Int] = [:]

    public init(size: Size) {
        self.size = size
    }

    /// Brings `indexByID` in step with `photos` from `start` on (what comes before is unchanged),
    /// so adding near the top of a board of thousands costs what it moves, not the whole board.
    private mutating func reindex(from start: Int = 0) {
        if start == 0 { indexByID.removeAll(keepingCapacity: true) }
        for index in start..<photos.count { indexByID[photos[index].id] = index }
    }

    public static func == (lhs: Board, rhs: Board) -> Bool { lhs.size == rhs.size && lhs.photos == rhs.photos }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(photos)
    }

    public func photo(_ id: PhotoID) -> Photo? { indexByID[id].map { photos[$0] } }

    public func index(of id: PhotoID) -> Int? { indexByID[id] }

    public mutating func add(_ photo: Photo) {
        insert(photo, at: photos.count)
    }

    /// Inserts at a stacking position (0 = bottom), clamped to the stack.
    public mutating func insert(_ photo: Photo, at position: Int) {
        var start = photos.count
        if let old = indexByID.removeValue(forKey: photo.id) {
            photos.remove(at: old)
            start = old
        }
        let position = min(max(0, position), photos.count)
        photos.insert(photo, at: position)
        reindex(from: min(start, position))
    }

    public mutating func remove(_ id: PhotoID) {
        guard let index = indexByID.removeValue(forKey: id) else { return }
        photos.remove(at: index)
        reindex(from: index)
    }

    /// Moves the photo to the top of the stack; returns whether the order changed.
    @discardableResult
    public mutating func bringToFront(_ id: PhotoID) -> Bool {
        guard let index = index(of: id), index != photos.count - 1 else { return false }
        photos.append(photos.remove(at: index))
        reindex(from: index)
        return true
    }

    /// Restacks the photos in `order` (bottom first); photos not named keep their place at the
    /// bottom. Returns whether anything moved.
    @discardableResult
    public mutating func reorder(_ order: [PhotoID]) -> Bool {
        let named = order.compactMap { photo($0) }
        let namedIDs = Set(named.map(\.id))
        let reordered = photos.filter { !namedIDs.contains($0.id) } + named
        guard reordered.map(\.id) != photos.map(\.id) else { return false }
        photos = reordered
        reindex()
        return true
    }

    /// Replaces a photo with `photo` (the same id) where it lies in the stack.
    public mutating func replace(_ photo: Photo) {
        guard let index = index(of: photo.id), photo.photoToBoard.isFinite else { return }
        photos[index] = photo
    }

    public mutating func setTransform(_ photoToBoard: AffineTransform, of id: PhotoID) {
        guard let index = index(of: id), photoToBoard.isFinite else { return }
        photos[index].photoToBoard = photoToBoard  // the order is unchanged: the index stays right
    }

    /// Checks the model's invariants; for tests (as swift-collections' `_checkInvariants`).
    public func _checkInvariants() {
        precondition(Set(photos.map(\.id)).count == photos.count, "duplicate photo ids")
        precondition(indexByID.count == photos.count && photos.indices.allSatisfy { indexByID[photos[$0].id] == $0 }, "stale index")
        for photo in photos {
            precondition(photo.photoToBoard.isFinite, "\(photo.id) transform not finite")
            precondition(photo.photoToBoard.inverted() != nil, "\(photo.id) transform singular")
        }
    }
}
