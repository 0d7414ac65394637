/// Every tunable of the board in one value: recognition, motion and keyboard commands.
public struct BoardSettings: Hashable, Sendable {
    public var gestures = GestureSettings()
    public var motion = MotionSettings()
    public var commands = CommandSettings()
    /// How far the view onto the board zooms and pans.
    public var view = ViewSettings()
    /// The grid `t` tidies the board into.
    public var tidy = TidySettings()
    /// How many arrangements undo can go back through.
    public var undoDepth = 200
    /// Wheel steps on one print this close together are one step of undo (a wheel turned five
    /// notches is one zoom, as in any photo program), while nothing else changes between them.
    public var wheelStepsMergeWithin: Duration = .seconds(1)

    public init(gestures: GestureSettings = GestureSettings(), motion: MotionSettings = MotionSettings()) {
        self.gestures = gestures
        self.motion = motion
    }

    /// Settings for a screen with `uiScale` device pixels per point: finger tolerances, measured
    /// in pixels, grow with it.
    public init(uiScale: Double) {
        let scale = min(max(uiScale.isFinite ? uiScale : 1, 0.5), 4)
        gestures.slop *= scale
        gestures.tapSlop *= scale
        gestures.tapDistance *= scale
        gestures.fingertip *= scale
        motion.restDistance *= scale
    }
}
