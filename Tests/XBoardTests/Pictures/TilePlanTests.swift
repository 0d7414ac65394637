import Testing
import XBoard

/// The pyramid of a big picture and the tiles of it a print in view wants (issue 39's plan).
@Suite struct TilePlanTests {
    /// A 12000×8000 picture laid out 600×400 points, centred at (960, 540) of a 1920×1080 window.
    func print(scale: Double, rotation: Double = 0, at center: Point = Point(x: 960, y: 540)) -> (Photo, AffineTransform) {
        let photo = Photo(
            id: PhotoID(1), size: Size(width: 600, height: 400), pixelSize: Size(width: 12000, height: 8000),
            photoToBoard: AffineTransform(center: center, scale: scale, rotation: rotation))
        return (photo, photo.photoToBoard)
    }

    let window = Size(width: 1920, height: 1080)

    @Test func levelsHalveRoundingUpAndTheCoarsestFitsATile() {
        let native = Size(width: 12000, height: 8000)
        #expect(TilePlan.levelSize(0, native: native) == (12000, 8000))
        #expect(TilePlan.levelSize(3, native: native) == (1500, 1000))
        #expect(TilePlan.levelSize(1, native: Size(width: 4001, height: 3)) == (2001, 2))
        #expect(TilePlan.coarsest(native: native) == 6, "12000 / 64 = 188 ≤ 256 < 375")
        #expect(TilePlan.coarsest(native: Size(width: 200, height: 100)) == 0)
    }

    @Test func theLevelIsTheCoarsestAtLeastAsFineAsTheScreen() {
        let native = Size(width: 12000, height: 8000)
        #expect(TilePlan.level(showing: 1, native: native) == 0, "1:1")
        #expect(TilePlan.level(showing: 3, native: native) == 0, "past 1:1: the picture's own pixels, magnified")
        #expect(TilePlan.level(showing: 0.5, native: native) == 1)
        #expect(TilePlan.level(showing: 0.49, native: native) == 1, "level 2 would be coarser than the screen")
        #expect(TilePlan.level(showing: 0.26, native: native) == 1)
        #expect(TilePlan.level(showing: 0.25, native: native) == 2)
        #expect(TilePlan.level(showing: 0.001, native: native) == 6, "never coarser than one tile")
        #expect(TilePlan.level(showing: .nan, native: native) == 6)
    }

    @Test func theLastTileOfARowOrColumnIsCutAtTheEdge() throws {
        let native = Size(width: 1000, height: 600)
        let last = try #require(TilePlan.pixelRect(of: TilePlan.Tile(level: 0, column: 3, row: 2), native: native))
        #expect(last == (768, 512, 232, 88))
        #expect(TilePlan.pixelRect(of: TilePlan.Tile(level: 0, column: 4, row: 0), native: native) == nil)
        #expect(TilePlan.pixelRect(of: TilePlan.Tile(level: 0, column: -1, row: 0), native: native) == nil)
    }

    /// Shown at 1:1 (scale 20: 600 points × 20 = 12000 window pixels), the window sees 1920×1080 of
    /// the picture's own pixels about its middle: the tiles covering exactly those, nearest the
    /// focus first.
    @Test func atOneToOneTheTilesUnderTheWindowAndNoOthers() {
        let (photo, placement) = print(scale: 20)
        let tiles = TilePlan.visibleTiles(of: photo, level: 0, photoToWindow: placement, window: window, nearest: Point(x: 960, y: 540))
        // The window shows picture pixels 6000 − 960 … 6000 + 960 across and 4000 − 540 … 4000 + 540 down.
        let columns = Set(tiles.map(\.column)), rows = Set(tiles.map(\.row))
        #expect(columns == Set((5040 / 256)...(6959 / 256)) && rows == Set((3460 / 256)...(4539 / 256)), "\(columns) \(rows)")
        #expect(tiles.count == columns.count * rows.count)
        #expect(tiles.first == TilePlan.Tile(level: 0, column: 23, row: 15), "the tile holding pixel (6000, 4000), under the focus")
        // From a focus at the window's left edge, the left column comes first.
        let fromLeft = TilePlan.visibleTiles(of: photo, level: 0, photoToWindow: placement, window: window, nearest: Point(x: 0, y: 540))
        #expect(fromLeft.first?.column == 5040 / 256 && Set(fromLeft) == Set(tiles))
    }

