import SystemPackage
import Testing
import XBoard

/// Restoring a photo: rescaled to today's layout size, inside the board, within the scale
/// limits; stacked as remembered; fresh photos on top.
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
            index: 0, id: PhotoID(0), pixelSize: Size(width: 400, height: 300), remembered: memory, boardSize: Self.boardSize)
        #expect(arrival.isRestored && arrival.stack == 4)
        #expect(abs(arrival.photo.scale - 3) < 1e-9 && arrival.photo.center == Point(x: 300, y: 200))
        #expect(abs(arrival.photo.rotation - 0.3) < 1e-12)
    }

    @Test func anArrangementRememberedOnAnotherWindowSizeScalesWithTheWindowWholeAndCentred() {
        let pixelSize = Size(width: 400, height: 300)
        let memory = Self.remembered(center: Point(x: 300, y: 200), scale: 1.5, baseLongEdge: 0)
        // The same board at twice the size (a 4K screen at 192 dpi): the same arrangement, twice as big.
        let big = Size(width: 2000, height: 1600)
        let bigLayout = TossedLayout(count: 3, boardSize: big, seed: 5)
        var remembered = memory
        remembered.baseLongEdge = Self.layout.photo(at: 0, id: PhotoID(0), pixelSize: pixelSize).size.longEdge
        let restore = BoardRestore(memory: BoardMemory(boardSize: Self.boardSize, entries: [remembered]), layout: bigLayout)
        let arrival = restore.arrival(index: 0, id: PhotoID(0), pixelSize: pixelSize, remembered: remembered, boardSize: big)
        #expect(arrival.isRestored)
        #expect(abs(arrival.photo.center.x - 600) < 1e-9 && abs(arrival.photo.center.y - 400) < 1e-9)
        let shownBefore = remembered.baseLongEdge * 1.5, shownNow = arrival.photo.size.longEdge * arrival.photo.scale
        #expect(abs(shownNow - 2 * shownBefore) < 1e-6, "\(shownNow) against \(shownBefore)")
        #expect(abs(arrival.photo.rotation - 0.3) < 1e-12)
        // A wider window: fitted by its height, centred across.
        let wide = Size(width: 2000, height: 800)
        let wideRestore = BoardRestore(
            memory: BoardMemory(boardSize: Self.boardSize, entries: [remembered]), layout: TossedLayout(count: 3, boardSize: wide, seed: 5))
        let widened = wideRestore.arrival(index: 0, id: PhotoID(0), pixelSize: pixelSize, remembered: remembered, boardSize: wide)
        #expect(abs(widened.photo.center.x - 800) < 1e-9 && abs(widened.photo.center.y - 200) < 1e-9)
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
            index: 0, id: PhotoID(0), pixelSize: Size(width: 400, height: 300), remembered: memory, boardSize: Self.boardSize)
        #expect(arrival.photo.photoToBoard == placement && arrival.photo.initialPhotoToBoard == placement)
    }

    @Test func aPhotoRememberedOffTheBoardOrHugeIsFittedBackIn() {
        let restore = BoardRestore(memory: BoardMemory(), layout: Self.layout)
        let tossed = Self.layout.photo(at: 1, id: PhotoID(1), pixelSize: Size(width: 40, height: 30))
        let memory = Self.remembered(center: Point(x: 5000, y: -900), scale: 900, baseLongEdge: tossed.size.longEdge)
        let arrival = restore.arrival(
            index: 1, id: PhotoID(1), pixelSize: Size(width: 40, height: 30), remembered: memory, boardSize: Self.boardSize)
        #expect(arrival.photo.center == Point(x: 1000, y: 0))
        #expect(arrival.photo.scale == arrival.photo.maximumScale(settings: MotionSettings()))
        #expect(arrival.photo.initialPhotoToBoard.center == Point(x: 1000, y: 0))
    }

    @Test func unplacedOrUnrememberedPhotosAreTossedAndStackAboveEverythingRemembered() {
        var unplaced = Self.remembered(center: .zero, scale: 1, baseLongEdge: 100, stack: 9)
        unplaced.isUnplaced = true
        let restore = BoardRestore(memory: BoardMemory(entries: [unplaced]), layout: Self.layout)
        let size = Size(width: 400, height: 300)
        let tossed = Self.layout.photo(at: 2, id: PhotoID(2), pixelSize: size)
        for remembered in [unplaced, nil] {
            let arrival = restore.arrival(index: 2, id: PhotoID(2), pixelSize: size, remembered: remembered, boardSize: Self.boardSize)
            #expect(!arrival.isRestored && arrival.photo == tossed && arrival.stack == 12)
        }
    }

    @Test func aDroppedPhotoLandsWhereItWasDroppedOnTop() {
        let restore = BoardRestore(memory: BoardMemory(), layout: Self.layout)
        let arrival = restore.arrival(
            index: 0, id: PhotoID(7), pixelSize: Size(width: 40, height: 30), remembered: nil, boardSize: Self.boardSize)
        let drop = DropLayout(count: 2, photosOnBoard: 3, boardSize: Self.boardSize, at: Point(x: 2000, y: 100))
        let dropped = restore.dropped(arrival, into: drop, at: 1, above: 7.5)
        #expect(dropped.photo == drop.photo(at: 1, id: PhotoID(7), pixelSize: Size(width: 40, height: 30)))
        let extent = dropped.photo.boardBounds
        #expect(extent.minX >= 0 && extent.maxX <= Self.boardSize.width, "inside the board, though dropped past its edge")
        #expect(dropped.photo.initialPhotoToBoard == dropped.photo.photoToBoard && !dropped.isRestored)
        #expect(dropped.stack == 9)
    }
}
