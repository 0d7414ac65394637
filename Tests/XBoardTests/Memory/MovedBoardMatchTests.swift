import SystemPackage
import Testing
import XBoard

/// A moved folder's board is recognised by a clear majority of its photos both ways, never by a
/// few shared ones.
@Suite struct MovedBoardMatchTests {
    /// A board of photos of these sizes (the last `added` of them dropped on it from elsewhere).
    static func memory(_ sizes: [Int64], added: Int = 0) -> BoardMemory {
        BoardMemory(
            entries: sizes.enumerated().map { index, size in
                var entry = BoardMemoryMergeTests.entry("p\(index).jpg", x: 100, stack: Double(index))
                entry.fingerprint = PhotoFingerprint(size: size, headHash: UInt64(index))
                entry.isAdded = index >= sizes.count - added
                return entry
            })
    }

    static let eight: [Int64] = [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000]

    @Test(
        arguments: [
            // opened sizes, whether it is the same board
            ([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000], true),  // all, moved as it was
            ([8000, 7000, 6000, 5000, 4000], true),  // five of eight (three deleted since)
            ([1000, 2000, 3000, 4000, 5000, 11, 12, 13], true),  // five of eight, three new
            ([1000, 2000, 3000, 4000], false),  // half is no majority
            ([1000, 2000, 3000, 11, 12, 13, 14, 15, 16, 17], false),  // a few shared photos
            ([1000, 1000, 1000, 1000, 1000], false),  // one size cannot pair five times
            ([Int64](), false),
        ] as [([Int64], Bool)])
    func theRuleIsAClearMajorityOfBothSides(opened: [Int64], isSame: Bool) {
        #expect(MovedBoardMatch(openedSizes: opened, memory: Self.memory(Self.eight)).isSameBoard == isSame)
    }

    @Test func photosDroppedFromElsewhereNeitherCountNorPair() {
        // Six own photos and two dropped ones: four own ones are a majority of the own six.
        let memory = Self.memory(Self.eight, added: 2)
        let match = MovedBoardMatch(openedSizes: [1000, 2000, 3000, 4000, 7000, 8000], memory: memory)
        #expect(match.remembered == 6 && match.matched == 4 && match.isSameBoard)
        #expect(!MovedBoardMatch(openedSizes: [1000, 2000, 3000, 11, 12, 13], memory: memory).isSameBoard)
    }

    @Test func photosWithoutAFingerprintNeverPair() {
        let memory = BoardMemory(entries: (0..<4).map { BoardMemoryMergeTests.entry("p\($0).jpg", x: 1, stack: Double($0)) })
        #expect(!MovedBoardMatch(openedSizes: [1, 2, 3, 4], memory: memory).isSameBoard)
    }
}
