import SystemPackage
import Testing
import XBoard

/// Every pass over a board's photos is O(n log n) or better: these run a hundred thousand
/// photos through stacking, merging and finding renamed photos. A quadratic step would take
/// minutes here (ten billion comparisons); each of these takes well under a second once the
/// paths exist.
@Suite struct BoardScaleTests {
    static let count = 100_000

    /// The photos' paths, made once for every test here: making a `FilePath` from text costs
    /// about 30 µs in a debug build of swift-system, three seconds for these alone.
    static let paths: [FilePath] = (0..<count).map { FilePath("/photos/trip/IMG_\($0).jpg") }

    static func path(_ index: Int) -> FilePath { paths[index] }

    static func entry(_ index: Int, stack: Double, changed: Double = 100) -> PhotoMemory {
        let placement = AffineTransform(center: Point(x: Double(index % 1000), y: Double(index / 1000)), scale: 1, rotation: 0)
        return PhotoMemory(
            path: path(index), fingerprint: PhotoFingerprint(size: Int64(index), headHash: UInt64(index)), baseLongEdge: 55,
            placement: placement, initialPlacement: placement, stack: stack, changed: changed)
    }

    @Test func aHundredThousandNewPhotosAreStackedInOnePass() {
        var keys: [Int: Double] = [:]
        let order = Array(0..<Self.count)
        StackOrder.assignKeys(order: order, moved: Set(order), keys: &keys)
        #expect(keys.count == Self.count)
        #expect(zip(order, order.dropFirst()).allSatisfy { (keys[$0] ?? .nan) < (keys[$1] ?? .nan) })
    }

    @Test func aHundredThousandPhotosDroppedBetweenTwoKeepTheirPlaceWithoutPassingAnother() {
        // Two stored photos with adjacent keys; a window put every new photo between them.
        var keys: [Int: Double] = [-1: 0, -2: 1.0.nextUp, -3: 5]
        let order = [-1] + Array(0..<Self.count) + [-2]
        StackOrder.assignKeys(order: order, moved: Set(0..<Self.count), keys: &keys)
        let sorted = keys.sorted { $0.value < $1.value }.map(\.key)
        #expect(sorted == order + [-3])
        #expect(Set(keys.values).count == keys.count)
    }

    @Test func raisingEveryOtherPhotoOfAHundredThousandIsOnePass() {
        let before = Array(0..<Self.count)
        let after = before.filter { $0 % 2 == 0 } + before.filter { $0 % 2 == 1 }
        var keys: [Int: Double] = [:]
        for index in before { keys[index] = Double(index) }
        let moved = StackOrder.moved(from: before, to: after)
        #expect(moved.count == Self.count / 2 - 1)  // one odd photo may stay: the evens below it, the odds above
        StackOrder.assignKeys(order: after, moved: moved, keys: &keys)
        #expect(zip(after, after.dropFirst()).allSatisfy { (keys[$0] ?? .nan) < (keys[$1] ?? .nan) })
    }

    @Test func aSaveOfAHundredThousandNewPhotosMergesInOnePass() {
        let photos = (0..<Self.count).map { Self.entry($0, stack: Double($0)) }
        var stored = BoardMemory(entries: photos.prefix(Self.count / 2).map { $0 })
        let snapshot = BoardMemory.Snapshot(photos: photos, order: photos.map(\.path))
        let baseline = BoardMemory.Snapshot(photos: Array(photos.prefix(Self.count / 2)), order: photos.prefix(Self.count / 2).map(\.path))
        #expect(snapshot.hasChanges(since: baseline))
        stored.merge(snapshot, since: baseline, changedAt: 200)
        #expect(stored.count == Self.count)
        let entries = stored.entries
        #expect(entries.map(\.path) == photos.map(\.path))
    }

    @Test func aHundredThousandRenamedPhotosAreEachFoundByFingerprint() {
        let memory = BoardMemory(entries: (0..<Self.count).map { Self.entry($0, stack: Double($0)) })
        let unclaimed = memory.keys
        var found = 0
        for index in 0..<Self.count {
            let fingerprint = PhotoFingerprint(size: Int64(index), headHash: UInt64(index))
            if memory.renamedEntry(matching: fingerprint, among: unclaimed)?.key == PathKey(Self.path(index)) { found += 1 }
        }
        #expect(found == Self.count)
    }
}

extension BoardScaleTests {
    @Test func aHundredThousandPhotosSortByNameForTidyInOnePassOfKeys() {
        let files = Self.paths.map { ListedFile(path: $0, canonical: PathKey($0)) }
        let catalogue = PhotoCatalogue(files: files, boardSize: Size(width: 1920, height: 1080), seed: 1, startTime: .origin)
        let order = catalogue.tidyOrder(of: (0..<Self.count).reversed().map(PhotoID.init), byDate: false)
        // IMG_0, IMG_1, … IMG_99999: the numbers as numbers.
        #expect(order == (0..<Self.count).map(PhotoID.init))
    }

    /// Ten thousand photos tidied at once: one grid, every print upright in a cell of its own and
    /// inside the board, in the order given — in a few passes over flat arrays.
    @Test func tenThousandPhotosAreTidiedIntoOneGridInTheirOrder() throws {
        let count = 10_000
        var board = Board(size: Size(width: 1920, height: 1080))
        for photo in Board.tossedLayout(
            pixelSizes: (0..<count).map { $0 % 3 == 0 ? Size(width: 3000, height: 4000) : Size(width: 4000, height: 3000) },
            boardSize: board.size, seed: 4)
        {
            board.add(photo)
        }
        let controller = BoardController(board: board)
        let order = (0..<count).reversed().map(PhotoID.init)
        controller.tidy(order: order)
        controller.advance(to: controller.now + .seconds(5))
        let placed = order.compactMap { controller.board.photo($0) }
        #expect(placed.count == count)
        #expect(placed.allSatisfy { $0.photoToBoard.rotation == 0 && controller.visibleBounds.contains($0.photoToBoard.center) })
        // Left to right, then top to bottom, in the order given: cells never share a centre.
        let centres = placed.map(\.photoToBoard.center)
        #expect(zip(centres, centres.dropFirst()).allSatisfy { $0.y < $1.y || ($0.y == $1.y && $0.x < $1.x) })
    }

    /// What a save of a hundred thousand photos leaves the catalogue is worked out on its worker in
    /// one pass, and names only the photos whose stacking key the merge changed.
    @Test func aSaveOfAHundredThousandPhotosNamesOnlyTheRestackedOnes() {
        let photos = (0..<Self.count).map { Self.entry($0, stack: Double($0)) }
        let snapshot = BoardMemory.Snapshot(photos: photos, order: photos.map(\.key))
        var stored = photos
        stored[7].stack = 0.5
        stored[99_999].stack = -1
        let saved = SavedBoard(snapshot: snapshot, memory: BoardMemory(entries: stored))
        #expect(Set(saved.restacked.map(\.key)) == [photos[7].key, photos[99_999].key])
    }
}
