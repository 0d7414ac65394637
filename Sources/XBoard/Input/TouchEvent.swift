/// One change to one touch: what the platform delivers and the engine consumes.
public struct TouchEvent: Hashable, Sendable, CustomStringConvertible {
    public var id: TouchID
    public var phase: TouchPhase
    /// Where the touch is, in window (= board) points.
    public var location: Point
    /// When the change happened.
    public var time: Instant

    public init(id: TouchID, phase: TouchPhase, location: Point, time: Instant) {
        self.id = id
        self.phase = phase
        self.location = location
        self.time = time
    }

    public var description: String { "\(id) \(phase) at \(location) \(time)" }
}
