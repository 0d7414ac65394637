import Testing

@testable import XBoard

/// The captions alone: none while hidden, each made once.
struct CaptionsTests {
    @Test func captionsShowOnlyWhileShownAndEachIsMadeOnce() {
        var captions = Captions()
        var made: [PhotoID] = []
        func caption(_ id: PhotoID) -> String {
            made.append(id)
            return "photo \(id.rawValue)"
        }
        #expect(captions.shown(on: [PhotoID(1)], caption: caption).isEmpty, "hidden, none")
        #expect(made.isEmpty, "and none made")
        captions.isShown = true
        #expect(captions.shown(on: [PhotoID(1), PhotoID(2)], caption: caption) == [PhotoID(1): "photo 1", PhotoID(2): "photo 2"])
        #expect(captions.shown(on: [PhotoID(2), PhotoID(3)], caption: caption) == [PhotoID(2): "photo 2", PhotoID(3): "photo 3"])
        #expect(made == [PhotoID(1), PhotoID(2), PhotoID(3)], "each made once")
        captions.isShown = false
        #expect(captions.shown(on: [PhotoID(1)], caption: caption).isEmpty)
        #expect(captions.made.count == 3, "hidden, the captions made are kept")
    }

    @Test func showingThemOnPrintsTooSmallToReadSaysSo() {
        func photo(scale: Double) -> Photo {
            Photo(
                id: PhotoID(1), size: Size(width: 400, height: 300), pixelSize: Size(width: 4000, height: 3000),
                photoToBoard: AffineTransform(center: Point(x: 500, y: 400), scale: scale, rotation: 0))
        }
        var captions = Captions()
        let onEmpty = captions.toggle(on: [])
        #expect(!onEmpty && captions.isShown, "an empty board: nothing to say")
        let hiding = captions.toggle(on: [photo(scale: 0.01)])
        #expect(!hiding && !captions.isShown, "hidden: nothing to say")
        let tooSmall = captions.toggle(on: [photo(scale: 0.01)])
        #expect(tooSmall, "shown on a print too small to read them")
        captions.isShown = false
        let oneLarge = captions.toggle(on: [photo(scale: 0.01), photo(scale: 4)])
        #expect(!oneLarge, "one large enough")
    }
}
