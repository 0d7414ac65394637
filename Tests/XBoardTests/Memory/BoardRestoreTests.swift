import SystemPackage
import Testing
import XBoard

/// Restoring a photo: rescaled to today's layout size, where it lay on the board, within the
/// scale limits; stacked as remembered; fresh photos on top, in the part shown; the view the
/// window opens with.
@Suite struct BoardRestoreTests {
    static let boardSize = Size(width: 1000, height: 800)
    static let layout = TossedLayout(count: 3, boardSize: boardSize, seed: 5)

    static func remembered(center: Point, scale: Double, baseLongEdge: Double, stack: Double = 4) -> PhotoMemory {
        let placement = AffineTransform(center: center, scale: scale, rotation: 0.3)
        return PhotoMemory(
            path: FilePath("/p/a.png"), baseLongEdge: baseLongEdge, placement: placement, initialPlacement: placement, stack: stack)
    }

    @Test func aRememberedPhotoKeepsItsSizeOnScreenWhenPicturesAreLaidOutSmallerNow() {
        let restore = BoardRestore(memory: BoardMemory(), layout: Self.layout)
        let tossed = Self.layout.photo(at: 0, id: PhotoID(0), pixelSize: Size(width: 400, height: 300))
        let memory = Self.remembered(center: Point(x: 300, y: 200), scale: 1.5, baseLongEdge: tossed.size.longEdge * 2)
        let arrival = restore.arrival(
            index: 0, id: PhotoID(0), pixelSize: Size(width: 400, height: 300), remembered: memory)
        #expect(arrival.isRestored && arrival.stack == 4)
        #expect(abs(arrival.photo.scale - 3) < 1e-9 && arrival.photo.center == Point(x: 300, y: 200))
        #expect(abs(arrival.photo.rotation - 0.3) < 1e-12)
    }

    /// A board saved showing a part of it opens showing that part, whole and centred, on a
    /// window of any size: the view, not the placements, carries the window's size.
    @Test func anotherWindowSizeShowsTheSameBoardRect() throws {
        let shown = Rect(x: 100, y: 50, width: 1280, height: 800)
        let print = Self.remembered(center: Point(x: 740, y: 450), scale: 1.5, baseLongEdge: 200)
        let memory = BoardMemory(boardSize: Size(width: 1280, height: 800), view: shown, entries: [print])
        // The same window: the same view, the print at the same pixels.
        let same = BoardRestore.initialView(of: memory, windowSize: Size(width: 1280, height: 800))
        #expect(abs(same.zoom - 1) < 1e-12 && same.visibleBounds(in: Size(width: 1280, height: 800)) == shown)
        // Half as large again, the same shape: exactly that part, at 1.5 times.
        let big = Size(width: 1920, height: 1200)
        let bigView = BoardRestore.initialView(of: memory, windowSize: big)
        #expect(abs(bigView.zoom - 1.5) < 1e-12)
        Self.expectClose(bigView.visibleBounds(in: big), shown)
        let onScreen = bigView.boardToWindow.apply(to: print.placement.center)
        #expect(abs(onScreen.x - 960) < 1e-9 && abs(onScreen.y - 600) < 1e-9, "\(onScreen)")
        // Another shape: the part whole, fitted by the height, centred across.
        let wide = Size(width: 2000, height: 800)
        let wideView = BoardRestore.initialView(of: memory, windowSize: wide)
        let visible = wideView.visibleBounds(in: wide)
        #expect(abs(wideView.zoom - 1) < 1e-12 && abs(visible.minY - shown.minY) < 1e-9 && abs(visible.maxY - shown.maxY) < 1e-9)
        #expect(abs(visible.center.x - shown.center.x) < 1e-9 && visible.minX < shown.minX && visible.maxX > shown.maxX)
        // The print itself comes back where it lay on the board, at its size there.
        let layout = TossedLayout(count: 3, boardSize: visible.size, seed: 5)
        let restore = BoardRestore(memory: memory, layout: layout, layoutOrigin: visible.origin)
        var remembered = print
        remembered.baseLongEdge = layout.photo(at: 0, id: PhotoID(0), pixelSize: Size(width: 400, height: 300)).size.longEdge
        let arrival = restore.arrival(index: 0, id: PhotoID(0), pixelSize: Size(width: 400, height: 300), remembered: remembered)
        #expect(arrival.isRestored && arrival.photo.photoToBoard == remembered.placement)
    }

    static func expectClose(_ a: Rect, _ b: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
        let pairs = [(a.minX, b.minX), (a.minY, b.minY), (a.size.width, b.size.width), (a.size.height, b.size.height)]
        #expect(pairs.allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) }, "\(a) against \(b)", sourceLocation: sourceLocation)
    }

    /// A board saved before views had the window for its table: it opens showing that table
    /// whole, as it always did — and one that does not know its table shows board points as
    /// pixels.
    @Test func aMemoryWithoutAViewShowsItsWholeTable() {
        let memory = BoardMemory(boardSize: Size(width: 1000, height: 800))
        #expect(memory.shownRect == Rect(x: 0, y: 0, width: 1000, height: 800))
        #expect(BoardRestore.initialView(of: memory, windowSize: Size(width: 1000, height: 800)) == .identity)
        let doubled = BoardRestore.initialView(of: memory, windowSize: Size(width: 2000, height: 1600))
        #expect(doubled.zoom == 2 && doubled.origin == .zero)
        #expect(BoardRestore.initialView(of: BoardMemory(), windowSize: Size(width: 640, height: 480)) == .identity)
    }

