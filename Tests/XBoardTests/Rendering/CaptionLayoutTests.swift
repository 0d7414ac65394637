import Testing
import XBoard

@Suite struct CaptionLayoutTests {
    let picture = Size(width: 400, height: 300)

    @Test func theCaptionLiesAlongThePicturesLowerEdgeSizedToIt() throws {
        let caption = try #require(CaptionLayout("IMG_0001.JPG  2021-03-04", pictureSize: picture, scale: 1, measure: .estimated))
        #expect(caption.text == "IMG_0001.JPG  2021-03-04")
        #expect(
            caption.band.maxY == picture.height / 2 && caption.band.minX == -picture.width / 2 && caption.band.size.width == picture.width)
        #expect(abs(caption.style.size - 300 * CaptionLayout.sizeShare) < 1e-9)
        #expect(caption.origin.y > caption.band.minY && caption.origin.y < caption.band.maxY)
        let twice = try #require(CaptionLayout("IMG_0001.JPG", pictureSize: picture * 2, scale: 1, measure: .estimated))
        #expect(abs(twice.style.size - 2 * caption.style.size) < 1e-9, "it grows with the print")
    }

    @Test func aLittleTooLongTextIsSetSmallerRatherThanCut() throws {
        let portrait = Size(width: 300, height: 400)
        let text = "IMG_20261123.jpg  2026-11-23"  // 346 points at full size in the estimate, 277 of room
        let caption = try #require(CaptionLayout(text, pictureSize: portrait, scale: 1, measure: .estimated))
        #expect(caption.text == text)
        #expect(
            caption.style.size < 300 * CaptionLayout.sizeShare
                && caption.style.size >= 300 * CaptionLayout.sizeShare * CaptionLayout.smallestShare)
        #expect(TextMeasure.estimated.width(caption.text, caption.style) <= caption.origin.x * -2 + 1e-9)
    }

    @Test func aLongNameIsCutWithAnEllipsisToFitTheBand() throws {
        let long = String(repeating: "very-long-name-", count: 20) + ".jpg"
        let caption = try #require(CaptionLayout(long, pictureSize: picture, scale: 1, measure: .estimated))
        #expect(caption.text.hasSuffix("…") && long.hasPrefix(String(caption.text.dropLast())))
        #expect(TextMeasure.estimated.width(caption.text, caption.style) <= picture.width - caption.style.size)
    }

    @Test func aPrintTooSmallOnScreenForReadableTextShowsNone() {
        #expect(CaptionLayout("a.jpg", pictureSize: picture, scale: 0.2, measure: .estimated) == nil)
        #expect(CaptionLayout("", pictureSize: picture, scale: 1, measure: .estimated) == nil)
    }

    @Test func aBoardCanShowACaptionWhenOnePrintIsLargeEnoughToReadIt() {
        // 80 points short edge: 6 points of type at scale 1 (unreadable), 9 at scale 1.5.
        func photo(_ id: Int, scale: Double) -> Photo {
            Photo(
                id: PhotoID(id), size: Size(width: 120, height: 80), pixelSize: Size(width: 120, height: 80),
                photoToBoard: AffineTransform(center: Point(x: 200, y: 200), scale: scale, rotation: 0.3))
        }
        #expect(!CaptionLayout.anyReadable([photo(1, scale: 1), photo(2, scale: 1.1)]))
        #expect(CaptionLayout.anyReadable([photo(1, scale: 1), photo(2, scale: 1.5)]))
        #expect(!CaptionLayout.anyReadable([]))
        #expect(CaptionLayout("a.jpg", pictureSize: Size(width: 120, height: 80), scale: 1.5, measure: .estimated) != nil)
    }

    @Test func theTextIsTheNameAndTheDateTaken() {
        #expect(CaptionLayout.text(fileName: "b.png", dateTaken: nil) == "b.png")
        #expect(CaptionLayout.text(fileName: "b.png", dateTaken: 1_614_834_367) == "b.png  2021-03-04")
        #expect(CaptionLayout.dateText(0) == "1970-01-01")
        #expect(CaptionLayout.dateText(951_782_400) == "2000-02-29")
        #expect(CaptionLayout.dateText(-86_400) == "1969-12-31")
    }

    @Test func captionsGoIntoThePrintsOfTheDisplayList() {
        var board = Board(size: Size(width: 800, height: 600))
        board.add(
            Photo(
                id: PhotoID(1), size: picture, pixelSize: picture,
                photoToBoard: AffineTransform(center: Point(x: 400, y: 300), scale: 1, rotation: 0)))
        let list = SceneBuilder().build(board, captions: [PhotoID(1): "a.png"])
        guard case .print(let print) = list.items[1] else {
            Issue.record("no print")
            return
        }
        #expect(print.caption == "a.png")
        #expect(list.damage(since: SceneBuilder().build(board)) != [], "showing a caption repaints the print")
    }
}
