/// Touches that began on an overlay panel (a notice): they belong to it until they lift, so a
/// tap that dismisses a notice never reaches the photo under it.
public struct OverlayTouches: Sendable {
    /// Where a touch goes.
    public enum Route: Hashable, Sendable {
        /// To the board, as always.
        case board
        /// To the overlay it began on; `began` names the panel on the touch's first event.
        case overlay(began: TextPanel.Kind?)
    }

    private var captured: Set<TouchID> = []

    public init() {}

    /// Routes `event`. A touch that begins where `panelAt` finds a panel is captured until it
    /// ends; every other touch goes to the board.
    public mutating func route(_ event: TouchEvent, panelAt: (Point) -> TextPanel.Kind?) -> Route {
        switch event.phase {
        case .began:
            let location = event.routingLocation ?? event.location
            guard location.isFinite, let kind = panelAt(location) else {
                captured.remove(event.id)
                return .board
            }
            captured.insert(event.id)
            return .overlay(began: kind)
        case .moved:
            return captured.contains(event.id) ? .overlay(began: nil) : .board
        case .ended, .cancelled:
            return captured.remove(event.id) != nil ? .overlay(began: nil) : .board
        }
    }
}
