/// The table: its size and the photos on it, bottom to top.
public struct Board: Hashable, Sendable {
    /// Board points, the same as window pixels; the origin is the top-left corner.
    public var size: Size
    /// Stacking order: the last is drawn on top.
    public private(set) var photos: [Photo] = []

    public init(size: Size) {
        self.size = size
    }

    /// Where a photo's centre may be: the whole window, edges included.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    public func photo(_ id: PhotoID) -> Photo? { photos.first { $0.id == id } }

    public func index(of id: PhotoID) -> Int? { photos.firstIndex { $0.id == id } }

    public mutating func add(_ photo: Photo) {
        photos.removeAll { $0.id == photo.id }
        photos.append(photo)
    }

    /// Inserts at a stacking position (0 = bottom), clamped to the stack.
    public mutating func insert(_ photo: Photo, at position: Int) {
        photos.removeAll { $0.id == photo.id }
        photos.insert(photo, at: min(max(0, position), photos.count))
    }

    public mutating func remove(_ id: PhotoID) {
        photos.removeAll { $0.id == id }
    }

    /// Moves the photo to the top of the stack; returns whether the order changed.
    @discardableResult
    public mutating func bringToFront(_ id: PhotoID) -> Bool {
        guard let index = index(of: id), index != photos.count - 1 else { return false }
        photos.append(photos.remove(at: index))
        return true
    }

    public mutating func setTransform(_ photoToBoard: AffineTransform, of id: PhotoID) {
        guard let index = index(of: id), photoToBoard.isFinite else { return }
        photos[index].photoToBoard = photoToBoard
    }

    /// Checks the model's invariants; for tests (as swift-collections' `_checkInvariants`).
    public func _checkInvariants() {
        precondition(Set(photos.map(\.id)).count == photos.count, "duplicate photo ids")
        for photo in photos {
            precondition(photo.photoToBoard.isFinite, "\(photo.id) transform not finite")
            precondition(photo.photoToBoard.inverted() != nil, "\(photo.id) transform singular")
        }
    }
}
