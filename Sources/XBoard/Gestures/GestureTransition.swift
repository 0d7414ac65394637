/// One state change of one recognizer, as a transcript line: "pan began", "tripleTap recognized".
public struct GestureTransition: Hashable, Sendable, CustomStringConvertible {
    public let recognizer: ObjectIdentifier
    public let name: String
    public let state: GestureState
    public let isDiscrete: Bool

    public var description: String {
        "\(name) \(isDiscrete && state == .recognized ? "recognized" : state.description)"
    }
}
