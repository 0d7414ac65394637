/// Which input drives the board (`--input`).
public enum InputMode: String, CaseIterable, Sendable {
    /// Touches as touches, and the mouse through mouse emulation (pointer events the server
    /// emulates from a touch are ignored, so nothing counts twice).
    case auto
    /// Only the pointer, including the pointer the server emulates from a touchscreen (for
    /// touchscreens whose multitouch misbehaves).
    case mouse
    /// Only touches; the pointer does nothing.
    case touch
}