    @Test func aPrintWhollyInViewWantsEveryTileOfItsLevelAndOneOutOfViewNone() {
        let (photo, placement) = print(scale: 1)
        let level = TilePlan.level(showing: placement.scale * photo.size.width / photo.pixelSize.width, native: photo.pixelSize)
        #expect(level == 4, "600 window pixels for 12000: 1/20, level 4 (750 px) the coarsest as fine")
        let tiles = TilePlan.visibleTiles(of: photo, level: level, photoToWindow: placement, window: window, nearest: .zero)
        #expect(tiles.count == 3 * 2, "750×500 in 256-px tiles")
        let away = AffineTransform(center: Point(x: -2000, y: 540), scale: 1, rotation: 0)
        #expect(TilePlan.visibleTiles(of: photo, level: level, photoToWindow: away, window: window, nearest: .zero).isEmpty)
    }

    /// Turned 45°, a print at 1:1 has its corners' tiles out of the window though inside the box
    /// of what it shows: they are not asked for.
    @Test func aTurnedPrintLeavesOutTheTilesTheWindowDoesNotMeet() {
        let (photo, placement) = print(scale: 20, rotation: .pi / 4)
        let tiles = TilePlan.visibleTiles(of: photo, level: 0, photoToWindow: placement, window: window, nearest: Point(x: 960, y: 540))
        let square = Set(tiles.map(\.column)).count * Set(tiles.map(\.row)).count
        #expect(!tiles.isEmpty && tiles.count < square, "\(tiles.count) of the \(square) in the box")
        for tile in tiles {
            guard let pixels = TilePlan.pixelRect(of: tile, native: photo.pixelSize) else {
                Issue.record("\(tile) outside the picture")
                continue
            }
            // Level 0 pixels to window pixels: scale 1 (20 × 600 / 12000), turned about the middle.
            let toPhoto = AffineTransform(a: 0.05, b: 0, c: 0, d: 0.05, tx: -300, ty: -200)
            let rect = Rect(x: Double(pixels.x), y: Double(pixels.y), width: Double(pixels.width), height: Double(pixels.height))
            let placed = Rect.bounding(rect.corners.map(toPhoto.concatenating(placement).apply(to:)))
            #expect(placed.intersects(Rect(x: 0, y: 0, width: 1920, height: 1080)), "\(tile) at \(placed)")
        }
    }
}

/// The tiles kept within their budget of bytes, the least recently seen let go first, never one
/// the frame being drawn shows.
@Suite struct TileBudgetTests {
    @Test func theLeastRecentlySeenGoFirst() {
        var budget = TileBudget<Int>(capacity: 300)
        #expect(budget.keep(1, bytes: 100) == [])
        #expect(budget.keep(2, bytes: 100) == [])
        #expect(budget.keep(3, bytes: 100) == [])
        budget.beginFrame()
        budget.seen(1)  // 2 is now the least recently seen
        budget.beginFrame()
        #expect(budget.keep(4, bytes: 150) == [2, 3])
        #expect(budget.used == 250 && budget.count == 2 && budget.contains(1) && budget.contains(4))
        budget.release(1)
        #expect(budget.used == 150 && !budget.contains(1))
    }

    @Test func aFrameKeepsWhatItShowsAndGoesWithoutTheRest() {
        var budget = TileBudget<Int>(capacity: 200)
        budget.beginFrame()
        #expect(budget.keep(1, bytes: 100) == [])
        #expect(budget.keep(2, bytes: 100) == [])
        #expect(budget.keep(3, bytes: 100) == nil, "both kept tiles are this frame's")
        #expect(budget.used == 200 && !budget.contains(3))
        budget.beginFrame()
        budget.seen(2)
        #expect(budget.keep(3, bytes: 100) == [1])
        #expect(budget.keep(4, bytes: 500) == nil, "larger than the budget")
        #expect(budget.keep(3, bytes: 50) == [], "kept again at another size: its own bytes count once")
        #expect(budget.used == 150)
    }
}
