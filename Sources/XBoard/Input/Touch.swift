/// A touch as a recognizer sees it: where it went down, where it is now, and when.
public struct Touch: Hashable, Sendable {
    public var id: TouchID
    /// Where the touch went down, in board points.
    public var startLocation: Point
    /// Where the touch is now, in board points.
    public var location: Point
    public var startTime: Instant
    public var time: Instant
    /// A finger the mouse pinned (`TouchEvent.isPinned`): it rests by design, so its resting is
    /// no long press.
    public var isPinned = false

    public init(id: TouchID, location: Point, time: Instant) {
        self.id = id
        self.startLocation = location
        self.location = location
        self.startTime = time
        self.time = time
    }

    /// Distance travelled from where it went down, in board points.
    public var travel: Double { startLocation.distance(to: location) }
}
