import Testing
import XBoard

@Suite struct InertiaTests {
    /// Flicks photo 1 rightward at `speed` px/s for 80 ms and releases.
    private func flick(_ controller: BoardController, speed: Double, direction: Point = Point(1, 0), rest: Duration = .zero)
        -> TouchScript
    {
        let script = TouchScript(controller)
        var location = Point(500, 400)
        script.down(1, at: location)
        for _ in 0..<10 {
            location += direction * (speed * 0.008)
            script.move(1, to: location, after: .milliseconds(8))
        }
        return script.up(1, after: rest)
    }

    @Test func aReleasedPhotoGlidesSpeedTimesTheGlideTime() {
        let controller = Fixtures.singlePhotoBoard()
        let script = flick(controller, speed: 600)
        let released = controller.board.photo(PhotoID(1))!.center
        #expect(controller.isAnimating)
        script.settle()
        let travelled = controller.board.photo(PhotoID(1))!.center.x - released.x
        expectClose(travelled, 600 * 0.35, absolute: 0.5)
        #expect(!controller.isAnimating)
        #expect(controller.nextDeadline == nil)
    }

    @Test func theGlideIsFrameRateIndependent() {
        let coarse = Fixtures.singlePhotoBoard(), fine = Fixtures.singlePhotoBoard()
        let coarseScript = flick(coarse, speed: 500), fineScript = flick(fine, speed: 500)
        coarseScript.wait(.milliseconds(100)).wait(.milliseconds(100))
        for _ in 0..<50 { fineScript.wait(.milliseconds(4)) }
        expectClose(coarse.board.photo(PhotoID(1))!.center, fine.board.photo(PhotoID(1))!.center, within: 1e-9)
    }

    @Test func aFingerThatRestsBeforeLiftingDoesNotThrow() {
        let controller = Fixtures.singlePhotoBoard()
        flick(controller, speed: 600, rest: .milliseconds(50))
        #expect(!controller.isAnimating)
    }

    @Test func aFlickTowardAnEdgeStopsAtTheEdge() {
        let controller = Fixtures.singlePhotoBoard()
        let script = flick(controller, speed: 2000, direction: Point(0.3, 0.954))
        script.settle()
        let photo = controller.board.photo(PhotoID(1))!
        expectClose(photo.boardBounds.maxY, 800, absolute: 1e-6, "the whole print rests in the window, its edge on the window's")
        #expect(photo.boardBounds.maxX < 1000 && photo.center.x > 500)
    }

    @Test func aTouchCatchesAGlidingPhotoAtOnce() {
        let controller = Fixtures.singlePhotoBoard()
        let script = flick(controller, speed: 800)
        script.wait(.milliseconds(100))
        let caught = controller.board.photo(PhotoID(1))!.center
        script.down(2, at: caught, after: .milliseconds(16))
        let atTouch = controller.board.photo(PhotoID(1))!.center
        #expect(!controller.isAnimating)
        script.up(2, after: .milliseconds(50)).wait(.seconds(1))
        #expect(controller.board.photo(PhotoID(1))!.center == atTouch)
    }

    @Test func twistAndReleaseKeepsSpinningBriefly() {
        let controller = Fixtures.singlePhotoBoard()
        let script = TouchScript(controller)
        script.down(1, at: Point(450, 400)).down(2, at: Point(550, 400))
        for step in 1...10 {
            let angle = Double(step) * 0.03
            let offset = AffineTransform(rotation: angle).applyToVector(Point(50, 0))
            script.move([(1, Point(500, 400) - offset), (2, Point(500, 400) + offset)])
        }
        let released = controller.board.photo(PhotoID(1))!.rotation
        script.up(1).up(2).settle()
        let spun = controller.board.photo(PhotoID(1))!.rotation - released
        // 0.03 rad per 8 ms = 3.75 rad/s, times the 0.12 s spin time.
        expectClose(spun, 3.75 * 0.12, absolute: 0.01)
    }

    @Test func aTripleTapPutsThePhotoBackAsFirstLaidOut() {
        let controller = Fixtures.singlePhotoBoard()
        let initial = controller.board.photo(PhotoID(1))!.photoToBoard
        let script = TouchScript(controller)
        script.down(1, at: Point(450, 400)).down(2, at: Point(550, 400))
        script.move([(1, Point(300, 300)), (2, Point(500, 420))]).up(1).up(2, after: .milliseconds(50)).settle()
        let moved = controller.board.photo(PhotoID(1))!
        script.tap(at: moved.center).tap(at: moved.center).tap(at: moved.center)
        #expect(script.log.contains("tripleTap recognized"))
        #expect(!script.log.contains("doubleTap recognized"))
        script.settle()
        let back = controller.board.photo(PhotoID(1))!.photoToBoard
        expectClose(back.center, initial.center, within: 1e-9)
        expectClose(back.scale, initial.scale, absolute: 1e-9)
        expectClose(back.rotation, initial.rotation, absolute: 1e-9)
    }

