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
    /// Whether a beginning touch takes the print under it however small it shows (the mouse's
    /// buttons, which are precise); a finger, the wheel and a touchpad pinch leave a print too
    /// small for a fingertip to the table (`GestureSettings.fingertip`).
    public var isPrecise: Bool
    /// Whether a beginning touch is one finger of a wheel step (`MouseEmulator`): fingers that go
    /// down, move and lift in one instant, one notch of a zoom or a turn.
    public var isWheelStep: Bool
    /// Whether a beginning touch is the finger the mouse pins (Ctrl+right-click, "Pin a finger
    /// here"): it stays still until taken away, so holding still never makes it a long press
    /// (its photo's menu used to open under it half a second after it was pinned, and the pinch
    /// it was pinned for then failed).
    public var isPinned = false

    public init(
        id: TouchID, phase: TouchPhase, location: Point, time: Instant, routingLocation: Point? = nil, bareTable: BareTableUse = .gestures,
        isPrecise: Bool = false, isWheelStep: Bool = false
    ) {
        self.id = id
        self.phase = phase
        self.location = location
        self.time = time
        self.routingLocation = routingLocation
        self.bareTable = bareTable
        self.isPrecise = isPrecise
        self.isWheelStep = isWheelStep
    }

    public var description: String { "\(id) \(phase) at \(location) \(time)" }
}
