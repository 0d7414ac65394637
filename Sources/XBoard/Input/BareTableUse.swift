/// What a touch does with the table, the board itself under the prints.
public enum BareTableUse: Hashable, Sendable {
    /// A print under the touch takes it; on the bare table it pans and zooms the table (a finger,
    /// the mouse's left button, the wheel).
    case gestures
    /// It pans the table even over a print (the mouse's middle button).
    case pan
}
