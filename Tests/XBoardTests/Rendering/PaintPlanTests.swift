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
        let closeUp = try #require(prints(list).last?.directRegion.first)
        // The table is filled only around the close-up, and no print under it is drawn inside it
        // (inside what it paints opaque however it is drawn).
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
        let print = try #require(prints(resting).last)
        #expect(damage == RectRegion.mergingRows(print.damageRegion))
        #expect(prints(moving).last?.isMoving == true && prints(resting).last?.isMoving == false)
    }

    @Test func aCloseUpOnTopGoesStraightToTheWindowInsideItsOpaquePart() throws {
        let list = scene.build(board(count: 20, closeUp: true))
        let frame = Rect(origin: .zero, size: list.size)
        let whole = list.paintPlan(for: [frame])
        let plan = list.paintPlan(for: [frame], drawingDirect: true)
        let direct = try #require(plan.direct)
        let opaque = try #require(prints(list).last?.opaqueBounds)
        #expect(direct.itemIndex == list.items.count - 1)
        for rect in direct.clip { #expect(opaque.insetBy(1).holds(rect)) }
        #expect(RectRegion.area(of: direct.clip) == opaque.insetBy(1).size.area)
        // The close-up's own layer keeps only its rim and shadow: together they paint what it painted.
        let rim = try #require(plan.prints.last { $0.itemIndex == direct.itemIndex })
        for rect in rim.clip { #expect(!direct.clip.contains { $0.intersects(rect) }) }
        let before = try #require(whole.prints.last { $0.itemIndex == direct.itemIndex })
        #expect(RectRegion.area(of: rim.clip) + RectRegion.area(of: direct.clip) == RectRegion.area(of: before.clip))
        // Everything else is planned exactly as without drawing direct.
        #expect(plan.background == whole.background)
        #expect(Array(plan.prints.dropLast()) == Array(whole.prints.dropLast()))
    }

    @Test func nothingGoesStraightToTheWindowUnlessAsked() {
        let list = scene.build(board(count: 20, closeUp: true))
        #expect(list.paintPlan(for: [Rect(origin: .zero, size: list.size)]).direct == nil)
    }

    @Test func aSmallPrintOnTopIsDrawnThroughTheBackBuffer() {
        let list = scene.build(board(count: 20, closeUp: false))
        #expect(list.paintPlan(for: [Rect(origin: .zero, size: list.size)], drawingDirect: true).direct == nil)
    }

    @Test func onlyTheDamagedPartOfTheCloseUpGoesStraightToTheWindow() throws {
        let list = scene.build(board(count: 5, closeUp: true))
        let damage = [Rect(x: 300, y: 200, width: 500, height: 400), Rect(x: 0, y: 0, width: 50, height: 50)]
        let direct = try #require(list.paintPlan(for: damage, drawingDirect: true).direct)
        for rect in direct.clip { #expect(damage[0].holds(rect)) }
        #expect(list.paintPlan(for: [Rect(x: 0, y: 0, width: 50, height: 50)], drawingDirect: true).direct == nil)
    }

    @Test func anOverlayOverTheCloseUpIsLeftToTheBackBuffer() throws {
        var list = scene.build(board(count: 5, closeUp: true))
        let marker = Point(x: 900, y: 500)
        list.items.append(.fingerMarker(marker))
        let frame = Rect(origin: .zero, size: list.size)
        let plan = list.paintPlan(for: [frame], drawingDirect: true)
        let direct = try #require(plan.direct)
        let covered = OverlayGeometry.extent(of: .fingerMarker(marker), in: list.size, scale: list.uiScale)
        for rect in direct.clip { #expect(!rect.intersects(covered)) }
        // The print under the marker is drawn into the back buffer there.
        let layer = try #require(plan.prints.last { $0.itemIndex == direct.itemIndex })
        #expect(layer.clip.contains { $0.intersects(covered) })
    }
}

extension Rect {
    fileprivate func holds(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }
}
