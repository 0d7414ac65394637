import Foundation
import Testing
import XBoard

/// Where a print's pixels are its own (bands of rows for a turned print), what of it goes
/// straight into the window, and damage merged along rows.
@Suite struct OpaqueRegionTests {
    private let scene = SceneBuilder()

    private func print(rotation: Double, center: Point = Point(960, 540), scale: Double = 1) throws -> PrintItem {
        var board = Board(size: Size(width: 1920, height: 1080))
        board.add(
            Photo(
                id: PhotoID(1), size: Size(width: 1200, height: 900), pixelSize: Size(width: 4000, height: 3000),
                photoToBoard: AffineTransform(center: center, scale: scale, rotation: rotation)))
        for case .print(let print) in scene.build(board).items { return print }
        throw TestFailure()
    }

    private struct TestFailure: Error {}

    /// Whether `point` lies inside the print's outline (picture and border) by at least `inset` pixels.
    private func isInside(_ point: Point, _ print: PrintItem, by inset: Double) -> Bool {
        guard let photoPoint = print.photoToBoard.inverted()?.apply(to: point) else { return false }
        return print.outline.insetBy(inset / print.photoToBoard.scale).contains(photoPoint)
    }

    @Test(arguments: [0.1, 0.35, 0.785, 1.2, -0.3, 2.8])
    func aTurnedPrintsOpaqueRegionIsBandsInsideItsOutlineCoveringMostOfIt(rotation: Double) throws {
        let print = try print(rotation: rotation)
        let region = print.opaqueRegion(inset: 1)
        #expect(region.count > 10)
        for rect in region {
            #expect(rect.minX == rect.minX.rounded() && rect.minY == rect.minY.rounded() && rect.maxX == rect.maxX.rounded())
            for corner in rect.corners { #expect(isInside(corner, print, by: 1 - 1e-9), "\(rect) leaves the outline") }
        }
        for (upper, lower) in zip(region, region.dropFirst()) { #expect(upper.maxY <= lower.minY, "bands do not overlap") }
        let outlineArea = print.outline.size.area * print.photoToBoard.scale * print.photoToBoard.scale
        let inscribed = try #require(print.opaqueBounds).size.area
        #expect(RectRegion.area(of: region) > 0.9 * outlineArea, "most of the print, not only the upright rectangle inside it")
        #expect(RectRegion.area(of: region) > inscribed || abs(sin(2 * rotation)) < 0.05)
    }

    @Test func anUprightPrintsOpaqueRegionIsOneRectangle() throws {
        let print = try print(rotation: 0, center: Point(960.3, 540.7))
        #expect(print.opaqueRegion(inset: 0) == [try #require(print.opaqueBounds)])
        #expect(print.opaqueRegion(sampledBy: .wholePixels) == [try #require(print.opaqueBounds)])
        #expect(print.opaqueRegion(sampledBy: .bilinear) == [try #require(print.opaqueBounds).insetBy(1)])
    }

    @Test(arguments: [0.0, 0.35, -1.1])
    func whatGoesStraightIntoTheWindowIsOpaqueHoweverThePrintIsPlacedAtWholePixels(rotation: Double) throws {
        // The painter draws a print with its centre rounded to whole pixels, as a blit or as a
        // draft (which blends a pixel more): every pixel sent straight to the window must lie
        // inside the outline as placed, by what either way of drawing it blends.
        for offset in [Point(0.3, 0.2), Point(0.5, -0.5), Point(-0.49, 0.1)] {
            let print = try print(rotation: rotation, center: Point(900, 500) + offset)
            var placed = print
            placed.photoToBoard = print.photoToBoard.withCenter(Point(x: (900 + offset.x).rounded(), y: (500 + offset.y).rounded()))
            let blended = (print.isUpright ? 0.0 : 1) + 1
            for rect in print.directRegion {
                for corner in rect.corners { #expect(isInside(corner, placed, by: blended), "\(rect) at \(offset)") }
            }
        }
    }

    @Test func bandsOfAPrintWhereItWasAndWhereItIsShareTheirRows() throws {
        let before = try print(rotation: 0.35), after = try print(rotation: 0.35, center: Point(967, 553))
        let onGrid = { (region: [Rect]) in region.dropFirst().allSatisfy { $0.minY.truncatingRemainder(dividingBy: 32) == 0 } }
        #expect(onGrid(before.coverage()) && onGrid(after.coverage()))
        let merged = RectRegion.mergingRows(before.coverage() + after.coverage())
        #expect(merged.count < before.coverage().count + after.coverage().count - 20)
        #expect(RectRegion.covers(merged, before.coverage() + after.coverage()))
        #expect(RectRegion.area(of: merged) < RectRegion.area(of: before.coverage() + after.coverage()))
    }

    @Test func mergingRowsJoinsOnlyRectanglesOnTheSameRowsThatMeet() {
        let region = [
            Rect(x: 0, y: 0, width: 10, height: 5), Rect(x: 8, y: 0, width: 10, height: 5), Rect(x: 18, y: 0, width: 2, height: 5),
            Rect(x: 30, y: 0, width: 5, height: 5), Rect(x: 0, y: 5, width: 10, height: 5), Rect(x: 0, y: 0, width: 10, height: 6),
        ]
        #expect(
            RectRegion.mergingRows(region) == [
                Rect(x: 0, y: 0, width: 20, height: 5), Rect(x: 30, y: 0, width: 5, height: 5), Rect(x: 0, y: 0, width: 10, height: 6),
                Rect(x: 0, y: 5, width: 10, height: 5),
            ])
    }

    @Test func aTurnedCloseUpOnTopGoesStraightToTheWindowBandByBand() throws {
        var board = Board(size: Size(width: 1920, height: 1080))
        for photo in Board.tossedLayout(
            pixelSizes: Array(repeating: Size(width: 4000, height: 3000), count: 12), boardSize: board.size, seed: 3)
        {
            board.add(photo)
        }
        board.add(
            Photo(
                id: PhotoID(999), size: Size(width: 1200, height: 900), pixelSize: Size(width: 4000, height: 3000),
                photoToBoard: AffineTransform(center: Point(960, 540), scale: 0.8, rotation: 0.35)))
        let list = scene.build(board)
        let frame = Rect(origin: .zero, size: list.size)
        let plan = list.paintPlan(for: [frame], drawingDirect: true)
        let direct = try #require(plan.direct)
        let closeUp = try #require(
            list.items.last.flatMap { item -> PrintItem? in
                if case .print(let print) = item { return print }
                return nil
            })
        #expect(RectRegion.area(of: direct.clip) > 1.2 * (closeUp.opaqueBounds?.size.area ?? 0))
        for rect in direct.clip { for corner in rect.corners { #expect(isInside(corner, closeUp, by: 2)) } }
        // No print under it, nor the table, is drawn where it goes straight into the window.
        for layer in plan.prints where layer.itemIndex != direct.itemIndex {
            #expect(RectRegion.area(of: RectRegion.intersecting(layer.clip, with: direct.clip)) == 0)
        }
        #expect(RectRegion.area(of: RectRegion.intersecting(plan.background, with: direct.clip)) == 0)
    }
}
