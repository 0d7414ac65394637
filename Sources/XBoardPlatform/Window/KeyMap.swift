internal import CX11
import XBoard

/// Which key a keysym is, as the command catalogue knows keys (`KeyChord`): the platform's half
/// of the key bindings, a pure value testable without a server. What each chord does is the
/// catalogue's.
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

    /// The chord for `keysym` with `modifiers` held, or `nil` for a key no command could use.
    func chord(for keysym: UInt, modifiers: Modifiers) -> KeyChord? {
        var held: KeyChord.Modifiers = []
        if modifiers.contains(.shift) { held.insert(.shift) }
        if modifiers.contains(.control) { held.insert(.control) }
        let symbol = Int32(truncatingIfNeeded: keysym)
        if let named = Self.named[symbol] {
            if symbol == XK_ISO_Left_Tab { held.insert(.shift) }
            return .named(named, held)
        }
        // Latin-1 keysyms are their characters' code points.
        guard symbol >= 0x20, symbol <= 0x7E, let scalar = Unicode.Scalar(UInt32(symbol)) else {
            if let character = Self.keypad[symbol] { return .character(character, held) }
            return nil
        }
        return KeyChord(.character(Character(scalar)), held)
    }

    private static let named: [Int32: KeyChord.NamedKey] = [
        XK_Escape: .escape, XK_Tab: .tab, XK_ISO_Left_Tab: .tab, XK_space: .space, XK_Delete: .delete, XK_KP_Delete: .delete,
        XK_BackSpace: .backspace, XK_Insert: .insert, XK_Left: .left, XK_KP_Left: .left, XK_Right: .right, XK_KP_Right: .right,
        XK_Up: .up, XK_KP_Up: .up, XK_Down: .down, XK_KP_Down: .down, XK_F1: .f1, XK_F11: .f11,
        XK_Home: .home, XK_KP_Home: .home, XK_Return: .enter, XK_KP_Enter: .enter,
    ]

    private static let keypad: [Int32: Character] = [XK_KP_Add: "+", XK_KP_Subtract: "-"]
}
