import Glibc
import Testing
import XBoard

@Suite struct ManipulationTests {
    /// Photo-space points under each finger when it went down must stay under that finger.
    private func stickError(_ controller: BoardController, _ anchors: [(photoPoint: Point, finger: Point)]) -> Double {
        guard let transform = controller.board.photo(PhotoID(1))?.photoToBoard else { return .infinity }
        return anchors.map { transform.apply(to: $0.photoPoint).distance(to: $0.finger) }.max() ?? 0
    }

    @Test func oneFingerDragMovesByTheFingersDisplacement() {
        let controller = Fixtures.singlePhotoBoard()
        let script = TouchScript(controller)
        script.down(1, at: Point(520, 410)).slide(1, to: Point(620, 350))
        expectClose(controller.board.photo(PhotoID(1))!.center, Point(600, 340), within: 1e-9)
        script.up(1, after: .milliseconds(60))
        #expect(script.log.contains("pan began"))
    }

    @Test func pinchTwistAndMoveTogetherKeepBothFingersOnTheirPoints() throws {
        let controller = Fixtures.singlePhotoBoard()
        let script = TouchScript(controller)
        let a0 = Point(450, 400), b0 = Point(560, 420)
        let start = try #require(controller.board.photo(PhotoID(1))?.photoToBoard.inverted())
        let anchors = [start.apply(to: a0), start.apply(to: b0)]
        script.down(1, at: a0).down(2, at: b0)
        // Over 40 frames: spread to 1.8×, turn 100°, and carry the centroid 150 px right.
        let centroid0 = (a0 + b0) / 2
        var worst = 0.0
        for step in 1...40 {
            let f = Double(step) / 40
            let turn = AffineTransform(rotation: Angle.radians(100) * f)
            let spread = 1 + 0.8 * f
            let centroid = centroid0 + Point(150 * f, 0)
            let a = centroid + turn.applyToVector((a0 - centroid0) * spread)
            let b = centroid + turn.applyToVector((b0 - centroid0) * spread)
            script.move([(1, a), (2, b)])
            if controller.board.photo(PhotoID(1))!.photoToBoard != start.inverted() {
                worst = max(worst, stickError(controller, [(anchors[0], a), (anchors[1], b)]))
            }
        }
        #expect(worst <= 0.5)
        let photo = controller.board.photo(PhotoID(1))!
        expectClose(photo.scale, 1.8, absolute: 1e-6)
        expectClose(Angle.degrees(photo.rotation), 100, absolute: 1e-6)
        #expect(script.log.filter { $0.hasSuffix("began") } == ["pan began", "pinch began", "rotation began"])
    }

    @Test func threeFingersFollowTheLeastSquaresFit() {
        let controller = Fixtures.singlePhotoBoard()
        let script = TouchScript(controller)
        let fingers = [Point(450, 390), Point(550, 390), Point(500, 430)]
        for (index, finger) in fingers.enumerated() { script.down(UInt32(index + 1), at: finger) }
        // Scale all three by 1.5 about their centroid, plus noise on one finger that cancels in the fit.
        let centroid = fingers.centroid!
        let moved = fingers.map { centroid + ($0 - centroid) * 1.5 }
        script.move(moved.enumerated().map { (UInt32($0.offset + 1), $0.element) })
        expectClose(controller.board.photo(PhotoID(1))!.scale, 1.5, absolute: 1e-9)
    }

    @Test func fingersAddedAndLiftedMidGestureDoNotJumpThePhoto() {
        let controller = Fixtures.singlePhotoBoard()
        let script = TouchScript(controller)
        script.down(1, at: Point(480, 400)).slide(1, to: Point(500, 420))
        var before = controller.board.photo(PhotoID(1))!.photoToBoard
        script.down(2, at: Point(560, 430))
        var after = controller.board.photo(PhotoID(1))!.photoToBoard
        #expect(before.center.distance(to: after.center) <= 0.5)
        script.move(2, to: Point(600, 470)).move(1, to: Point(480, 380))
        before = controller.board.photo(PhotoID(1))!.photoToBoard
        script.up(1)
        after = controller.board.photo(PhotoID(1))!.photoToBoard
        #expect(before == after)
        script.move(2, to: Point(620, 470))
        after = controller.board.photo(PhotoID(1))!.photoToBoard
        expectClose(after.center, before.center + Point(20, 0), within: 1e-9)
    }

