/// What a mouse, touchpad or the core pointer did, in the core's terms.
public struct PointerEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Button: Hashable, Sendable, CustomStringConvertible {
        case left, middle, right

        /// The bare name, so transcripts and traces read `pressed(left)` in any module.
        public var description: String {
            switch self {
            case .left: "left"
            case .middle: "middle"
            case .right: "right"
            }
        }
    }

    public enum Kind: Hashable, Sendable {
        case moved
        case pressed(Button)
        case released(Button)
        /// Wheel or smooth scrolling, in notches (one click of a wheel is 1; smooth scrolling
        /// gives fractions). Positive `y` scrolls down, positive `x` right.
        case scrolled(x: Double, y: Double)
        /// A touchpad pinch began (XInput 2.4 gesture).
        case pinchBegan
        /// `scale` is relative to the pinch's start; `angleDelta` (radians, clockwise) and
        /// `offset` (board points) are since the previous update.
        case pinchUpdated(scale: Double, angleDelta: Double, offset: Point)
        case pinchEnded(isCancelled: Bool)
    }

    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let control = Modifiers(rawValue: 2)
    }

    public var kind: Kind
    /// The pointer, in board points.
    public var location: Point
    public var modifiers: Modifiers
    public var time: Instant

    public init(_ kind: Kind, at location: Point, modifiers: Modifiers = [], time: Instant) {
        self.kind = kind
        self.location = location
        self.modifiers = modifiers
        self.time = time
    }

    public var description: String { "pointer \(kind) at \(location)\(modifiers.isEmpty ? "" : " \(modifiers.rawValue)") \(time)" }
}
