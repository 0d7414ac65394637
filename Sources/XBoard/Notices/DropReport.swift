/// What became of a drop, in one line for standard error: which items were not taken and why,
/// and whether the others were — never "ignored" for a drop that was partly taken.
///
/// An item is one entry of the dropped list (a file, a folder, a board document, or an address
/// that names no file here); a folder counts once however many pictures it holds.
public struct DropReport: Equatable, Sendable {
    /// An item the board did not take, and why.
    public struct LeftOut: Equatable, Sendable {
        /// The item as shown: an escaped path or address (`PathEscaping`).
        public var item: String
        /// Why, in a few words ("no such file or folder").
        public var reason: String

        public init(item: String, reason: String) {
            self.item = item
            self.reason = reason
        }
    }

    /// How many items were taken (their pictures are being opened).
    public var taken: Int
    /// The items not taken: the paths, then the addresses that name no file here.
    public var leftOut: [LeftOut]

    /// At most this many items left out are named in the line.
    public static let namedAtMost = 10

    public init(taken: Int, leftOut: [LeftOut]) {
        self.taken = taken
        self.leftOut = leftOut
    }

    /// "drop: 1 of 3 items not taken: https://example.org/a.jpg (not a file on this computer);
    /// the other 2 are being opened", or, when nothing was taken, "drop ignored: …"; `nil` when
    /// every item was taken. The items left out are named with their reasons, the first
    /// `namedAtMost` of them (a drop of thousands stays one readable line), then how many more.
    public var line: String? {
        guard !leftOut.isEmpty else { return nil }
        var listed = leftOut.prefix(Self.namedAtMost).map { "\($0.item) (\($0.reason))" }.joined(separator: ", ")
        if leftOut.count > Self.namedAtMost { listed += " and \(leftOut.count - Self.namedAtMost) more" }
        let total = taken + leftOut.count
        guard taken > 0 else {
            return total == 1
                ? "drop ignored: its only item was not taken: \(listed)" : "drop ignored: none of its \(total) items was taken: \(listed)"
        }
        let others = taken == 1 ? "the other one is being opened" : "the other \(taken) are being opened"
        return "drop: \(leftOut.count) of \(total) items not taken: \(listed); \(others)"
    }
}
