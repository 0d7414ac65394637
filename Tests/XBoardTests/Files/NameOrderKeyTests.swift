import Testing
import XBoard

/// Sort keys worked out once order names exactly as comparing them one pair at a time does.
@Suite struct NameOrderKeyTests {
    @Test func keysOrderAsFileManagersDo() {
        let names = [
            "IMG_10.jpg", "IMG_2.jpg", "img_1.JPG", "IMG_02.jpg", "a.png", "B.png", "b.png", "Zebra.jpg", "photo 9.png", "photo 10.png",
            "2021.jpg", "x", "x1", "x01", "_a", "é.png", "e.png", "f.png", "IMG_0001.jpg", "IMG_1.jpg",
        ]
        var random = SeededRandom(seed: 3)
        for _ in 0..<50 {
            var shuffled = names
            random.shuffle(&shuffled)
            let byPairs = shuffled.sorted { NameOrder.isOrderedBefore(Array($0.utf8), Array($1.utf8)) }
            let byKeys = shuffled.sorted { NameOrder.Key(Array($0.utf8)) < NameOrder.Key(Array($1.utf8)) }
            #expect(byKeys == byPairs)
        }
        #expect(
            ["IMG_10.jpg", "IMG_2.jpg", "IMG_1.jpg"].sorted { NameOrder.Key(Array($0.utf8)) < NameOrder.Key(Array($1.utf8)) } == [
                "IMG_1.jpg", "IMG_2.jpg", "IMG_10.jpg",
            ])
    }
}
