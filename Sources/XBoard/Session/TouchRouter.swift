/// Gives every touch to one owner for its whole life: hit-tested once, where it begins, and
/// kept by what it began on until it lifts (Qt Quick's delivery agent, one exclusive grabber
/// per point). The one grab table of the board, held by `ScreenLayers`.
public struct TouchRouter<Layer: Hashable & Sendable>: Sendable {
    private var grabs: [TouchID: Layer] = [:]
    /// Where touches go that the router never saw begin.
    public let fallback: Layer

    public init(fallback: Layer) {
        self.fallback = fallback
    }

    /// The owner of `event`: for a touch beginning, what `hitTest` finds at its routing
    /// location; afterwards, whatever it began on (released when it lifts).
    public mutating func route(_ event: TouchEvent, hitTest: (Point) -> Layer) -> Layer {
        switch event.phase {
        case .began:
            let location = event.routingLocation ?? event.location
            let layer = location.isFinite ? hitTest(location) : fallback
            grabs[event.id] = layer
            return layer
        case .moved:
            return grabs[event.id] ?? fallback
        case .ended, .cancelled:
            return grabs.removeValue(forKey: event.id) ?? fallback
        }
    }

    /// Gives a touch to another layer from now on (a long press opened a menu under it).
    public mutating func reassign(_ touch: TouchID, to layer: Layer) {
        guard grabs[touch] != nil else { return }
        grabs[touch] = layer
    }

    /// The touches held of a device (one that went away: each is cancelled to its owner).
    public func touches(fromSource source: UInt32) -> [TouchID] { grabs.keys.filter { $0.source == source } }

    /// The touches a layer holds now.
    public func touches(of layer: Layer) -> [TouchID] { grabs.filter { $0.value == layer }.map(\.key) }

    /// How many touches are held.
    public var count: Int { grabs.count }
}
