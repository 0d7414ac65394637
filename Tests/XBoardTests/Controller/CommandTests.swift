import Testing
import XBoard

@Suite struct CommandTests {
    @Test func undoAndRedoStepThroughGesturesAndCommands() {
        let controller = Fixtures.twoPhotoBoard()
        let start = controller.arrangement
        let script = TouchScript(controller)
        script.down(1, at: Point(300, 300)).slide(1, to: Point(400, 350)).up(1, after: .milliseconds(80)).settle()
        let afterDrag = controller.arrangement
        #expect(afterDrag != start)
        controller.nudge(by: Point(10, 0))
        script.settle()
        let afterNudge = controller.arrangement
        controller.undo()
        script.settle()
        #expect(controller.arrangement == afterDrag)
        controller.undo()
        script.settle()
        #expect(controller.arrangement.photos.map(\.photoToBoard) == start.photos.map(\.photoToBoard))
        controller.redo()
        script.settle()
        #expect(controller.arrangement == afterDrag)
        controller.redo()
        script.settle()
        #expect(controller.arrangement == afterNudge)
        #expect(!controller.canRedo)
    }

    @Test func aRemovedPhotoLeavesTheBoardAndUndoBringsItBack() {
        let controller = Fixtures.twoPhotoBoard()
        controller.removeFromBoard(PhotoID(1))
        #expect(controller.board.photo(PhotoID(1)) == nil)
        controller.undo()
        TouchScript(controller).settle()
        #expect(controller.board.photos.map(\.id) == [PhotoID(1), PhotoID(2)])
    }

    @Test func gatherBringsEveryPhotoBackIntoViewTidily() {
        let controller = Fixtures.twoPhotoBoard()
        let script = TouchScript(controller)
        // Zoom one up and push the other to a corner.
        script.down(1, at: Point(280, 300)).down(2, at: Point(320, 300)).move([(1, Point(230, 300)), (2, Point(370, 300))]).up(1).up(
            2, after: .milliseconds(60))
        script.down(3, at: Point(700, 500)).slide(3, to: Point(995, 795)).up(3, after: .milliseconds(60)).settle()
        controller.gather()
        script.settle()
        for photo in controller.board.photos {
            #expect(controller.visibleBounds.insetBy(7.9).contains(photo.boardBounds.origin), "\(photo.id) at \(photo.boardBounds)")
            #expect(photo.boardBounds.maxX <= 1000 && photo.boardBounds.maxY <= 800)
        }
        controller.undo()
        script.settle()
        #expect(controller.board.photo(PhotoID(2))!.center.x > 900)
    }

    /// The two-photo board with its target photo turned and at rest, and its arrangement then.
    private func turnedTwoPhotoBoard() -> (BoardController, TouchScript, BoardController.Arrangement) {
        let controller = Fixtures.twoPhotoBoard()
        let script = TouchScript(controller)
        controller.turnTarget(by: 0.3)
        script.settle()
        return (controller, script, controller.arrangement)
    }

    @Test func tidyLaysEveryPhotoUprightInAGridInTheOrderGivenAndUndoPutsThemBack() throws {
        let (controller, script, before) = turnedTwoPhotoBoard()
        controller.tidy(order: [PhotoID(2), PhotoID(1)])
        #expect(controller.isAnimating)  // they glide there
        script.settle()
        let first = try #require(controller.board.photo(PhotoID(2))), second = try #require(controller.board.photo(PhotoID(1)))
        #expect(first.rotation == 0 && second.rotation == 0)
        #expect(first.center.x < second.center.x || first.center.y < second.center.y, "the order given reads first")
        #expect(first.boardBounds.intersection(second.boardBounds) == nil)
        for photo in controller.board.photos {
            let bounds = photo.boardBounds
            #expect(controller.visibleBounds.contains(bounds.origin) && bounds.maxX <= 1000 && bounds.maxY <= 800)
        }
        controller.undo()
        script.settle()
        #expect(controller.arrangement == before)
        #expect(!controller.perform(.tidy(byDate: false)), "the loop's to carry out: it knows the file names")
    }

    /// `t` pressed again while the photos still glide into the grid: the undo point it records is
    /// the grid they come to rest in (the same as the first `t`'s), so one undo goes back to the
    /// board before either — never to wherever the photos were halfway.
    @Test func tidyPressedAgainMidGlideIsUndoneToTheBoardBeforeIt() throws {
        let (controller, script, before) = turnedTwoPhotoBoard()
        controller.tidy(order: [PhotoID(2), PhotoID(1)])
        controller.advance(to: controller.now + .milliseconds(60))
        #expect(controller.isAnimating, "still gliding")
        controller.tidy(order: [PhotoID(2), PhotoID(1)])
        script.settle()
        controller.undo()
        script.settle()
        #expect(controller.arrangement == before)
    }

