import Testing
import XBoard

@Suite struct RoutingTests {
    @Test func aRotatedScaledPhotoIsHitExactlyWhereItIsDrawn() {
        var board = Board(size: Size(width: 1000, height: 800))
        board.add(
            Photo(
                id: PhotoID(1), size: Size(width: 200, height: 100), pixelSize: Size(width: 200, height: 100),
                photoToBoard: AffineTransform(center: Point(500, 400), scale: 2, rotation: .pi / 2)))
        // Turned a quarter: the print is now tall, 2 × (100 + border) wide and 2 × (200 + border) high.
        #expect(board.photo(at: Point(500, 400 + 190)) == PhotoID(1))
        #expect(board.photo(at: Point(500 + 190, 400)) == nil)
        #expect(board.photo(at: Point(500 + 95, 400)) == PhotoID(1))
    }

    @Test func theTopmostPhotoIsHitAndTouchingBringsItToTheFront() {
        let controller = Fixtures.twoPhotoBoard()
        // Move photo 2 over photo 1 so they overlap, then touch the overlap.
        let script = TouchScript(controller)
        script.down(1, at: Point(700, 500)).slide(1, to: Point(350, 300)).up(1, after: .milliseconds(60)).settle()
        #expect(controller.board.photos.last?.id == PhotoID(2))
        script.down(2, at: Point(230, 300))  // only photo 1 is here
        #expect(controller.owner(of: TouchID(number: 2)) == PhotoID(1))
        #expect(controller.board.photos.last?.id == PhotoID(1))
        script.up(2)
    }

    @Test func aTouchBelongsToItsPhotoUntilItEndsEvenOffThePhoto() {
        let controller = Fixtures.twoPhotoBoard()
        let script = TouchScript(controller)
        script.down(1, at: Point(300, 300)).slide(1, to: Point(700, 500))  // across photo 2
        #expect(controller.owner(of: TouchID(number: 1)) == PhotoID(1))
        expectClose(controller.board.photo(PhotoID(1))!.center, Point(700, 500), within: 1e-9)
        script.up(1, after: .milliseconds(100))
        #expect(controller.activeTouchCount == 0)
    }

    @Test func differentFingersHandleDifferentPhotosAtOnce() {
        let controller = Fixtures.twoPhotoBoard()
        let script = TouchScript(controller)
        script.down(1, at: Point(300, 300)).down(2, at: Point(700, 500))
        script.move([(1, Point(320, 300)), (2, Point(700, 540))])
        script.move([(1, Point(340, 300)), (2, Point(700, 580))])
        expectClose(controller.board.photo(PhotoID(1))!.center, Point(340, 300), within: 1e-9)
        expectClose(controller.board.photo(PhotoID(2))!.center, Point(700, 580), within: 1e-9)
    }

    @Test func touchesOnTheBareBoardAreIgnored() {
        let controller = Fixtures.twoPhotoBoard()
        let before = controller.board
        TouchScript(controller).down(1, at: Point(20, 20)).slide(1, to: Point(300, 300)).up(1)
        #expect(controller.board == before)
    }
}
