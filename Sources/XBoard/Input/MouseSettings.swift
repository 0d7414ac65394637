/// Tunables for driving the board with a mouse or touchpad.
public struct MouseSettings: Hashable, Sendable {
    /// Zoom factor per wheel notch (about 10%).
    public var zoomPerNotch: Double = 1.1
    /// Turn per wheel notch with Shift or a horizontal wheel, in radians (10°).
    public var turnPerNotch: Double = .pi / 18
    /// How far apart, in board points, the two synthetic fingers of a wheel step or touchpad
    /// pinch start (they are spread further for tiny steps, so every step clears the slop).
    public var fingerSpread: Double = 100
    /// Synthetic fingers must travel at least this far, in board points, to be recognized;
    /// keep it above `GestureSettings.slop`.
    public var minimumStepTravel: Double = 9

    public init() {}
}
