import Testing
import XBoard

@Suite struct PictureResolutionTests {
    let policy = PictureResolution(baseLongEdge: 720)

    @Test func aCopyThatFitsIsKept() {
        #expect(policy.wantedLongEdge(shownLongEdge: 360, decodedLongEdge: 720, nativeLongEdge: 4000) == nil)
        #expect(policy.wantedLongEdge(shownLongEdge: 700, decodedLongEdge: 720, nativeLongEdge: 4000) == nil)
    }

    @Test func zoomingInPastTheCopyAsksForASharperOneWithHeadroom() {
        #expect(policy.wantedLongEdge(shownLongEdge: 1200, decodedLongEdge: 720, nativeLongEdge: 4000) == 1800)
    }

    @Test func neverBeyondTheNativeSizeOrTheCeiling() {
        #expect(policy.wantedLongEdge(shownLongEdge: 3000, decodedLongEdge: 720, nativeLongEdge: 2000) == 2000)
        #expect(policy.wantedLongEdge(shownLongEdge: 3000, decodedLongEdge: 2000, nativeLongEdge: 2000) == nil)
        #expect(policy.wantedLongEdge(shownLongEdge: 9000, decodedLongEdge: 720, nativeLongEdge: 12000) == 4096)
    }

    @Test func zoomingBackOutLetsTheBigCopyGo() {
        #expect(policy.wantedLongEdge(shownLongEdge: 360, decodedLongEdge: 1800, nativeLongEdge: 4000) == 720)
        #expect(policy.wantedLongEdge(shownLongEdge: 360, decodedLongEdge: 720, nativeLongEdge: 4000) == nil)
    }

    @Test func theFirstDecodeIsTwiceTheLaidOutSizeWithinBounds() {
        let few = TossedLayout(count: 2, boardSize: Size(width: 1280, height: 800), seed: 1)
        let many = TossedLayout(count: 100, boardSize: Size(width: 1280, height: 800), seed: 1)
        #expect(PictureResolution.forLayout(few).baseLongEdge == 880)
        #expect(PictureResolution.forLayout(many).baseLongEdge == 256)
    }
}

@Suite struct SceneTests {
    @Test func theSceneIsTheTableThenEveryPrintBottomToTopThenTheIndicator() {
        let controller = Fixtures.twoPhotoBoard()
        let list = SceneBuilder().build(controller.board, status: LoadingStatus(finished: 3, total: 10))
        #expect(list.items.count == 4)
        guard case .fill = list.items[0], case .print(let bottom) = list.items[1], case .print(let top) = list.items[2],
            case .progress(let status) = list.items[3]
        else {
            Issue.record("unexpected items \(list.items)")
            return
        }
        #expect(bottom.photo == PhotoID(1) && top.photo == PhotoID(2))
        #expect(status.text == "Opening photos… 3 of 10")
        #expect(SceneBuilder().build(controller.board).items.count == 3)
    }
}
