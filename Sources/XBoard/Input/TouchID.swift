/// Identifies one touch for its whole life, from began to ended or cancelled.
///
/// XI2 touch ids are unique per device while the touch lives, so the platform combines the
/// source device with the touch id; synthetic touches (mouse emulation) use their own source.
/// An id may be reused after its touch ended.
public struct TouchID: Hashable, Sendable, CustomStringConvertible {
    public var source: UInt32
    public var number: UInt32

    public init(source: UInt32 = 0, number: UInt32) {
        self.source = source
        self.number = number
    }

    public var description: String { source == 0 ? "#\(number)" : "#\(source).\(number)" }
}
