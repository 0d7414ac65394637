/// The photos taken off the board, as a layer along the bottom edge: whether it shows, and
/// every touch on it — a finger lifted on the photo it began on puts that photo back (a tap, or
/// a press a finger slid about on); a tap on a list with nothing left on it closes it. What a
/// touch asks for comes out as outcomes (`ShelfLayerTests`).
struct ShelfLayer: Sendable {
    enum Outcome: Equatable, Sendable {
        case putBack(PhotoID)
        case close
    }

    /// Whether the list shows (r, or the Removed control).
    var isShown = false
    /// The photo each touch on the list began on (`nil`: between photos).
    private var touches: [TouchID: PhotoID?] = [:]

    /// A touch on the list as `shown` (the last frame's layout of it).
    mutating func touch(_ event: TouchEvent, shown: RemovedShelf?) -> [Outcome] {
        switch event.phase {
        case .began:
            touches[event.id] = .some(shown?.photo(at: event.routingLocation ?? event.location))
            return []
        case .moved:
            return []
        case .ended:
            guard let began = touches.removeValue(forKey: event.id) else { return [] }
            guard let photo = began else { return shown?.slots.isEmpty == true ? [.close] : [] }
            return isShown && shown?.photo(at: event.location) == photo ? [.putBack(photo)] : []
        case .cancelled:
            touches[event.id] = nil
            return []
        }
    }

    /// The list as it shows now, of the `removed` photos on a board of `size` at `scale` (above
    /// the loading panel, `bottomInset` high, while that shows), or `nil` while hidden.
    func shelf(of removed: [RemovedShelf.Entry], in size: Size, scale: Double, bottomInset: Double) -> RemovedShelf? {
        guard isShown else { return nil }
        return RemovedShelf(entries: removed, in: size, scale: scale, bottomInset: bottomInset)
    }
}
