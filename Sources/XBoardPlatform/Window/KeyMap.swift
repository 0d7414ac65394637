internal import CX11
import XBoard

/// Which command a key stands for: the board's key bindings as one pure value, so they are
/// testable without a server (`--help` and the README list the same bindings).
///
/// Keysyms are those `XLookupString` returns, already shifted (Shift+1 arrives as `!`).
struct KeyMap {
    /// The keyboard's modifiers that bindings look at.
    struct Modifiers: OptionSet, Hashable {
        let rawValue: UInt8
        static let shift = Modifiers(rawValue: 1)
        static let control = Modifiers(rawValue: 2)

        /// From an X event's modifier state.
        init(xState state: UInt32) {
            var modifiers: Modifiers = []
            if state & UInt32(ShiftMask) != 0 { modifiers.insert(.shift) }
            if state & UInt32(ControlMask) != 0 { modifiers.insert(.control) }
            self = modifiers
        }

        init(rawValue: UInt8) { self.rawValue = rawValue }
    }

    /// The command for `keysym` with `modifiers` held, or `nil` for a key the board ignores.
    func command(for keysym: UInt, modifiers: Modifiers) -> BoardCommand? {
        let control = modifiers.contains(.control), shift = modifiers.contains(.shift)
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_q, XK_Q: return .quit
        case XK_w where control: return .quit
        case XK_z, XK_Z: return control ? (shift ? .redo : .undo) : nil
        case XK_y where control: return .redo
        case XK_s, XK_S: return control ? (shift ? .saveDocument : .exportPicture) : nil
        case XK_r where !control, XK_R where !control, XK_Insert: return .toggleRemovedPhotos
        case XK_Escape: return .escape
        case XK_f where !control, XK_F11: return .toggleFullscreen
        case XK_space, XK_g: return .gather
        case XK_t where !control: return .tidy(byDate: shift)
        case XK_T where !control: return .tidy(byDate: true)
        case XK_c where !control, XK_C where !control: return .toggleCaptions
        case XK_Delete, XK_BackSpace, XK_KP_Delete: return .removeTarget
        case XK_question, XK_F1: return .toggleHelp
        case XK_Tab: return .selectNext(backwards: shift)
        case XK_ISO_Left_Tab: return .selectNext(backwards: true)
        case XK_Left, XK_KP_Left: return .nudge(.left, isLarge: shift)
        case XK_Right, XK_KP_Right: return .nudge(.right, isLarge: shift)
        case XK_Up, XK_KP_Up: return .nudge(.up, isLarge: shift)
        case XK_Down, XK_KP_Down: return .nudge(.down, isLarge: shift)
        case XK_plus, XK_equal, XK_KP_Add: return .zoom(isIn: true)
        case XK_minus, XK_KP_Subtract: return .zoom(isIn: false)
        case XK_bracketright: return .turn(isClockwise: true)
        case XK_bracketleft: return .turn(isClockwise: false)
        default: return nil
        }
    }
}
