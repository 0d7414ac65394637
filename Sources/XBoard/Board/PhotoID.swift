/// Identifies a photo on the board for as long as it is there.
public struct PhotoID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: PhotoID, rhs: PhotoID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "photo\(rawValue)" }
}
