import Testing
import XBoard

/// While the view of a large board moves, one table snapshot stands in for every print.
@Suite struct TableSnapshotTests {
    /// A 1000×800 board of `count` small photos in rows.
    static func board(_ count: Int) -> Board {
        var board = Board(size: Size(width: 1000, height: 800))
        for number in 0..<count {
            let center = Point(20 + Double(number % 40) * 24, 20 + Double(number / 40) * 24)
            board.add(
                Photo(
                    id: PhotoID(number + 1), size: Size(width: 20, height: 15), pixelSize: Size(width: 400, height: 300),
                    photoToBoard: AffineTransform(center: center, scale: 1, rotation: 0)))
        }
        return board
    }

    static func prints(_ list: DisplayList) -> Int { list.items.count { $0.isPrint } }

    @Test func aLargeBoardShowsASnapshotWhileTheViewMovesAndItsPrintsAtRest() {
        let board = Self.board(401), start = BoardView.identity, view = BoardView(zoom: 1.5, origin: Point(100, 50))
        let status = LoadingStatus(finished: 3, total: 10)
        let moving = SceneBuilder().build(
            board, view: view, status: status, isViewMoving: true, viewMoveStart: start, snapshotMinimum: 400)
        #expect(Self.prints(moving) == 0)
        guard case .fill = moving.items.first, case .tableSnapshot(let snapshot) = moving.items[1] else {
            Issue.record("unexpected items \(moving.items)")
            return
        }
        #expect(snapshot == TableSnapshot(startView: start, view: view))
        #expect(moving.tableSnapshot == snapshot)
        // The overlays come after it, never scaled: here the loading bar.
        #expect(moving.items.count == 3 && moving.items[2].isOverlay)
        #expect(!DisplayItem.tableSnapshot(snapshot).isOverlay && !DisplayItem.tableSnapshot(snapshot).isPrint)
        // A board point goes to the snapshot's pixel where the start view showed it.
        let point = Point(300, 200)
        let shown = view.boardToWindow.apply(to: point)
        expectClose(snapshot.windowToSnapshot.apply(to: shown), start.boardToWindow.apply(to: point), within: 1e-9)
        // At rest the prints come back.
        let resting = SceneBuilder().build(board, view: view, status: status, viewMoveStart: start, snapshotMinimum: 400)
        #expect(resting.tableSnapshot == nil && Self.prints(resting) > 0)
        // Without a start (a print is held), every print is drawn, as drafts.
        let held = SceneBuilder().build(board, view: view, isViewMoving: true, snapshotMinimum: 400)
        #expect(held.tableSnapshot == nil && Self.prints(held) > 0)
    }

    @Test func aSmallBoardNeverShowsASnapshot() {
        let board = Self.board(400)
        let list = SceneBuilder().build(
            board, view: BoardView(zoom: 0.9, origin: .zero), isViewMoving: true, viewMoveStart: .identity, snapshotMinimum: 400)
        #expect(list.tableSnapshot == nil && Self.prints(list) == 400)
        #expect(list.items.allSatisfy { if case .print(let print) = $0 { print.isMoving } else { true } })
    }

    @Test func aSnapshotFrameAndTheFirstAtRestDamageTheWholeFrame() {
        let board = Self.board(401), view = BoardView(zoom: 1.1, origin: .zero)
        let rest = SceneBuilder().build(board, snapshotMinimum: 400)
        let first = SceneBuilder().build(board, isViewMoving: true, viewMoveStart: .identity, snapshotMinimum: 400)
        let next = SceneBuilder().build(board, view: view, isViewMoving: true, viewMoveStart: .identity, snapshotMinimum: 400)
        let after = SceneBuilder().build(board, view: view, snapshotMinimum: 400)
        #expect(first.damage(since: rest) == nil)
        #expect(next.damage(since: first) == nil)
        #expect(after.damage(since: next) == nil)
        #expect(rest.damage(since: rest) == [])
    }

    @Test func theSessionSnapshotsALargeBoardWhileTheTablePansUnlessAPrintIsHeld() throws {
        var settings = SessionSettings()
        settings.tableSnapshotMinimum = 3
        let script = SessionScript(settings: settings).open(["a.jpg", "b.jpg", "c.jpg", "d.jpg"]).wait(.seconds(3))
        let still = script.frame()
        #expect(still.tableSnapshot == nil && Self.prints(still) == 4)
        let prints = still.items.compactMap { if case .print(let print) = $0 { print } else { nil } }
        let bare = try #require(
            stride(from: 40.0, to: 960, by: 40).lazy.flatMap { x in stride(from: 120.0, to: 700, by: 40).lazy.map { Point(x, $0) } }
                .first { point in !prints.contains { $0.boardExtent.insetBy(-30).contains(point) } })
        let startView = script.session.controller.view
        script.touch(1, .began, at: bare)
        for step in 1...6 { script.touch(1, .moved, at: bare + Point(x: Double(step) * 15, y: 0)) }
        let panning = script.frame()
        let snapshot = try #require(panning.tableSnapshot)
        #expect(snapshot.startView == startView && snapshot.view == script.session.controller.view)
        #expect(snapshot.view != startView, "the table moved")
        #expect(Self.prints(panning) == 0)
        // A finger on a print while the table moves: every print is drawn instead.
        let onPrint = script.session.controller.view.boardToWindow.apply(to: prints[0].photoToBoard.center)
        script.touch(2, .began, at: onPrint)
        let holding = script.frame()
        #expect(holding.tableSnapshot == nil && Self.prints(holding) == 4)
        script.touch(2, .ended, at: onPrint).touch(1, .ended, at: bare + Point(x: 90, y: 0), after: .milliseconds(300)).wait(.seconds(2))
        let resting = script.frame()
        #expect(resting.tableSnapshot == nil && Self.prints(resting) == 4)
    }
}
