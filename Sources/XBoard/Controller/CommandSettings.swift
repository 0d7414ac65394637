/// Tunables of the keyboard commands, in board points, radians and `Duration`s.
public struct CommandSettings: Hashable, Sendable {
    /// How far an arrow key moves the target photo, in board points.
    public var nudgeStep: Double = 10
    /// The same with Shift held.
    public var largeNudgeStep: Double = 50
    /// The scale factor of one + (one − divides by it): 10%.
    public var zoomStep: Double = 1.1
    /// How far one [ or ] turns the target photo, in radians (5°).
    public var turnStep: Double = 5 * .pi / 180
    /// How long a keyed move, zoom or turn takes to ease in; short, so held keys stay responsive.
    public var stepDuration: Duration = .milliseconds(120)

    public init() {}
}
