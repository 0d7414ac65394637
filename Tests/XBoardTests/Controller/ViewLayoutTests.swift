import Testing
import XBoard

/// Throws, tidies, gathers and close-ups live in the part of the board the window shows, at any
/// view; a resize keeps the view's corner and zoom; a pan does not pull a glide along.
@Suite struct ViewLayoutTests {
    /// The two-photo board (photos at (300, 300) and (700, 500)) seen at zoom 2 from (500, 300):
    /// the view shows board points 500…1000 × 300…700, so photo 1 is out of view.
    func zoomedIn() -> BoardController {
        let controller = Fixtures.twoPhotoBoard()
        controller.show(BoardView(zoom: 2, origin: Point(500, 300)))
        #expect(controller.visibleBounds == Rect(x: 500, y: 300, width: 500, height: 400))
        return controller
    }

    func expectInside(_ box: Rect, _ bounds: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
        let slack = 1e-6
        #expect(
            box.minX >= bounds.minX - slack && box.minY >= bounds.minY - slack && box.maxX <= bounds.maxX + slack
                && box.maxY <= bounds.maxY + slack, "\(box) outside \(bounds)", sourceLocation: sourceLocation)
    }

    /// Home and Fit keep clear of the controls along the top and of the loading panel along the
    /// bottom while photos load: a board taller than wide fits exactly between them.
    @Test func theWholeBoardIsShownBetweenTheControlsAndTheLoadingPanel() {
        let controller = Fixtures.twoPhotoBoard()
        controller.add(SelectionTests.square(PhotoID(3), at: Point(500, 2000), rotation: 0))
        controller.showWholeBoard(keepingClearAtTop: 60, bottom: 34)
        TouchScript(controller).settle()
        let shown = controller.board.photos.map { Rect.bounding($0.boardBounds.corners.map(controller.view.boardToWindow.apply(to:))) }
        let top = shown.map(\.minY).min() ?? 0, bottom = shown.map(\.maxY).max() ?? 0
        let margin = ViewSettings().fitMargin
        expectClose(top, 60 + margin, absolute: 1e-6)
        expectClose(bottom, 800 - 34 - margin, absolute: 1e-6, "the lowest print ends above the loading panel")
        controller.showWholeBoard(keepingClearAtTop: 60)
        TouchScript(controller).settle()
        let after = controller.board.photos.map { Rect.bounding($0.boardBounds.corners.map(controller.view.boardToWindow.apply(to:))) }
        expectClose(after.map(\.maxY).max() ?? 0, 800 - margin, absolute: 1e-6, "with no panel, down to the window's edge")
    }

    @Test func aThrowComesToRestInsideTheView() throws {
        let controller = zoomedIn()
        let script = TouchScript(controller)
        // Photo 2 is at window (400, 400); a fast flick to the right.
        script.down(1, at: Point(400, 400))
        for x in stride(from: 500.0, through: 900, by: 100) { script.move(1, to: Point(x, 400), after: .milliseconds(8)) }
        script.up(1).settle()
        let photo = try #require(controller.board.photo(PhotoID(2)))
        expectInside(photo.boardBounds, controller.visibleBounds)  // the whole print, not its centre alone (the outside review)
        expectClose(photo.boardBounds.maxX, controller.visibleBounds.maxX, absolute: 1e-6, "it glided on to the view's edge")
        #expect(controller.board.photo(PhotoID(1))?.center == Point(300, 300), "the print out of view stayed")
    }

    @Test func tidyLaysItsGridInTheView() {
        let controller = zoomedIn()
        controller.tidy(order: [])
        TouchScript(controller).settle()
        for photo in controller.board.photos { expectInside(photo.boardBounds, controller.visibleBounds) }
        // At zoom 2 the grid is half the size in board points that it is at zoom 1.
        let tidiedAtOne = Fixtures.twoPhotoBoard()
        tidiedAtOne.tidy(order: [])
        TouchScript(tidiedAtOne).settle()
        expectClose(controller.board.photos[0].scale * 2, tidiedAtOne.board.photos[0].scale, relative: 1e-9)
    }

    @Test func gatherBringsEveryPrintIntoTheView() {
        let controller = zoomedIn()
        controller.gather()
        TouchScript(controller).settle()
        for photo in controller.board.photos { expectInside(photo.boardBounds, controller.visibleBounds) }
    }

    /// Thirty prints on a 1000×800 window, 200×100 points each at (120 + 150 i, …), seen at zoom 6
    /// about the window's middle: no grid of thirty at their smallest (half their size) fits in
    /// the view's 167×133 points.
    func thirtyZoomedFarIn() -> BoardController {
        var board = Board(size: Size(width: 1000, height: 800))
        for index in 0..<30 {
            board.add(
                Photo(
                    id: PhotoID(index), size: Size(width: 200, height: 100), pixelSize: Size(width: 2000, height: 1000),
                    photoToBoard: AffineTransform(
                        center: Point(120 + 150 * Double(index % 6), 100 + 130 * Double(index / 6)), scale: 1, rotation: 0.1)))
        }
        let controller = BoardController(board: board)
        controller.show(BoardView(zoom: 6, origin: Point(500 - 1000 / 12, 400 - 800 / 12)))
        return controller
    }

    func expectNoOverlaps(_ controller: BoardController, sourceLocation: SourceLocation = #_sourceLocation) {
        let boxes = controller.board.photos.map(\.boardBounds)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                let overlap = a.intersection(b).map { $0.size.width * $0.size.height } ?? 0
                #expect(overlap < 1e-6, "\(a) and \(b) overlap", sourceLocation: sourceLocation)
            }
        }
    }

    /// Zoomed far into the table, the prints cannot shrink to a grid in the view: the grid is laid
    /// larger about the view's middle and the view eases out to show it whole — never a heap
    /// (the outside review: tidy at 6× piled thirty prints on each other).
    @Test func tidyZoomedFarInLaysAGridAndShowsItWhole() {
        let controller = thirtyZoomedFarIn()
        let middle = controller.visibleBounds.center
        controller.tidy(order: [])
        TouchScript(controller).settle()
        expectNoOverlaps(controller)
        #expect(controller.view.zoom < 6, "the view eased out: \(controller.view)")
        for photo in controller.board.photos { expectInside(photo.boardBounds, controller.visibleBounds) }
        expectClose(controller.visibleBounds.center, middle, within: 1e-6, "about the view's middle")
        controller._checkInvariants()
    }

    @Test func gatherZoomedFarInSpreadsThePrintsAndShowsThemWhole() {
        let controller = thirtyZoomedFarIn()
        controller.gather()
        TouchScript(controller).settle()
        #expect(controller.view.zoom < 6, "the view eased out: \(controller.view)")
        let visible = controller.visibleBounds
        for photo in controller.board.photos { #expect(visible.contains(photo.center), "\(photo.center) outside \(visible)") }
        // A spread, not a heap: no print lies mostly under another.
        let boxes = controller.board.photos.map(\.boardBounds)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                let overlap = a.intersection(b).map { $0.size.width * $0.size.height } ?? 0
                #expect(overlap < 0.5 * min(a.size.width * a.size.height, b.size.width * b.size.height), "\(a) and \(b)")
            }
        }
        controller._checkInvariants()
    }

    @Test(arguments: [1.0, 2.0, 1.5])
    func closeUpFillsNineTenthsOfTheWindowAtAnyZoom(zoom: Double) throws {
        let controller = Fixtures.singlePhotoBoard()
        controller.show(BoardView(zoom: zoom, origin: Point(300, 200)))
        controller.toggleCloseUp(PhotoID(1))
        TouchScript(controller).settle()
        let photo = try #require(controller.board.photo(PhotoID(1)))
        expectClose(photo.center, controller.visibleBounds.center, within: 1e-9)
        let shown = Size(
            width: photo.printBounds.size.width * photo.scale * zoom, height: photo.printBounds.size.height * photo.scale * zoom)
        expectClose(max(shown.width / 1000, shown.height / 800), 0.9, absolute: 1e-9)
    }

    @Test func aResizeKeepsTheViewsCornerAndZoom() throws {
        let controller = zoomedIn()
        let view = controller.view
        controller.resize(to: Size(width: 800, height: 600))  // shows 500…900 × 300…600 now
        TouchScript(controller).settle()
        #expect(controller.view == view)
        let two = try #require(controller.board.photo(PhotoID(2)))
        #expect(two.center == Point(700, 500), "still in view: it stays")
        #expect(controller.board.photo(PhotoID(1))?.center == Point(300, 300), "out of view before: it stays out")
        // A print the view showed near its corner glides back inside the smaller view.
        let script = TouchScript(controller)
        controller.resize(to: Size(width: 1000, height: 800))
        script.down(1, at: Point(400, 400)).slide(1, to: Point(980, 780), steps: 30, interval: .milliseconds(30)).wait(.milliseconds(300))
        script.up(1).settle()
        let corner = try #require(controller.board.photo(PhotoID(2))).center
        #expect(corner.x > 900 && corner.y > 600, "precondition: near the view's far corner, \(corner)")
        controller.resize(to: Size(width: 800, height: 600))
        script.settle()
        #expect(controller.visibleBounds.contains(try #require(controller.board.photo(PhotoID(2))).center))
    }

    @Test func aGlideIsNotPulledByAPan() throws {
        let controller = Fixtures.twoPhotoBoard()
        let script = TouchScript(controller)
        script.down(1, at: Point(700, 500))
        for x in stride(from: 720.0, through: 800, by: 20) { script.move(1, to: Point(x, 500), after: .milliseconds(8)) }
        script.up(1).wait(.milliseconds(16))
        let resting = try #require(controller.arrangement.photos.first { $0.id == PhotoID(2) }).photoToBoard
        #expect(controller.isAnimating && resting.center.x > 850, "precondition: gliding right, to \(resting.center)")
        controller.show(BoardView(zoom: 1, origin: Point(-400, 0)))  // the view pans left mid-glide
        script.settle()
        let placed = try #require(controller.board.photo(PhotoID(2))).photoToBoard
        expectClose(placed.center, resting.center, within: 1e-6, "it ends where it was headed")
    }
}
