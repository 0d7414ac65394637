import SystemPackage
import Testing
import XBoard

/// A memory is whole only with the table it was saved on: a save from a table of another size
/// is worth writing. A memory saved before views has every place it keeps brought onto that
/// table; one with a view keeps its places, and the view carries the window's size.
@Suite struct BoardMemoryTableTests {
    static let window = Size(width: 1280, height: 800), fullscreen = Size(width: 1920, height: 1080)

    static func entry(_ name: String, x: Double, y: Double = 200, changed: Double = 100) -> PhotoMemory {
        let placement = AffineTransform(center: Point(x: x, y: y), scale: 0.5, rotation: 0.25)
        return PhotoMemory(
            path: FilePath("/photos/\(name)"), baseLongEdge: 300, placement: placement, initialPlacement: placement,
            stack: x, changed: changed)
    }

    static func snapshot(_ photos: [PhotoMemory]) -> BoardMemory.Snapshot {
        BoardMemory.Snapshot(photos: photos, order: photos.sorted { $0.stack < $1.stack }.map(\.path))
    }

    static func moved(_ entry: PhotoMemory, to x: Double) -> PhotoMemory {
        var copy = entry
        copy.placement = copy.placement.withCenter(Point(x: x, y: entry.placement.center.y))
        return copy
    }

    @Test func aTableOfAnotherSizeIsAChangeToHalfAPoint() {
        let memory = BoardMemory(boardSize: Self.window)
        #expect(memory.isSaved(onTableOf: Self.window))
        #expect(memory.isSaved(onTableOf: Size(width: 1280.4, height: 799.6)))
        #expect(!memory.isSaved(onTableOf: Size(width: 1281, height: 800)))
        #expect(!memory.isSaved(onTableOf: Self.fullscreen))
        #expect(!BoardMemory().isSaved(onTableOf: Self.window), "a memory of no known size takes the table's")
    }

    @Test func movingOntoAnotherTablePlacesEveryPhotoAsOpeningThereWould() throws {
        let a = Self.entry("a.png", x: 100), b = Self.entry("b.png", x: 900, y: 600)
        var unplaced = Self.entry("c.png", x: 5)
        unplaced.isUnplaced = true
        var memory = BoardMemory(boardSize: Self.window, entries: [a, b, unplaced])
        let moved = memory.moveOntoTable(of: Self.fullscreen)
        #expect(moved && memory.boardSize == Self.fullscreen)
        // Whole and centred: 1.35 times (1080 / 800), 96 points in from each side.
        let fitting = try #require(BoardMemory.fitting(from: Self.window, to: Self.fullscreen))
        #expect(abs(fitting.scale - 1.35) < 1e-12 && abs(fitting.tx - 96) < 1e-9 && fitting.ty == 0)
        for original in [a, b] {
            let now = try #require(memory[original.path])
            #expect(abs(now.placement.center.x - (original.placement.center.x * 1.35 + 96)) < 1e-9)
            #expect(abs(now.placement.center.y - original.placement.center.y * 1.35) < 1e-9)
            #expect(abs(now.placement.scale - 0.675) < 1e-12 && abs(now.placement.rotation - 0.25) < 1e-12)
            #expect(now.initialPlacement == now.placement && now.changed == original.changed)
        }
        #expect(memory[unplaced.path] == unplaced, "refused numbers are laid out anew anyway")
        let movedAgain = memory.moveOntoTable(of: Self.fullscreen)
        #expect(!movedAgain, "already there")
    }

    /// The case: moved, saved while fullscreen, back in the window, saved again with
    /// nothing moved. The memory must hold what the window shows, on the window's table.
    @Test func fullscreenAndBackLeavesTheMemoryAsTheWindowShowsIt() {
        let a = Self.entry("a.png", x: 100), b = Self.entry("b.png", x: 300)
        var stored = BoardMemory(boardSize: Self.window, entries: [a, b])
        let opened = Self.snapshot([a, b])
        // Moved a, then fullscreen before the save: the window does not scale what it shows.
        let shown = Self.snapshot([Self.moved(a, to: 700), b])
        stored.merge(shown, since: opened, changedAt: 200, onTableOf: Self.fullscreen)
        #expect(stored.boardSize == Self.fullscreen)
        #expect(stored[a.path]?.placement == shown.photos[0].placement && stored[a.path]?.changed == 200)
        #expect(stored[b.path]?.placement == b.placement && stored[b.path]?.changed == 100, "as it lies, not scaled; unchanged")
        // Back in the window: nothing moved, but the table is the window again.
        stored.merge(shown, since: shown, changedAt: 300, onTableOf: Self.window)
        #expect(stored.boardSize == Self.window)
        #expect(stored[a.path]?.placement == shown.photos[0].placement && stored[a.path]?.changed == 200)
        #expect(stored[b.path]?.placement == b.placement && stored[b.path]?.changed == 100)
    }

