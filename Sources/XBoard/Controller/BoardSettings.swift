/// Every tunable of the board in one value: recognition and motion.
public struct BoardSettings: Hashable, Sendable {
    public var gestures = GestureSettings()
    public var motion = MotionSettings()

    public init(gestures: GestureSettings = GestureSettings(), motion: MotionSettings = MotionSettings()) {
        self.gestures = gestures
        self.motion = motion
    }
}
