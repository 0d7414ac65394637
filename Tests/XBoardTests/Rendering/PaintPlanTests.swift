import Testing
import XBoard

@Suite struct PaintPlanTests {
    private let scene = SceneBuilder()

    /// A 1920×1080 board with photos in a tossed layout and a close-up-sized upright photo on top.
    private func board(count: Int, closeUp: Bool) -> Board {
        var board = Board(size: Size(width: 1920, height: 1080))
        for photo in Board.tossedLayout(
            pixelSizes: Array(repeating: Size(width: 4000, height: 3000), count: count), boardSize: board.size, seed: 3)
        {
            board.add(photo)
        }
        if closeUp {
            board.add(
                Photo(
                    id: PhotoID(999), size: Size(width: 1200, height: 900), pixelSize: Size(width: 4000, height: 3000),
                    photoToBoard: AffineTransform(center: Point(960, 540), scale: 1, rotation: 0)))
        }
        return board
    }

    private func prints(_ list: DisplayList) -> [PrintItem] {
        list.items.compactMap {
            if case .print(let print) = $0 { return print }
            return nil
        }
    }

    @Test func anUprightPrintIsOpaqueOverItsWholeOutline() throws {
        let list = scene.build(board(count: 0, closeUp: true))
        let print = try #require(prints(list).last)
        let opaque = try #require(print.opaqueBounds)
        let outline = Rect.bounding(print.boardCorners)
        #expect(opaque.minX >= outline.minX && opaque.maxX <= outline.maxX && opaque.minY >= outline.minY && opaque.maxY <= outline.maxY)
        #expect(opaque.size.width >= outline.size.width - 2 && opaque.size.height >= outline.size.height - 2)
    }

    @Test(arguments: [0.1, 0.5, 0.785, 1.2, 2.5, -0.3])
    func aTurnedPrintsOpaqueRectangleLiesInsideItsOutline(rotation: Double) throws {
        var board = Board(size: Size(width: 1000, height: 1000))
        board.add(
            Photo(
                id: PhotoID(1), size: Size(width: 400, height: 250), pixelSize: Size(width: 4000, height: 2500),
                photoToBoard: AffineTransform(center: Point(500.3, 480.6), scale: 1.3, rotation: rotation)))
        let print = try #require(prints(scene.build(board)).first)
        let opaque = try #require(print.opaqueBounds)
        let inverse = try #require(print.photoToBoard.inverted())
        for corner in opaque.corners {
            #expect(print.outline.insetBy(0.5 / 1.3).contains(inverse.apply(to: corner)), "corner \(corner) outside the print")
        }
        #expect(opaque.size.area > 0.2 * print.outline.size.area * 1.69)
    }

    @Test(arguments: [0.0, 0.3, 1.0, 2.2])
    func coverageHoldsEveryCornerOfThePrintAndItsShadowButNotTheEmptyBoundingBoxCorners(rotation: Double) throws {
        var board = Board(size: Size(width: 1000, height: 1000))
        board.add(
            Photo(
                id: PhotoID(1), size: Size(width: 400, height: 300), pixelSize: Size(width: 4000, height: 3000),
                photoToBoard: AffineTransform(center: Point(500, 500), scale: 1, rotation: rotation)))
        let print = try #require(prints(scene.build(board)).first)
        let bands = print.coverage()
        let inside = { (point: Point) in bands.contains { $0.contains(point) } }
        for corner in print.boardCorners { #expect(inside(corner)) }
        for corner in print.boardCorners { #expect(inside(corner + print.shadowOffset)) }
        let extent = print.boardExtent.integral
        #expect(RectRegion.area(of: bands) <= extent.size.area)
        if rotation > 0.2 { #expect(RectRegion.area(of: bands) < 0.9 * extent.size.area) }
    }

    @Test func aCloseUpHidesTheTableAndThePrintsUnderIt() throws {
        let list = scene.build(board(count: 20, closeUp: true))
        let frame = Rect(origin: .zero, size: list.size)
        let plan = list.paintPlan(for: [frame])
        let closeUp = try #require(prints(list).last?.opaqueBounds)
        // The table is filled only around the close-up, and no print under it is drawn inside it.
        #expect(RectRegion.area(of: plan.background) <= frame.size.area - closeUp.size.area + 1)
        for rect in plan.background { #expect(!rect.intersects(closeUp)) }
        for layer in plan.prints.dropLast() {
            for rect in layer.clip { #expect(!rect.intersects(closeUp)) }
        }
        // The close-up itself is drawn wherever it meets the frame.
        #expect(plan.prints.last?.itemIndex == list.items.count - 1)
    }

    @Test func theTableAndEveryPrintTogetherFillTheDamageExactlyOnce() {
        // Every damaged pixel is painted by the table or some print; with prints hiding nothing
        // (all small), every print that meets the damage is drawn there.
        let list = scene.build(board(count: 100, closeUp: false))
        let damage = [Rect(x: 100, y: 100, width: 300, height: 200), Rect(x: 900, y: 500, width: 64, height: 64)]
        let plan = list.paintPlan(for: damage)
        #expect(plan.background == damage)
        let expected = prints(list).enumerated().filter { _, print in damage.contains { $0.intersects(print.boardExtent.integral) } }
        #expect(plan.prints.count == expected.count)
    }

    @Test func subtractingAHoleLeavesOnlyWhatIsOutsideIt() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 100)
        let pieces = RectRegion.subtracting(Rect(x: 20, y: 30, width: 50, height: 40), from: [rect])
        #expect(RectRegion.area(of: pieces) == 100 * 100 - 50 * 40)
        for piece in pieces { #expect(!piece.intersects(Rect(x: 20, y: 30, width: 50, height: 40))) }
        #expect(RectRegion.subtracting(Rect(x: 200, y: 0, width: 5, height: 5), from: [rect]) == [rect])
        #expect(RectRegion.subtracting(Rect(x: -10, y: -10, width: 200, height: 200), from: [rect]).isEmpty)
    }

    @Test func aPrintComingToRestIsRepaintedSoItCanBeDrawnSharp() throws {
        let controller = BoardController(board: board(count: 3, closeUp: false))
        let top = try #require(controller.board.photos.last)
        let moving = scene.build(controller.board, moving: [top.id])
        let resting = scene.build(controller.board)
        let damage = try #require(resting.damage(since: moving))
        #expect(damage.count == 2)
        #expect(prints(moving).last?.isMoving == true && prints(resting).last?.isMoving == false)
    }
}
