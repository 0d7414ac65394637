import Testing
import XBoard

@Suite struct LayoutTests {
    private let sizes = [
        Size(width: 4000, height: 3000), Size(width: 3000, height: 4000), Size(width: 1024, height: 1024),
        Size(width: 1920, height: 1080), Size(width: 640, height: 480),
    ]

    @Test func theSameSeedGivesTheSameLayoutAndAnotherSeedAnother() {
        let board = Size(width: 1280, height: 800)
        let first = Board.tossedLayout(pixelSizes: sizes, boardSize: board, seed: 42)
        #expect(first == Board.tossedLayout(pixelSizes: sizes, boardSize: board, seed: 42))
        #expect(first != Board.tossedLayout(pixelSizes: sizes, boardSize: board, seed: 43))
    }

    @Test(arguments: [1, 2, 5, 12, 40])
    func printsAreSpreadSlightlyTurnedAndInsideTheWindow(count: Int) {
        let board = Size(width: 1280, height: 800)
        let photos = Board.tossedLayout(pixelSizes: (0..<count).map { sizes[$0 % sizes.count] }, boardSize: board, seed: 7)
        #expect(photos.count == count)
        for photo in photos {
            #expect(abs(Angle.degrees(photo.rotation)) <= 12)
            #expect(photo.size.longEdge <= board.height * (count == 1 ? 0.7 : count == 2 ? 0.55 : 0.45) + 1e-9)
            #expect(Rect(origin: .zero, size: board).insetBy(7.99).contains(photo.boardBounds.origin))
            #expect(photo.boardBounds.maxX <= board.width - 7.99 && photo.boardBounds.maxY <= board.height - 7.99)
            // Sized to its picture's shape.
            #expect(abs(photo.size.width / photo.size.height - photo.pixelSize.width / photo.pixelSize.height) < 1e-9)
        }
        // Spread: the centres cover most of the board, not one pile.
        let centers = Rect.bounding(photos.map(\.center))
        if count >= 5 { #expect(centers.size.width > board.width * 0.4 && centers.size.height > board.height * 0.3) }
        if count == 1 { expectClose(photos[0].center, Point(640, 400), within: 0.2 * 800) }
    }
}
