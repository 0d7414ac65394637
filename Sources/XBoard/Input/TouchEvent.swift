/// One change to one touch: what the platform delivers and the engine consumes.
public struct TouchEvent: Hashable, Sendable, CustomStringConvertible {
    public var id: TouchID
    public var phase: TouchPhase
    /// Where the touch is, in window pixels.
    public var location: Point
    /// When the change happened.
    public var time: Instant
    /// Where to look for the photo a beginning touch belongs to, when not at `location`:
    /// synthetic fingers of mouse emulation are routed by the pointer, wherever they lie.
    public var routingLocation: Point?
    /// What a beginning touch does with the table (`BareTableUse`).
    public var bareTable: BareTableUse

    public init(
        id: TouchID, phase: TouchPhase, location: Point, time: Instant, routingLocation: Point? = nil, bareTable: BareTableUse = .gestures
    ) {
        self.id = id
        self.phase = phase
        self.location = location
        self.time = time
        self.routingLocation = routingLocation
        self.bareTable = bareTable
    }

    public var description: String { "\(id) \(phase) at \(location) \(time)" }
}
