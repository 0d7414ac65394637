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
}
