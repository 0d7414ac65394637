/// Where a touch is in its life.
public enum TouchPhase: Hashable, Sendable {
    case began
    case moved
    case ended
    /// The system took the touch away (device removed, window lost it): undo, don't act.
    case cancelled
}
