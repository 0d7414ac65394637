import SystemPackage
import Testing

@testable import XBoard

/// The tiles of a picture shown finer than its copy (issue 39): asked for once, in view only,
/// nearest the middle first; kept within the budget and drawn over the print; a picture whose
/// tiles cannot be had keeps its copy.
@Suite struct TileBookTests {
    /// A 12000×8000 picture laid out 600 points wide, at the window's middle (1000×800).
    let photo = Photo(
        id: PhotoID(3), size: Size(width: 600, height: 400), pixelSize: Size(width: 12000, height: 8000),
        photoToBoard: AffineTransform(center: Point(x: 500, y: 400), scale: 20, rotation: 0))  // 1:1 at zoom 1
    let window = Size(width: 1000, height: 800)
    let path = FilePath("/photos/big.jpg")

    func requests(_ book: inout TileBook, copy: Int = 4096, view: BoardView = .identity) -> [DecodeRequest] {
        book.requests(for: [photo], view: view, window: window, copyLongEdge: { _ in copy }, path: { _ in path })
    }

    @Test func aPictureShownAtItsOwnPixelsAsksForTheTilesInViewNearestTheMiddleFirst() throws {
        var book = TileBook()
        let asked = requests(&book)
        // 1000×800 window pixels of level 0: 4 or 5 columns by 4 or 5 rows of 256, in two bands
        // of whole tile rows (one pass down the picture each), the band about the middle first.
        #expect(asked.count == 2)
        let covered = asked.flatMap(\.tiles)
        #expect((16...25).contains(covered.count), "\(covered.count)")
        #expect(Set(covered.map(\.tile)).count == covered.count, "no tile twice")
        let first = try #require(asked.first)
        #expect(first.region?.scaleDenominator == 1 && first.path == path)
        let region = try #require(first.region)
        #expect(region.width == first.tileColumns * 256 || region.x + region.width == 12000)
        #expect(first.tiles.contains { $0.tile.row == 15 || $0.tile.row == 16 }, "the band about the picture's middle (row 15.6) first")
        #expect(requests(&book).isEmpty, "asked once while on its way")
        // Shown at half that, the tiles of level 1 (1/2); shown at a size its copy suits, none.
        var half = TileBook()
        #expect(
            requests(&half, view: BoardView(zoom: 0.5, origin: Point(x: -500, y: -400))).allSatisfy { $0.region?.scaleDenominator == 2 })
        var small = TileBook()
        #expect(requests(&small, view: BoardView(zoom: 0.1, origin: Point(x: -4500, y: -3600))).isEmpty, "the copy is enough")
    }

    @Test func arrivedTilesAreDrawnOverThePrintWithinTheBudget() throws {
        var book = TileBook()
        let asked = requests(&book)
        let tile = try #require(asked.first?.tiles.first?.tile)
        #expect(book.arrived(TileKey(photo: photo.id, tile: tile), bytes: 256 * 256 * 4).isEmpty)
        let shown = book.shown(view: .identity, window: window, copyLongEdge: { _ in 4096 }) { $0 == photo.id ? photo : nil }
        let drawn = try #require(shown[photo.id]?.first)
        // Its part of the photo's centred space: 256 picture pixels are 12.8 points.
        expectClose(drawn.rect.size.width, 600.0 * 256 / 12000, absolute: 1e-9)
        #expect(book.shown(view: .identity, window: window, copyLongEdge: { _ in 4096 }) { _ in nil }.isEmpty, "a print gone shows none")
        // Zoomed out until its copy is enough, the tiles are not drawn (and may go).
        let far = BoardView(zoom: 0.05, origin: Point(x: -9500, y: -7600))
        #expect(book.shown(view: far, window: window, copyLongEdge: { _ in 4096 }) { _ in photo }.isEmpty)
        // A budget of one tile: the next one lets the first go (it was not drawn this frame).
        var tight = TileBook(budget: TileBudget(capacity: 256 * 256 * 4))
        let keys = requests(&tight).flatMap(\.tiles).prefix(2).map { TileKey(photo: photo.id, tile: $0.tile) }
        #expect(tight.arrived(keys[0], bytes: 256 * 256 * 4).isEmpty)
        #expect(tight.arrived(keys[1], bytes: 256 * 256 * 4) == [keys[1]], "not in place of a tile of the frame being drawn")
        _ = tight.shown(view: .identity, window: window, copyLongEdge: { _ in 4096 }) { _ in nil }  // a frame that does not draw it
        #expect(tight.arrived(keys[1], bytes: 256 * 256 * 4) == [keys[0]], "the least recently seen goes")
    }

    /// Only the tiles in the window are drawn and kept as the frame's: panned away, the others
    /// are the first to go (the review: every kept tile counted as seen, and the budget froze).
    @Test func tilesOutOfViewAreNotTheFramesAndGoFirst() throws {
        var book = TileBook(budget: TileBudget(capacity: 2 * 256 * 256 * 4))
        let keys = requests(&book).flatMap(\.tiles).map { TileKey(photo: photo.id, tile: $0.tile) }
        #expect(book.arrived(keys[0], bytes: 256 * 256 * 4).isEmpty)
        // The view panned far to the right of the picture's middle: tile keys[0] is out of it.
        let panned = BoardView(zoom: 1, origin: Point(x: 4000, y: 0))
        #expect(book.shown(view: panned, window: window, copyLongEdge: { _ in 4096 }) { _ in photo }.isEmpty)
        let far = TileKey(photo: photo.id, tile: TilePlan.Tile(level: 0, column: 40, row: 10))
        let other = TileKey(photo: photo.id, tile: TilePlan.Tile(level: 0, column: 41, row: 10))
        #expect(book.arrived(far, bytes: 256 * 256 * 4).isEmpty)
        #expect(book.arrived(other, bytes: 256 * 256 * 4) == [keys[0]], "the tile out of view went")
    }

    @Test func aPictureWhoseTilesCannotBeHadKeepsItsCopy() throws {
        var book = TileBook()
        let asked = requests(&book)
        let tile = try #require(asked.first?.tile)
        _ = book.failed(TileKey(photo: photo.id, tile: tile), covering: asked[0].tiles.map(\.tile))
        var moved = photo
        moved.photoToBoard = AffineTransform(center: Point(x: 300, y: 400), scale: 20, rotation: 0)
        #expect(book.requests(for: [moved], view: .identity, window: window, copyLongEdge: { _ in 4096 }, path: { _ in path }).isEmpty)
    }
}
