import Testing
import XBoard

@Suite struct SceneTests {
    @Test func theSceneIsTheTableThenEveryPrintBottomToTopThenTheIndicator() {
        let controller = Fixtures.twoPhotoBoard()
        let list = SceneBuilder().build(controller.board, status: LoadingStatus(finished: 3, total: 10))
        #expect(list.items.count == 4)
        guard case .fill = list.items[0], case .print(let bottom) = list.items[1], case .print(let top) = list.items[2],
            case .progress(let status, _) = list.items[3]
        else {
            Issue.record("unexpected items \(list.items)")
            return
        }
        #expect(bottom.photo == PhotoID(1) && top.photo == PhotoID(2))
        #expect(status.text == "Opening photos… 3 of 10")
        #expect(SceneBuilder().build(controller.board).items.count == 3)
    }

    @Test func printsAreDrawnThroughTheView() {
        let controller = Fixtures.twoPhotoBoard()
        let view = BoardView(zoom: 0.5, origin: Point(-200, 100))
        let prints = SceneBuilder().build(controller.board, view: view).items.compactMap {
            if case .print(let item) = $0 { item } else { nil }
        }
        #expect(prints.map(\.photo) == [PhotoID(1), PhotoID(2)])
        for (item, photo) in zip(prints, controller.board.photos) {
            #expect(item.photoToBoard == photo.photoToBoard.concatenating(view.boardToWindow))
        }
        // Photo 2's centre (700, 500) is drawn at ((700 + 200) / 2, (500 − 100) / 2).
        expectClose(prints[1].photoToBoard.center, Point(450, 200), within: 1e-9)
        expectClose(prints[1].photoToBoard.scale, 0.5)
    }

    @Test func printsOutsideTheWindowAreLeftOut() {
        let controller = Fixtures.twoPhotoBoard()
        // Zoomed in on photo 2: photo 1, at (300, 300), is far to the upper left of the window.
        let zoomed = SceneBuilder().build(controller.board, view: BoardView(zoom: 4, origin: Point(600, 400)))
        let shown = zoomed.items.compactMap { if case .print(let item) = $0 { item.photo } else { nil } }
        #expect(shown == [PhotoID(2)])
        // Photo 2's print begins at board x 596.5. Ten pixels past the right edge, its shadow
        // still reaches into the window: it is kept; forty past, it is left out.
        func kept(from x: Double) -> [PhotoID] {
            SceneBuilder().build(controller.board, view: BoardView(zoom: 1, origin: Point(x, 0))).items.compactMap {
                if case .print(let item) = $0 { item.photo } else { nil }
            }
        }
        #expect(kept(from: 596.5 - 1010) == [PhotoID(1), PhotoID(2)])
        #expect(kept(from: 596.5 - 1040) == [PhotoID(1)])
    }

    @Test func whileTheViewMovesEveryPrintIsDrawnAsADraft() {
        let controller = Fixtures.twoPhotoBoard()
        func moving(_ list: DisplayList) -> [Bool] {
            list.items.compactMap { if case .print(let item) = $0 { item.isMoving } else { nil } }
        }
        #expect(moving(SceneBuilder().build(controller.board, moving: [PhotoID(2)])) == [false, true])
        #expect(moving(SceneBuilder().build(controller.board, isViewMoving: true)) == [true, true])
    }
}
