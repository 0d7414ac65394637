import Testing
import XBoard

/// Double tap remembers where the photo lay before its first close-up, whatever happens up
/// close, and puts it back there.
@Suite struct CloseUpTests {
    private func doubleTap(_ script: TouchScript, _ id: PhotoID = PhotoID(1)) {
        guard let center = script.controller.board.photo(id)?.center else {
            Issue.record("\(id) is not on the board")
            return
        }
        script.tap(at: center).tap(at: center).wait(.milliseconds(500)).settle()
    }

    @Test func draggingPinchingAndTwistingACloseUpStillReturnsToWhereItLay() throws {
        let controller = Fixtures.singlePhotoBoard()
        let before = try #require(controller.board.photo(PhotoID(1))).photoToBoard
        let script = TouchScript(controller)
        doubleTap(script)
        let closeUp = try #require(controller.board.photo(PhotoID(1)))
        #expect(closeUp.scale > 3)
        // Drag it, then pinch and twist it, resting before each lift so nothing glides.
        script.down(1, at: closeUp.center).slide(1, to: closeUp.center + Point(80, 40)).up(1, after: .milliseconds(80)).settle()
        let dragged = try #require(controller.board.photo(PhotoID(1)))
        script.down(1, at: dragged.center - Point(40, 0)).down(2, at: dragged.center + Point(40, 0))
        script.move([(1, dragged.center - Point(60, 20)), (2, dragged.center + Point(60, 20))]).up(1, after: .milliseconds(80)).up(2)
            .settle()
        let adjusted = try #require(controller.board.photo(PhotoID(1)))
        #expect(adjusted.center.distance(to: closeUp.center) > 30)
        #expect(abs(adjusted.rotation) > 0.05)
        doubleTap(script)
        let back = try #require(controller.board.photo(PhotoID(1))).photoToBoard
        expectClose(back.center, before.center, within: 1e-9)
        expectClose(back.scale, before.scale, absolute: 1e-9)
        expectClose(back.rotation, before.rotation, absolute: 1e-9)
        // And the next double tap is a close-up again, not a return.
        doubleTap(script)
        #expect(try #require(controller.board.photo(PhotoID(1))).scale > 3)
    }

    @Test func keysUpCloseDoNotLoseTheWayBack() throws {
        let controller = Fixtures.singlePhotoBoard()
        let before = try #require(controller.board.photo(PhotoID(1))).photoToBoard
        let script = TouchScript(controller)
        doubleTap(script)
        controller.perform(.nudge(.left, isLarge: true))
        controller.perform(.zoom(isIn: false))
        controller.perform(.turn(isClockwise: true))
        script.settle()
        doubleTap(script)
        let back = try #require(controller.board.photo(PhotoID(1))).photoToBoard
        expectClose(back.center, before.center, within: 1e-9)
        expectClose(back.scale, before.scale, absolute: 1e-9)
    }

    @Test func undoingTheCloseUpForgetsItSoTheNextDoubleTapClosesUpAgain() throws {
        let controller = Fixtures.singlePhotoBoard()
        let script = TouchScript(controller)
        doubleTap(script)
        controller.undo()
        script.settle()
        #expect(try #require(controller.board.photo(PhotoID(1))).scale < 1.01)
        doubleTap(script)
        #expect(try #require(controller.board.photo(PhotoID(1))).scale > 3)
    }

    @Test func aShrunkenWindowStillGetsThePhotoBackInsideIt() throws {
        let controller = Fixtures.twoPhotoBoard()  // photo 2 at (700, 500)
        let script = TouchScript(controller)
        doubleTap(script, PhotoID(2))
        controller.resize(to: Size(width: 500, height: 400))
        script.settle()
        doubleTap(script, PhotoID(2))
        let back = try #require(controller.board.photo(PhotoID(2)))
        #expect(controller.visibleBounds.contains(back.center))
        #expect(back.scale < 1.01)
    }

    @Test func whatIsKeptOfTheBoardIsWhereAPhotoLayNotItsCloseUp() throws {
        let controller = Fixtures.singlePhotoBoard()
        let before = try #require(controller.board.photo(PhotoID(1))).photoToBoard
        let script = TouchScript(controller)
        #expect(controller.photosAsTheyLie.map(\.photoToBoard) == [before])
        doubleTap(script)
        let closeUp = try #require(controller.board.photo(PhotoID(1)))
        #expect(closeUp.scale > 3)
        #expect(controller.photosAsTheyLie.map(\.photoToBoard) == [before], "up close, it still lies where it lay")
        doubleTap(script)
        #expect(controller.photosAsTheyLie.map(\.photoToBoard) == controller.board.photos.map(\.photoToBoard))
    }
}
