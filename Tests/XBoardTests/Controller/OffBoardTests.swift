import Testing
import XBoard

/// Photos taken off the board wait with the removed photos and come back where they lay.
@Suite struct OffBoardTests {
    @Test func aRemovedPhotoWaitsAndComesBackWhereItLayUndoTakesItOffAgain() {
        let controller = Fixtures.twoPhotoBoard()
        controller.removeFromBoard(PhotoID(1))
        #expect(controller.removedPhotos.map(\.id) == [PhotoID(1)] && controller.isOffBoard(PhotoID(1)))
        controller.returnToBoard(PhotoID(1))
        #expect(controller.board.photos.last?.id == PhotoID(1) && controller.board.photo(PhotoID(1))?.center == Point(300, 300))
        #expect(controller.removedPhotos.isEmpty)
        controller.undo()
        controller.advance(to: controller.now + .seconds(2))
        #expect(controller.board.photo(PhotoID(1)) == nil && controller.isOffBoard(PhotoID(1)))
        controller._checkInvariants()
    }

    @Test func aPhotoPutAsideAtTheStartCanBeDroppedBackAnywhere() {
        let controller = Fixtures.twoPhotoBoard()
        let aside = Photo(
            id: PhotoID(7), size: Size(width: 100, height: 80), pixelSize: Size(width: 100, height: 80),
            photoToBoard: AffineTransform(center: Point(50, 50), scale: 1, rotation: 0))
        controller.putAside(aside)
        #expect(controller.board.photo(PhotoID(7)) == nil && controller.removedPhotos.map(\.id) == [PhotoID(7)])
        controller.returnToBoard(PhotoID(7), at: Point(5000, 420))
        #expect(controller.board.photo(PhotoID(7))?.center == Point(1000, 420))
        controller._checkInvariants()
    }

    @Test func theLastRemovedIsListedFirst() {
        let controller = Fixtures.twoPhotoBoard()
        controller.removeFromBoard(PhotoID(2))
        controller.removeFromBoard(PhotoID(1))
        #expect(controller.removedPhotos.map(\.id) == [PhotoID(1), PhotoID(2)])
    }
}
