/// Touches on the removed photos list (`RemovedShelf`): a touch that begins on the list
/// belongs to it until it lifts, so it never moves the photos under it; lifting it on the same
/// slot it began on puts that photo back (a tap, or a press a finger slid about on).
public struct ShelfTouches: Sendable {
    /// Where a touch goes.
    public enum Route: Hashable, Sendable {
        /// To the board, as always.
        case board
        /// To the list, which takes it and does nothing more yet.
        case shelf
        /// The touch lifted on the slot it began on: put this photo back.
        case returnPhoto(PhotoID)
    }

    /// The touches on the list, with the photo each began on.
    private var captured: [TouchID: PhotoID?] = [:]

    public init() {}

    /// Routes `event`, with `shelf` the list as shown (`nil` when it is not).
    public mutating func route(_ event: TouchEvent, shelf: RemovedShelf?) -> Route {
        switch event.phase {
        case .began:
            let location = event.routingLocation ?? event.location
            guard let shelf, shelf.contains(location) else {
                captured[event.id] = nil
                return .board
            }
            captured[event.id] = .some(shelf.photo(at: location))
            return .shelf
        case .moved:
            return captured[event.id] != nil ? .shelf : .board
        case .ended:
            guard let began = captured.removeValue(forKey: event.id) else { return .board }
            if let began, let shelf, shelf.photo(at: event.location) == began { return .returnPhoto(began) }
            return .shelf
        case .cancelled:
            return captured.removeValue(forKey: event.id) != nil ? .shelf : .board
        }
    }
}
