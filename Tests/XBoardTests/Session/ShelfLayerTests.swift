import Testing

@testable import XBoard

/// The removed photos' layer alone: touches in, a photo to put back (or the list closed) out.
struct ShelfLayerTests {
    let size = Size(width: 1280, height: 800)

    func event(_ phase: TouchPhase, _ point: Point, id: UInt32 = 1) -> TouchEvent {
        TouchEvent(id: TouchID(source: 2, number: id), phase: phase, location: point, time: .origin)
    }

    func shelf(_ photos: [Int]) -> RemovedShelf {
        let entries = photos.map { RemovedShelf.Entry(photo: PhotoID($0), pictureSize: Size(width: 400, height: 300), name: "p\($0).jpg") }
        return RemovedShelf(entries: entries, in: size, scale: 1)
    }

    @Test func aFingerLiftedOnThePhotoItBeganOnPutsItBack() {
        var layer = ShelfLayer()
        layer.isShown = true
        let shown = shelf([4, 7])
        let first = shown.slots[0].touchFrame.center, second = shown.slots[1].touchFrame.center
        _ = layer.touch(event(.began, first), shown: shown)
        _ = layer.touch(event(.moved, second), shown: shown)
        #expect(layer.touch(event(.ended, first), shown: shown) == [.putBack(PhotoID(4))], "slid about and back, it counts")
        _ = layer.touch(event(.began, first, id: 2), shown: shown)
        #expect(layer.touch(event(.ended, second, id: 2), shown: shown).isEmpty, "lifted on another photo")
        _ = layer.touch(event(.began, second, id: 3), shown: shown)
        #expect(layer.touch(event(.cancelled, second, id: 3), shown: shown).isEmpty)
        #expect(layer.touch(event(.ended, second, id: 3), shown: shown).isEmpty, "after its cancel, a lift is nothing")
    }

    @Test func aTapOnAnEmptyListClosesItAndBetweenPhotosDoesNothing() {
        var layer = ShelfLayer()
        layer.isShown = true
        let empty = shelf([])
        let middle = empty.band.center
        _ = layer.touch(event(.began, middle), shown: empty)
        #expect(layer.touch(event(.ended, middle), shown: empty) == [.close])
        let shown = shelf([4])
        let beside = Point(x: shown.band.maxX - 5, y: shown.band.center.y)
        _ = layer.touch(event(.began, beside), shown: shown)
        #expect(layer.touch(event(.ended, beside), shown: shown).isEmpty)
    }
}

/// The removed photos' list laid out by its layer: only while it shows, above the loading panel.
struct ShelfLayoutTests {
    @Test func theListShowsOnlyWhileShownAboveTheLoadingPanel() throws {
        let size = Size(width: 1280, height: 800)
        let removed = [RemovedShelf.Entry(photo: PhotoID(4), pictureSize: Size(width: 400, height: 300), name: "p4.jpg")]
        var layer = ShelfLayer()
        #expect(layer.shelf(of: removed, in: size, scale: 1, bottomInset: 0) == nil)
        layer.isShown = true
        let shelf = try #require(layer.shelf(of: removed, in: size, scale: 1, bottomInset: 0))
        #expect(shelf == RemovedShelf(entries: removed, in: size, scale: 1))
        let raised = try #require(layer.shelf(of: removed, in: size, scale: 1, bottomInset: 40))
        #expect(raised.band.maxY < shelf.band.maxY)
    }
}
