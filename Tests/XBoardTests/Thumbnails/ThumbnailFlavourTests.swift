import SystemPackage
import Testing
import XBoard

/// Which cached sizes serve which copy, and the copy a request then asks for.
@Suite struct ThumbnailFlavourTests {
    @Test(arguments: [
        // A thousand prints laid out at 54 px, copies of 108: normal (scaled down), then larger ones.
        (54.0, 108, [ThumbnailFlavour.normal, .large, .xLarge, .xxLarge]),
        // Ten thousand at 16 px: still normal first.
        (16.0, 32, [.normal, .large, .xLarge, .xxLarge]),
        // 300 px prints with copies of 600: x-large is the largest between; xx-large next.
        (300.0, 600, [.xLarge, .xxLarge]),
        // A print exactly as large as a flavour.
        (128.0, 256, [.large, .xLarge, .xxLarge, .normal]),
        // Zoomed to 600 with a copy of 900 wanted: no flavour between, so the larger one.
        (600.0, 900, [.xxLarge]),
        // One photo on a large window: 1024 fits.
        (560.0, 1024, [.xxLarge]),
        // Shown over 1024 px: the cache cannot serve it.
        (1100.0, 1650, []),
    ])
    func flavoursServeWhatIsShownBestFirst(shown: Double, wanted: Int, flavours: [ThumbnailFlavour]) {
        #expect(ThumbnailFlavour.serving(shown: shown, wanted: wanted) == flavours)
    }

    @Test func nonsenseServesNothing() {
        #expect(ThumbnailFlavour.serving(shown: .nan, wanted: 100).isEmpty)
        #expect(ThumbnailFlavour.serving(shown: 10, wanted: 0).isEmpty)
        #expect(ThumbnailFlavour.serving(shown: .infinity, wanted: 100).isEmpty)
    }

    @Test func aRequestAsksForTheMadeFlavourWhenItFitsAndForWhatWasWantedOtherwise() {
        let file = FilePath("/photos/a.jpg")
        let between = DecodeRequest(photo: PhotoID(0), path: file, wanted: 600, shown: 300, canonical: file)
        #expect(between.maximumLongEdge == 512 && between.thumbnail?.made == .xLarge)
        let small = DecodeRequest(photo: PhotoID(0), path: file, wanted: 108, shown: 54, canonical: file)
        #expect(small.maximumLongEdge == 108 && small.thumbnail?.made == .normal)
        let withoutCache = DecodeRequest(photo: PhotoID(0), path: file, wanted: 600, shown: 300, canonical: nil)
        #expect(withoutCache.maximumLongEdge == 600 && withoutCache.thumbnail == nil)
        let large = DecodeRequest(photo: PhotoID(0), path: file, wanted: 1650, shown: 1100, canonical: file)
        #expect(large.maximumLongEdge == 1650 && large.thumbnail == nil)
    }

    @Test func foldersAreNamedAsTheStandardNamesThem() {
        #expect(ThumbnailFlavour.allCases.map(\.folder) == ["normal", "large", "x-large", "xx-large"])
        #expect(ThumbnailFlavour.allCases.map(\.edge) == [128, 256, 512, 1024])
    }
}
