/// Names one notice for as long as it is queued or shown.
public struct NoticeID: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int

    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    public var description: String { "notice \(rawValue)" }
}
