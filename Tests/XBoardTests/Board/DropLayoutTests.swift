import Testing
import XBoard

@Suite struct DropLayoutTests {
    let board = Size(width: 1280, height: 800)

    @Test func oneDroppedPhotoLandsUnderThePointerAtTheBoardsSize() {
        let layout = DropLayout(count: 1, photosOnBoard: 4, boardSize: board, at: Point(600, 400))
        let photo = layout.photo(at: 0, id: PhotoID(9), pixelSize: Size(width: 4000, height: 3000))
        #expect(photo.center.distance(to: Point(600, 400)) < 1e-9)
        #expect(photo.size.longEdge == TossedLayout(count: 5, boardSize: board, seed: 1).pictureLongEdge)
    }

    @Test(arguments: [1, 2, 7, 40, 3000])
    func droppedPhotosLieFullyInsideTheWindowEvenDroppedAtTheEdge(count: Int) {
        for location in [Point(0, 0), Point(1279, 799), Point(640, 400), Point(1e9, -1e9), Point(.nan, 3)] {
            let layout = DropLayout(count: count, photosOnBoard: 3, boardSize: board, at: location)
            for index in Swift.stride(from: 0, to: count, by: max(1, count / 50)) {
                let photo = layout.photo(at: index, id: PhotoID(index), pixelSize: Size(width: 3000, height: 2000))
                let bounds = photo.boardBounds
                #expect(
                    bounds.minX >= 0 && bounds.minY >= 0 && bounds.maxX <= board.width && bounds.maxY <= board.height,
                    "\(index) at \(bounds)")
                #expect(photo.photoToBoard == photo.initialPhotoToBoard)
            }
        }
    }
}
