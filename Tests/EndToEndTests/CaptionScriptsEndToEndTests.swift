import Foundation
import Testing
import XorgHarness

/// Captions show file names in any script (review finding F-D): a Japanese or Chinese name is
/// drawn in a font that has its characters (scripts/setup installs one for the tests), not as a
/// row of identical boxes.
extension EndToEnd {
    @Suite(.timeLimit(.minutes(15)))
    struct CaptionScripts {
        static let c: UInt = 0x63
        static let dense = TestPhoto.redGreen, sparse = TestPhoto.cyanMagenta

        /// Two prints of the same size whose names differ only in their CJK characters: 畫 has
        /// a dozen strokes, 一 one. Drawn as glyphs, the first caption has far more light ink
        /// than the second; drawn as boxes (a font without them, no fallback), both have the
        /// same ink to within a few anti-aliased pixels (seen: 924 and 923 light pixels with
        /// cairo's toy text; 1205 and 836 with Pango).
        @Test func cShowsCJKNamesAsTheirOwnGlyphsNotAsBoxes() throws {
            let session = try BoardSession(photos: []) { folder in
                var paths: [String] = []
                for (photo, name) in [(Self.dense, "畫畫畫畫畫.png"), (Self.sparse, "一一一一一.png")] {
                    let path = folder + "/" + name
                    try TestPhotos.write(to: path, width: photo.width, height: photo.height, left: photo.left, right: photo.right)
                    paths.append(path)
                }
                return paths
            }
            _ = try session.place(Self.dense, at: (320, 400))
            _ = try session.place(Self.sparse, at: (960, 400))
            let plainShot = try session.rest()
            let plainArea = [Self.dense, Self.sparse].map { Double(plainShot.blob(of: $0.left)?.count ?? 0) }
            #expect(plainArea.allSatisfy { $0 > 1000 }, "both prints in view: \(plainArea)")
            try session.press(Self.c)
            let shown = try waitFor("the captions on both prints", stall: .seconds(5)) { () -> Screenshot? in
                let shot = try session.screenshot()
                let areas = [Self.dense, Self.sparse].map { Double(shot.blob(of: $0.left)?.count ?? 0) }
                return zip(areas, plainArea).allSatisfy { $0 < 0.95 * $1 } ? shot : nil
            }
            _ = try session.saveScreenshot(named: "cjk-captions")
            // Light text pixels each caption adds, in its own half of the screen.
            func lightPixels(_ shot: Screenshot, columns: Range<Int>) -> Int {
                var count = 0
                for y in 0..<shot.height {
                    for x in columns {
                        let pixel = shot.pixel(x, y)
                        if pixel >> 16 & 0xFF > 0xC0 && pixel >> 8 & 0xFF > 0xC0 && pixel & 0xFF > 0xC0 { count += 1 }
                    }
                }
                return count
            }
            let halves = [0..<shown.width / 2, shown.width / 2..<shown.width]
            let ink = halves.map { lightPixels(shown, columns: $0) - lightPixels(plainShot, columns: $0) }
            #expect(ink[1] > 40, "the 一 caption shows text: \(ink)")
            #expect(Double(ink[0]) > 1.2 * Double(ink[1]), "light ink of the 畫 caption, then the 一 one: \(ink)")
        }
    }
}
