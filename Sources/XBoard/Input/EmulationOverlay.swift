/// What mouse emulation shows on the board: the pinned second finger and a one-line hint.
public struct EmulationOverlay: Hashable, Sendable {
    /// Where the pinned finger is, in board points.
    public var marker: Point
    public var hint: String
}
