import Testing
import XBoard

/// The removed photos list: laid out along the bottom edge, hit by its slots, a tap puts a
/// photo back and nothing reaches the board under it.
@Suite struct RemovedShelfTests {
    static let size = Size(width: 800, height: 600)

    static func entries(_ count: Int) -> [RemovedShelf.Entry] {
        (0..<count).map {
            RemovedShelf.Entry(
                photo: PhotoID($0), pictureSize: Size(width: 400, height: 100), name: "photo-number-\($0)-with-a-long-name.jpg")
        }
    }

    @Test func slotsFitTheBandAndPicturesKeepTheirShape() {
        let shelf = RemovedShelf(entries: Self.entries(3), in: Self.size, scale: 1, bottomInset: 34)
        #expect(shelf.band == Rect(x: 0, y: 600 - 34 - OverlayGeometry.shelfHeight, width: 800, height: OverlayGeometry.shelfHeight))
        #expect(shelf.slots.count == 3 && shelf.hiddenCount == 0)
        for slot in shelf.slots {
            #expect(shelf.band.contains(slot.frame.origin) && shelf.band.contains(Point(x: slot.frame.maxX, y: slot.frame.maxY)))
            #expect(abs(slot.pictureFrame.size.width / slot.pictureFrame.size.height - 4) < 1e-9)
            #expect(slot.label.count == OverlayGeometry.shelfLabelLength && slot.label.contains("…"))
        }
        #expect(shelf.photo(at: shelf.slots[1].frame.center) == PhotoID(1))
        #expect(shelf.photo(at: Point(x: 799, y: shelf.band.minY + 2)) == nil && shelf.contains(Point(x: 799, y: shelf.band.minY + 2)))
    }

    @Test func moreThanFitAreCountedAndTheEmptyListSaysSo() {
        let shelf = RemovedShelf(entries: Self.entries(40), in: Self.size, scale: 2)
        #expect(shelf.slots.count == OverlayGeometry.shelfCapacity(of: shelf.band, scale: 2) && shelf.hiddenCount == 40 - shelf.slots.count)
        #expect(shelf.title.contains("\(shelf.hiddenCount) more"))
        #expect(RemovedShelf(entries: [], in: Self.size, scale: 1).title.hasPrefix("No photos"))
    }
}
