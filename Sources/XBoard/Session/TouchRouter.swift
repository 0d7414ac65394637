/// Gives every touch to one owner for its whole life: hit-tested once, where it begins, and
/// kept by what it began on until it lifts (Qt Quick's delivery agent, one exclusive grabber
/// per point). The one grab table of the board; the layers are the session's.
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

    /// Forgets every touch of a device that went away.
    public mutating func forget(source: UInt32) {
        grabs = grabs.filter { $0.key.source != source }
    }

    /// The touches a layer holds now.
    public func touches(of layer: Layer) -> [TouchID] { grabs.filter { $0.value == layer }.map(\.key) }

    /// How many touches are held.
    public var count: Int { grabs.count }
}
