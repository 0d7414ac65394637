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
        #expect(PictureResolution.forLayout(many).baseLongEdge == Int((many.pictureLongEdge * 2).rounded()))
    }

    @Test func aThousandSmallPrintsAreDecodedAtTwiceTheirShownSizeNotMore() {
        let thousand = TossedLayout(count: 1000, boardSize: Size(width: 1920, height: 1080), seed: 1)
        let base = PictureResolution.forLayout(thousand).baseLongEdge
        #expect(thousand.pictureLongEdge < 70)
        #expect(base == Int((thousand.pictureLongEdge * 2).rounded()), "decoded at \(base) for \(thousand.pictureLongEdge) shown")
        let tenThousand = TossedLayout(count: 10_000, boardSize: Size(width: 1920, height: 1080), seed: 1)
        #expect(tenThousand.pictureLongEdge >= 16 && tenThousand.pictureLongEdge < 24, "\(tenThousand.pictureLongEdge)")
        #expect(PictureResolution.forLayout(tenThousand).baseLongEdge == Int((tenThousand.pictureLongEdge * 2).rounded()))
        let crowded = TossedLayout(count: 100_000, boardSize: Size(width: 1280, height: 800), seed: 1)
        #expect(PictureResolution.forLayout(crowded).baseLongEdge == PictureResolution.minimumBaseLongEdge)
    }
}