    @Test(arguments: [0.1, 0.3, 1.1, 2.9, -0.7])
    func aPhotoThatNeedsNoFittingComesBackBitForBit(rotation: Double) {
        let restore = BoardRestore(memory: BoardMemory(), layout: Self.layout)
        let tossed = Self.layout.photo(at: 0, id: PhotoID(0), pixelSize: Size(width: 400, height: 300))
        // A placement as a gesture leaves it: composed, not built from a scale and an angle.
        let placement = AffineTransform(center: Point(x: 321.123, y: 234.567), scale: 1.234_567, rotation: rotation)
            .concatenating(AffineTransform(center: .zero, scale: 1.000_000_1, rotation: 0.000_1))
        // Laid out at the same size as then, but for the last digit.
        var memory = Self.remembered(center: .zero, scale: 1, baseLongEdge: tossed.size.longEdge.nextUp)
        memory.placement = placement
        memory.initialPlacement = placement
        let arrival = restore.arrival(
            index: 0, id: PhotoID(0), pixelSize: Size(width: 400, height: 300), remembered: memory)
        #expect(arrival.photo.photoToBoard == placement && arrival.photo.initialPhotoToBoard == placement)
    }

    /// A print remembered far out of the part shown stays there (a big board's prints lie
    /// outside the view); only its scale is brought within the limits.
    @Test func restoredPrintsOutsideTheViewStayThere() {
        let restore = BoardRestore(memory: BoardMemory(view: Rect(x: 0, y: 0, width: 1000, height: 800)), layout: Self.layout)
        let tossed = Self.layout.photo(at: 1, id: PhotoID(1), pixelSize: Size(width: 40, height: 30))
        let memory = Self.remembered(center: Point(x: 5000, y: -900), scale: 900, baseLongEdge: tossed.size.longEdge)
        let arrival = restore.arrival(index: 1, id: PhotoID(1), pixelSize: Size(width: 40, height: 30), remembered: memory)
        #expect(arrival.isRestored)
        #expect(arrival.photo.center == Point(x: 5000, y: -900) && arrival.photo.initialPhotoToBoard.center == Point(x: 5000, y: -900))
        #expect(arrival.photo.scale == arrival.photo.maximumScale(settings: MotionSettings()))
        #expect(abs(arrival.photo.rotation - 0.3) < 1e-12)
    }

    /// Fresh photos are tossed in the part of the board shown, wherever that is.
    @Test func freshPhotosAreTossedInThePartShown() {
        let shown = Rect(x: -3000, y: 2000, width: 1000, height: 800)
        let restore = BoardRestore(memory: BoardMemory(view: shown), layout: Self.layout, layoutOrigin: shown.origin)
        let size = Size(width: 400, height: 300)
        let tossed = Self.layout.photo(at: 2, id: PhotoID(2), pixelSize: size)
        let arrival = restore.arrival(index: 2, id: PhotoID(2), pixelSize: size, remembered: nil)
        #expect(!arrival.isRestored && arrival.photo.center == tossed.center + shown.origin)
        #expect(arrival.photo.size == tossed.size && arrival.photo.initialPhotoToBoard == arrival.photo.photoToBoard)
        #expect(shown.contains(arrival.photo.boardBounds.origin) && arrival.photo.boardBounds.maxX <= shown.maxX)
    }

    @Test func unplacedOrUnrememberedPhotosAreTossedAndStackAboveEverythingRemembered() {
        var unplaced = Self.remembered(center: .zero, scale: 1, baseLongEdge: 100, stack: 9)
        unplaced.isUnplaced = true
        let restore = BoardRestore(memory: BoardMemory(entries: [unplaced]), layout: Self.layout)
        let size = Size(width: 400, height: 300)
        let tossed = Self.layout.photo(at: 2, id: PhotoID(2), pixelSize: size)
        for remembered in [unplaced, nil] {
            let arrival = restore.arrival(index: 2, id: PhotoID(2), pixelSize: size, remembered: remembered)
            #expect(!arrival.isRestored && arrival.photo == tossed && arrival.stack == 12)
        }
    }

    @Test func aDroppedPhotoLandsWhereItWasDroppedOnTop() {
        let restore = BoardRestore(memory: BoardMemory(), layout: Self.layout)
        let arrival = restore.arrival(
            index: 0, id: PhotoID(7), pixelSize: Size(width: 40, height: 30), remembered: nil)
        let drop = DropLayout(count: 2, photosOnBoard: 3, boardSize: Self.boardSize, at: Point(x: 2000, y: 100))
        let dropped = restore.dropped(arrival, into: drop, at: 1, above: 7.5)
        #expect(dropped.photo == drop.photo(at: 1, id: PhotoID(7), pixelSize: Size(width: 40, height: 30)))
        let extent = dropped.photo.boardBounds
        #expect(extent.minX >= 0 && extent.maxX <= Self.boardSize.width, "inside the board, though dropped past its edge")
        #expect(dropped.photo.initialPhotoToBoard == dropped.photo.photoToBoard && !dropped.isRestored)
        #expect(dropped.stack == 9)
    }
}