    /// A board of photos easing into the tidy grid, the window shrunk and grown again meanwhile:
    /// every photo still ends in its cell (a shrink used to stop those it pushed in halfway, for good).
    @Test func aResizeDuringTheTidyGlideStillEndsInTheGrid() {
        var board = Board(size: Size(width: 1000, height: 800))
        for (index, photo) in Board.tossedLayout(
            pixelSizes: Array(repeating: Size(width: 4000, height: 3000), count: 30), boardSize: board.size, seed: 3
        ).enumerated() {
            var photo = photo
            photo.photoToBoard = AffineTransform(center: Point(x: 40 + Double(index) * 3, y: 60), scale: 0.5, rotation: 0.4)
            board.add(photo)
        }
        let plain = BoardController(board: board), resized = BoardController(board: board)
        let order = board.photos.map(\.id)
        for controller in [plain, resized] { controller.tidy(order: order) }
        plain.advance(to: plain.now + .seconds(3))
        resized.advance(to: resized.now + .milliseconds(100))
        resized.resize(to: Size(width: 500, height: 400))
        resized.advance(to: resized.now + .milliseconds(150))
        resized.resize(to: Size(width: 1000, height: 800))
        resized.advance(to: resized.now + .seconds(3))
        #expect(!resized.isAnimating)
        for photo in plain.board.photos {
            #expect(resized.board.photo(photo.id)?.photoToBoard.center == photo.photoToBoard.center, "\(photo.id)")
        }
    }

    /// The board ends while photos ease into the tidy grid: what is kept of it is the grid.
    @Test func photosMovingOnTheirOwnLieWhereTheyComeToRest() {
        let controller = Fixtures.twoPhotoBoard()
        controller.tidy(order: [PhotoID(2), PhotoID(1)])
        controller.advance(to: controller.now + .milliseconds(50))
        #expect(controller.isAnimating)
        let kept = controller.photosAsTheyLie.map(\.photoToBoard)
        controller.advance(to: controller.now + .seconds(3))
        #expect(kept == controller.board.photos.map(\.photoToBoard))
    }

    @Test func keysSelectMoveScaleAndTurnThePhoto() {
        let controller = Fixtures.twoPhotoBoard()
        let script = TouchScript(controller)
        controller.selectNext()
        #expect(controller.selection == PhotoID(2))  // the top one first
        controller.selectNext()
        #expect(controller.selection == PhotoID(1))
        #expect(controller.board.photos.last?.id == PhotoID(1))
        controller.nudge(by: Point(0, -10))
        controller.zoomTarget(by: 1.1)
        script.settle()
        controller.turnTarget(by: Angle.radians(5))
        script.settle()
        let photo = controller.board.photo(PhotoID(1))!
        expectClose(photo.center, Point(300, 290), within: 1e-9)
        expectClose(photo.scale, 1.1, absolute: 1e-9)
        expectClose(Angle.degrees(photo.rotation), 5, absolute: 1e-9)
        controller.nudge(by: Point(-5000, 0))
        script.settle()
        #expect(controller.board.photo(PhotoID(1))!.center.x == 0)
    }

    @Test func boardCommandsUseTheSettingsStepsAndLeaveTheLoopsCommandsAlone() {
        var settings = BoardSettings()
        settings.commands.nudgeStep = 7
        settings.commands.largeNudgeStep = 70
        settings.commands.turnStep = 0.1
        let controller = Fixtures.singlePhotoBoard(settings: settings)
        let script = TouchScript(controller)
        let start = controller.board.photo(PhotoID(1))!.center
        #expect(controller.perform(.nudge(.right, isLarge: false)))
        script.settle()
        expectClose(controller.board.photo(PhotoID(1))!.center, start + Point(7, 0), within: 1e-9)
        #expect(controller.perform(.nudge(.up, isLarge: true)))
        script.settle()
        expectClose(controller.board.photo(PhotoID(1))!.center, start + Point(7, -70), within: 1e-9)
        #expect(controller.perform(.turn(isClockwise: false)))
        script.settle()
        expectClose(controller.board.photo(PhotoID(1))!.rotation, -0.1, absolute: 1e-9)
        #expect(controller.perform(.undo))
        script.settle()
        expectClose(controller.board.photo(PhotoID(1))!.rotation, 0, absolute: 1e-9)
        let before = controller.revision
        for command in [BoardCommand.quit, .escape, .toggleFullscreen, .toggleHelp, .exportPicture] {
            #expect(!controller.perform(command), "\(command) is the loop's")
        }
        #expect(controller.revision == before)
    }

    @Test func tabVisitsEveryPhotoOncePerRoundThoughSelectingRaisesIt() {
        var board = Board(size: Size(width: 1000, height: 800))
        for number in 1...4 {
            board.add(
                Photo(
                    id: PhotoID(number), size: Size(width: 100, height: 80), pixelSize: Size(width: 1000, height: 800),
                    photoToBoard: AffineTransform(center: Point(Double(number) * 200, 400), scale: 1, rotation: 0)))
        }
        let controller = BoardController(board: board)
        var forward: [Int] = []
        for _ in 0..<8 {
            controller.selectNext()
            forward.append(controller.selection?.rawValue ?? 0)
            #expect(controller.board.photos.last?.id == controller.selection)  // brought to the front
        }
        #expect(forward == [4, 3, 2, 1, 4, 3, 2, 1])
        var backward: [Int] = []
        for _ in 0..<4 {
            controller.selectNext(backwards: true)
            backward.append(controller.selection?.rawValue ?? 0)
        }
        #expect(backward == [2, 3, 4, 1])
        // Touching a photo changes the stack: the next Tab starts a round from the stack as it is.
        TouchScript(controller).down(9, at: Point(400, 400)).up(9, after: .milliseconds(50))
        #expect(controller.board.photos.map(\.id.rawValue) == [3, 4, 1, 2])
        controller.selectNext()
        #expect(controller.selection == PhotoID(4))  // after the selected photo 1 in the new round [2, 1, 4, 3]
    }
}
