/// Whether a remembered board is the board being opened, moved: its folder renamed or moved
/// (`mv trip "2024 trip"`), its photos the same files.
///
/// The rule, cheap enough to run over every remembered board whose named paths are gone: each
/// file opened is paired with at most one remembered photo whose fingerprint has the same size
/// in bytes (a multiset match: sizes of photos seldom collide), and the board is the same when
/// the pairs are a clear majority of both sides — more than half of the files opened, and more
/// than half of the photos the board remembered as its own (dropped photos aside). A folder that
/// merely shares a few photos with another board is not that board. Each photo is then placed
/// only when its whole fingerprint matches (`BoardMemory.renamedEntry`), so a size that collides
/// by chance costs nothing.
public struct MovedBoardMatch: Hashable, Sendable {
    /// Files opened that pair with a remembered photo.
    public var matched: Int
    /// Files opened.
    public var opened: Int
    /// Photos the board remembered as its own (not dropped on it).
    public var remembered: Int

    /// The pairs between files of `openedSizes` (bytes; negative when unknown) and the photos
    /// `memory` holds.
    public init(openedSizes: [Int64], memory: BoardMemory) {
        var available: [Int64: Int] = [:]
        let own = memory.entries.filter { !$0.isAdded }
        for entry in own {
            if let size = entry.fingerprint?.size { available[size, default: 0] += 1 }
        }
        var matched = 0
        for size in openedSizes where size >= 0 {
            guard let left = available[size], left > 0 else { continue }
            available[size] = left - 1
            matched += 1
        }
        self.init(matched: matched, opened: openedSizes.count, remembered: own.count)
    }

    public init(matched: Int, opened: Int, remembered: Int) {
        self.matched = matched
        self.opened = opened
        self.remembered = remembered
    }

    /// Whether the pairs are more than half of each side.
    public var isSameBoard: Bool { matched > 0 && 2 * matched > opened && 2 * matched > remembered }
}