    @Test func photosNotOpenThisTimeMoveWithTheTableAndAnotherWindowsLaterChangeStands() throws {
        let a = Self.entry("a.png", x: 100), gone = Self.entry("gone.png", x: 400), later = Self.entry("later.png", x: 500, changed: 900)
        var stored = BoardMemory(boardSize: Self.window, entries: [a, gone, later])
        let shown = Self.snapshot([a, later])
        stored.merge(shown, since: shown, changedAt: 300, onTableOf: Self.fullscreen)
        #expect(stored[a.path]?.placement == a.placement)
        let fitting = try #require(BoardMemory.fitting(from: Self.window, to: Self.fullscreen))
        #expect(stored[gone.path]?.placement == BoardMemory.placement(gone.placement, fittedBy: fitting))
        #expect(stored[later.path]?.placement == BoardMemory.placement(later.placement, fittedBy: fitting))
    }

    /// With a view, a fullscreen toggle moves nothing in the memory: the photos keep their
    /// board points, and the latest save's view says which part the window showed.
    @Test func withAViewFullscreenAndBackMovesNoPlaceAndKeepsTheLatestView() {
        let a = Self.entry("a.png", x: 100), gone = Self.entry("gone.png", x: 400)
        let windowed = Rect(origin: .zero, size: Self.window), wide = Rect(origin: .zero, size: Self.fullscreen)
        var stored = BoardMemory(boardSize: Self.window, view: windowed, entries: [a, gone])
        var shown = Self.snapshot([a])
        shown.view = wide
        #expect(shown.hasChanges(since: Self.snapshot([a])), "a view moved is a change")
        stored.merge(shown, since: Self.snapshot([a]), changedAt: 200, onTableOf: Self.fullscreen)
        #expect(stored.boardSize == Self.fullscreen && stored.view == wide)
        #expect(stored[a.path] == a && stored[gone.path] == gone, "no place moved")
        var back = shown
        back.view = windowed
        stored.merge(back, since: shown, changedAt: 300, onTableOf: Self.window)
        #expect(stored.boardSize == Self.window && stored.view == windowed)
        #expect(stored[a.path] == a && stored[gone.path] == gone)
        #expect(!back.hasChanges(since: back) && back.hasChanges(since: shown))
        var rounded = back
        rounded.view = Rect(x: 0.1 + 0.2 - 0.3, y: 0, width: Self.window.width.nextUp, height: Self.window.height)
        #expect(!rounded.hasChanges(since: back), "the view as a reopened board fits it, but for the last digits")
        // A memory saved before views meets its first view: its places stay in the points it
        // was shown in (the window opened it fitted through the view).
        var old = BoardMemory(boardSize: Self.window, entries: [a, gone])
        old.merge(shown, since: Self.snapshot([a]), changedAt: 200, onTableOf: Self.fullscreen)
        #expect(old.view == wide && old[gone.path] == gone && old[a.path] == a)
    }

    @Test func aSaveOnTheSameTableWritesOnlyWhatChanged() {
        let a = Self.entry("a.png", x: 100), b = Self.entry("b.png", x: 300)
        var stored = BoardMemory(boardSize: Self.window, entries: [a, b])
        var elsewhere = b
        elsewhere.placement = elsewhere.placement.withCenter(Point(x: 333, y: 200))
        stored[b.path] = elsewhere  // another window's, kept: this window did not change b
        stored.merge(Self.snapshot([Self.moved(a, to: 700), b]), since: Self.snapshot([a, b]), changedAt: 200, onTableOf: Self.window)
        #expect(stored[a.path]?.placement.center.x == 700)
        #expect(stored[b.path] == elsewhere)
    }
}
