import Testing
import XBoard

@testable import XBoardPlatform

/// The photos whose sprites the painter lets go of: those of the last list the new one lacks.
@Suite struct PhotosGoneTests {
    @Test(arguments: [false, true])
    func photosMissingFromTheNewListAreFoundAsASetFindsThem(scattered: Bool) {
        var random = SeededRandom(seed: scattered ? 5 : 4)
        func id(_ number: Int) -> PhotoID { PhotoID(scattered ? number &* 1_000_003 &- Int.max / 3 : number) }
        for _ in 0..<50 {
            let old = (0..<Int(random.next(in: 0...300))).map(id).shuffled(using: &random)
            var new = old.filter { _ in random.next(in: 0...1) < 0.8 }
            new += (400..<(400 + Int(random.next(in: 0...40)))).map(id)
            new.shuffle(using: &random)
            let kept = Set(new)
            #expect(CairoPainter.photos(old, missingFrom: new) == old.filter { !kept.contains($0) })
        }
        #expect(CairoPainter.photos([id(1), id(2)], missingFrom: []) == [id(1), id(2)])
    }
}