    @Test func scaleStaysWithinLimits() {
        let controller = Fixtures.singlePhotoBoard()
        let script = TouchScript(controller)
        script.down(1, at: Point(400, 400)).down(2, at: Point(600, 400))
        script.move([(1, Point(495, 400)), (2, Point(505, 400))])  // 0.05× requested
        expectClose(controller.board.photo(PhotoID(1))!.scale, 0.5, absolute: 1e-9)
        script.move([(1, Point(-5000, 400)), (2, Point(6000, 400))])  // 55× requested
        // 2000 px of picture shown at 200 px: its own pixels at 10×, and fingers may go four
        // times past them (issue 39: each picture pixel a square), so 40×.
        expectClose(controller.board.photo(PhotoID(1))!.scale, 40, absolute: 1e-9)
    }

    @Test func theCentreStaysInsideAndSlidesAlongAnEdge() {
        let controller = Fixtures.singlePhotoBoard()
        let script = TouchScript(controller)
        script.down(1, at: Point(500, 400)).slide(1, to: Point(1400, 400))
        expectClose(controller.board.photo(PhotoID(1))!.center, Point(1000, 400), within: 1e-9)
        script.slide(1, to: Point(1400, 100))  // held beyond the right edge, moved up
        expectClose(controller.board.photo(PhotoID(1))!.center, Point(1000, 100), within: 1e-9)
    }

    @Test func gesturesCanBeSwitchedOffBoardWide() {
        let controller = Fixtures.singlePhotoBoard()
        controller.setEnabled(.rotation, false)
        let script = TouchScript(controller)
        script.down(1, at: Point(450, 400)).down(2, at: Point(550, 400))
        script.move([(1, Point(500, 350)), (2, Point(500, 450))])  // a quarter turn
        expectClose(controller.board.photo(PhotoID(1))!.rotation, 0, absolute: 1e-12)
        #expect(!script.log.contains("rotation began"))
    }

    @Test func onlyPhotosAFingerWasOnHaveRecognizers() {
        var board = Board(size: Size(width: 1000, height: 800))
        let controller = BoardController(board: board)
        controller.setEnabled(.rotation, false)
        for number in 1...1000 {
            controller.add(
                Photo(
                    // Large enough on screen for a fingertip (44 px with the border), or a finger on one is the table's.
                    id: PhotoID(number), size: Size(width: 80, height: 40), pixelSize: Size(width: 800, height: 400),
                    photoToBoard: AffineTransform(center: Point(Double(number % 40) * 25, Double(number / 40) * 30), scale: 1, rotation: 0))
            )
        }
        board = controller.board
        #expect(controller._photosWithRecognizers == 0)
        let top = board.photos.last!.id
        let center = board.photo(top)!.center
        let script = TouchScript(controller)
        // A double tap on a photo no finger was on before brings it up close: its recognizers
        // are made by the first touch and kept for the second.
        script.down(1, at: center).up(1, after: .milliseconds(60)).down(1, at: center, after: .milliseconds(80)).up(
            1, after: .milliseconds(60)
        ).wait(.seconds(1))
        #expect(controller._photosWithRecognizers == 1)
        #expect(controller.isUpClose(top))
        // Made late, they still hold what was switched off board-wide before.
        let closeUp = controller.board.photo(top)!
        script.down(1, at: closeUp.center - Point(30, 0)).down(2, at: closeUp.center + Point(30, 0))
        script.move([(1, closeUp.center - Point(0, 30)), (2, closeUp.center + Point(0, 30))])
        expectClose(controller.board.photo(top)!.rotation, 0, absolute: 1e-12)
        _ = script.up(1).up(2)
        controller.remove(top)
        #expect(controller._photosWithRecognizers == 0)
    }
}
