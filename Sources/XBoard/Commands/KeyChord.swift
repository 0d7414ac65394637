/// A key as the board's commands know it, with the modifiers held: what the platform's key map
/// turns a key press into, and what the command catalogue binds.
///
/// Letters are lower case, with Shift as a modifier (`Shift+T`); other characters are as typed,
/// Shift already applied (`?`, `+`), so Shift is not a modifier of theirs. Named keys keep Shift
/// (`Shift+Tab`).
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    public enum Key: Hashable, Sendable {
        case character(Character)
        case named(NamedKey)
    }

    /// Keys without a character of their own; the keypad's keys are the same keys.
    public enum NamedKey: String, Hashable, Sendable, CaseIterable {
        case escape = "Esc"
        case tab = "Tab"
        case space = "Space"
        case delete = "Delete"
        case backspace = "Backspace"
        case insert = "Insert"
        case left = "Left"
        case right = "Right"
        case up = "Up"
        case down = "Down"
        case f1 = "F1"
        case f11 = "F11"
        case home = "Home"
        case enter = "Enter"
    }

    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let control = Modifiers(rawValue: 2)
    }

    public var key: Key
    public var modifiers: Modifiers

    /// A chord, normalized: a letter in lower case (an upper-case one adds Shift), Shift dropped
    /// from other characters.
    public init(_ key: Key, _ modifiers: Modifiers = []) {
        var modifiers = modifiers
        var key = key
        if case .character(let character) = key {
            if character.isLetter, character.isUppercase {
                key = .character(Character(character.lowercased()))
                modifiers.insert(.shift)
            } else if !character.isLetter {
                modifiers.remove(.shift)
            }
        }
        self.key = key
        self.modifiers = modifiers
    }

    public static func character(_ character: Character, _ modifiers: Modifiers = []) -> KeyChord {
        KeyChord(.character(character), modifiers)
    }

    public static func named(_ key: NamedKey, _ modifiers: Modifiers = []) -> KeyChord { KeyChord(.named(key), modifiers) }

    /// As the help shows it: `Ctrl+Shift+S`, `Shift+T`, `?`, `F11`.
    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        switch key {
        case .character(let character):
            // A letter alone is shown as typed (`q`); with a modifier, as on the key (`Ctrl+S`).
            parts.append(modifiers.isEmpty ? String(character) : character.uppercased())
        case .named(let named):
            parts.append(named.rawValue)
        }
        return parts.joined(separator: "+")
    }
}
