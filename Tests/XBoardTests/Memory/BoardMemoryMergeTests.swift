import SystemPackage
import Testing
import XBoard

/// Saves merge photo by photo: nothing one window did not change is written over.
@Suite struct BoardMemoryMergeTests {
    static func entry(_ name: String, x: Double, stack: Double, changed: Double = 100, removed: Bool = false) -> PhotoMemory {
        PhotoMemory(
            path: FilePath("/photos/\(name)"), baseLongEdge: 300,
            placement: AffineTransform(center: Point(x: x, y: 200), scale: 1, rotation: 0),
            initialPlacement: AffineTransform(center: Point(x: x, y: 200), scale: 1, rotation: 0), stack: stack, isRemoved: removed,
            changed: changed)
    }

    static func moved(_ entry: PhotoMemory, to x: Double) -> PhotoMemory {
        var copy = entry
        copy.placement = copy.placement.withCenter(Point(x: x, y: 200))
        return copy
    }

    static let a = entry("a.png", x: 100, stack: 0), b = entry("b.png", x: 200, stack: 1), c = entry("c.png", x: 300, stack: 2)

    static func snapshot(_ photos: [PhotoMemory], renamed: [FilePath: FilePath] = [:]) -> BoardMemory.Snapshot {
        BoardMemory.Snapshot(
            photos: photos, order: photos.filter { !$0.isRemoved }.sorted { $0.stack < $1.stack }.map(\.path), renamed: renamed)
    }

    @Test func twoWindowsThatMovedDifferentPhotosBothKeepTheirMoves() {
        var stored = BoardMemory(entries: [Self.a, Self.b, Self.c])
        let opened = Self.snapshot([Self.a, Self.b, Self.c])
        // Window one moved a, window two moved b; each saves what it shows.
        stored.merge(Self.snapshot([Self.moved(Self.a, to: 500), Self.b, Self.c]), since: opened, changedAt: 200)
        stored.merge(Self.snapshot([Self.a, Self.moved(Self.b, to: 600), Self.c]), since: opened, changedAt: 210)
        #expect(stored[Self.a.path]?.placement.center.x == 500)
        #expect(stored[Self.b.path]?.placement.center.x == 600)
        #expect(stored[Self.c.path]?.placement.center.x == 300)
        #expect(stored[Self.a.path]?.changed == 200 && stored[Self.c.path]?.changed == 100)
    }

    @Test func theLatestChangeOfAPhotoWinsWhicheverWindowSavesLast() {
        var stored = BoardMemory(entries: [Self.a])
        let opened = Self.snapshot([Self.a])
        stored.merge(Self.snapshot([Self.moved(Self.a, to: 700)]), since: opened, changedAt: 300)  // changed later, saved first
        stored.merge(Self.snapshot([Self.moved(Self.a, to: 400)]), since: opened, changedAt: 250)  // changed earlier, saved last
        #expect(stored[Self.a.path]?.placement.center.x == 700)
    }

    @Test func photosTheWindowNeverPlacedKeepTheirEntries() {
        // Quitting while loading: only a was decoded; b and c are not in the snapshot at all.
        var stored = BoardMemory(entries: [Self.a, Self.b, Self.c])
        stored.merge(Self.snapshot([Self.moved(Self.a, to: 50)]), since: Self.snapshot([Self.a]), changedAt: 200)
        #expect(stored.count == 3)
        #expect(stored[Self.b.path] == Self.b && stored[Self.c.path] == Self.c)
    }

    @Test func aNewPhotoIsWrittenAndStackedAboveTheRest() {
        var stored = BoardMemory(entries: [Self.a, Self.b])
        let fresh = Self.entry("new.png", x: 900, stack: 99)
        stored.merge(Self.snapshot([Self.a, Self.b, fresh]), since: Self.snapshot([Self.a, Self.b]), changedAt: 200)
        let new = stored[fresh.path]
        #expect(new?.changed == 200)
        #expect(stored.entries.map(\.path).last == fresh.path)
    }

    @Test func aRemovalIsRememberedAndARenameMovesTheEntry() {
        var stored = BoardMemory(entries: [Self.a, Self.b])
        let opened = Self.snapshot([Self.a, Self.b])
        var removed = Self.b
        removed.isRemoved = true
        stored.merge(Self.snapshot([Self.a, removed]), since: opened, changedAt: 200)
        #expect(stored[Self.b.path]?.isRemoved == true)

        // a was found renamed to z.png: its entry moves there, unchanged.
        var renamed = Self.a
        renamed.path = FilePath("/photos/z.png")
        stored.merge(
            Self.snapshot([renamed, removed], renamed: [Self.a.path: renamed.path]), since: Self.snapshot([renamed, removed]),
            changedAt: 300)
        #expect(stored[Self.a.path] == nil)
        #expect(stored[renamed.path]?.placement == Self.a.placement)
        #expect(stored[renamed.path]?.changed == Self.a.changed)
    }

    @Test func raisingAPhotoInOneWindowKeepsAnotherWindowsRaise() {
        var stored = BoardMemory(entries: [Self.a, Self.b, Self.c])
        let opened = Self.snapshot([Self.a, Self.b, Self.c])
        // Window one raises a; window two, later, raises b. Both were on top when raised; b last.
        stored.merge(
            BoardMemory.Snapshot(photos: [Self.a, Self.b, Self.c], order: [Self.b.path, Self.c.path, Self.a.path]), since: opened,
            changedAt: 200)
        stored.merge(
            BoardMemory.Snapshot(photos: [Self.a, Self.b, Self.c], order: [Self.a.path, Self.c.path, Self.b.path]), since: opened,
            changedAt: 210)
        #expect(stored.entries.map(\.path) == [Self.c.path, Self.a.path, Self.b.path], "\(stored.entries.map { ($0.path, $0.stack) })")
    }

    @Test func aSnapshotWithNothingChangedHasNoChanges() {
        let opened = Self.snapshot([Self.a, Self.b])
        #expect(!opened.hasChanges(since: opened))
        #expect(Self.snapshot([Self.moved(Self.a, to: 1), Self.b]).hasChanges(since: opened))
        #expect(BoardMemory.Snapshot(photos: [Self.a, Self.b], order: [Self.b.path, Self.a.path]).hasChanges(since: opened))
    }

    @Test func theLongestUnchangedGonePhotosAreForgottenBeyondTheLimit() {
        var memory = BoardMemory(entries: (0..<10).map { Self.entry("p\($0).png", x: 0, stack: Double($0), changed: Double($0)) })
        memory.forgetBeyondLimit(6, keeping: [PathKey(FilePath("/photos/p0.png"))])
        #expect(memory.count == 6)
        #expect(
            memory[FilePath("/photos/p0.png")] != nil && memory[FilePath("/photos/p1.png")] == nil
                && memory[FilePath("/photos/p5.png")] != nil)
    }
}