    @Test func aDoubleTapBringsThePhotoUpCloseAndBack() {
        let controller = Fixtures.singlePhotoBoard()
        let before = controller.board.photo(PhotoID(1))!.photoToBoard
        let script = TouchScript(controller)
        script.tap(at: Point(520, 410)).tap(at: Point(520, 410)).wait(.milliseconds(500)).settle()
        let closeUp = controller.board.photo(PhotoID(1))!
        #expect(closeUp.boardBounds.size.width > 800)
        script.tap(at: closeUp.center).tap(at: closeUp.center).wait(.milliseconds(500)).settle()
        #expect(controller.board.photo(PhotoID(1))!.photoToBoard.center.distance(to: before.center) < 1e-9)
    }

    @Test func photosLeftOutsideAShrunkenWindowGlideBackIn() {
        let controller = Fixtures.twoPhotoBoard()
        controller.resize(to: Size(width: 400, height: 300))
        #expect(controller.isAnimating)
        TouchScript(controller).settle()
        for photo in controller.board.photos {
            #expect(controller.visibleBounds.contains(photo.center))
        }
        expectClose(controller.board.photo(PhotoID(2))!.center, Point(400, 300), within: 1e-9)
    }

    @Test func aWindowShrunkToAPixelAndBackKeepsTheArrangement() {
        let controller = Fixtures.twoPhotoBoard()
        let before = controller.board.photos.map(\.photoToBoard)
        let script = TouchScript(controller)
        for _ in 0..<5 {
            controller.resize(to: Size(width: 1, height: 1))
            script.wait(.milliseconds(100))
            controller.resize(to: Size(width: 1000, height: 800))
            script.wait(.milliseconds(30))
        }
        controller.resize(to: Size(width: 1, height: 1))
        script.settle()
        #expect(controller.board.photos.allSatisfy { controller.visibleBounds.contains($0.center) })
        controller.resize(to: Size(width: 1000, height: 800))
        script.settle()
        for (photo, original) in zip(controller.board.photos, before) {
            expectClose(photo.center, original.center, within: 1e-9)
        }
    }

    @Test func aPhotoGlidingWhenTheWindowShrinksGoesWhereItWasHeadedWhenItGrows() {
        let controller = Fixtures.singlePhotoBoard()
        let script = flick(controller, speed: 600)
        let headedFor = controller.board.photo(PhotoID(1))!.center + Point(600 * 0.35, 0)
        controller.resize(to: Size(width: 1, height: 1))
        script.settle()
        #expect(controller.board.photo(PhotoID(1))!.center.x <= 1)
        controller.resize(to: Size(width: 1000, height: 800))
        script.settle()
        expectClose(controller.board.photo(PhotoID(1))!.center, headedFor, within: 0.5)
    }

    @Test func aPhotoMovedWhileTheWindowWasSmallStaysWhereItWasPut() {
        let controller = Fixtures.twoPhotoBoard()
        controller.resize(to: Size(width: 500, height: 400))
        let script = TouchScript(controller)
        script.settle()
        let pushed = controller.board.photo(PhotoID(2))!.center
        script.down(1, at: pushed - Point(5, 5)).slide(1, to: Point(300, 300)).up(1, after: .milliseconds(80)).settle()
        let put = controller.board.photo(PhotoID(2))!.center
        controller.resize(to: Size(width: 1000, height: 800))
        script.settle()
        expectClose(controller.board.photo(PhotoID(2))!.center, put, within: 1e-9)
        expectClose(controller.board.photo(PhotoID(1))!.center, Point(300, 300), within: 1e-9)
    }

    @Test func idleBoardHasNoDeadline() {
        let controller = Fixtures.singlePhotoBoard()
        #expect(controller.nextDeadline == nil)
        let script = TouchScript(controller)
        script.tap(at: Point(500, 400))
        #expect(controller.nextDeadline != nil)  // a double tap may still come
        script.wait(.milliseconds(500))
        #expect(controller.nextDeadline == nil)
    }
}
