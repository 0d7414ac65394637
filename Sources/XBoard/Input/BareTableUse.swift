/// What a touch does with the table, the board itself under the prints.
public enum BareTableUse: Hashable, Sendable {
    /// A print under the touch takes it; on the bare table it pans and zooms the table, and held
    /// still it starts a band (a finger, the wheel, a touchpad pinch).
    case gestures
    /// A print under the touch takes it; on the bare table it draws a band at once, selecting
    /// what it touches in place of the selection (the mouse's left button).
    case band
    /// The same, adding to the selection (the left button with Shift or Ctrl).
    case addingBand
    /// It pans the table even over a print (the mouse's middle button, or its left one with Space held).
    case pan
}
