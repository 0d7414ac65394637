import CX11
import Testing
import XBoard

@testable import XBoardPlatform

/// On-board text is set with font fallback: Japanese and Chinese characters are measured and
/// drawn in a font that has them (scripts/setup installs one for the tests), never as the
/// main font's empty boxes, which are all alike and narrower than a CJK character.
struct PangoTextTests {
    let style = TextStyle(size: 20)

    @Test func aCJKCharacterIsAboutOneEmWideAndWiderThanALatinLetter() {
        let text = PangoText.shared
        for character in ["日", "本", "語", "畫", "한"] {
            let width = text.width(of: character, in: style)
            #expect(width > 0.9 * style.size && width < 1.1 * style.size, "\(character): \(width) for a \(style.size)-point em")
        }
        let cjk = text.width(of: "日本語の写真", in: style), latin = text.width(of: "nnnnnn", in: style)
        #expect(cjk > 1.4 * latin, "six CJK characters \(cjk) wide, six n \(latin)")
        let three = text.width(of: "日本語", in: style), two = text.width(of: "日本", in: style)
        #expect(abs(three / two - 1.5) < 0.05, "日本語 \(three), 日本 \(two)")
    }

    @Test func widthsScaleWithTheSizeAndAgreeWithTheCache() {
        let text = PangoText.shared, name = "ünïcødé 日本.jpg  2024-05-01"
        let small = text.width(of: name, in: TextStyle(size: 10)), large = text.width(of: name, in: TextStyle(size: 40))
        #expect(abs(large / small - 4) < 0.04, "\(small) at 10 points, \(large) at 40")
        #expect(text.width(of: name, in: TextStyle(size: 10)) == small)
        #expect(text.width(of: "", in: style) == 0)
    }

    /// A dense character has far more ink than a one-stroke one: with boxes in their place
    /// (the toy text API), both would have the same.
    @Test func distinctCJKCharactersAreDrawnAsDistinctGlyphs() throws {
        let dense = try ink("畫畫畫"), sparse = try ink("一一一"), box = try ink("\u{FFFF}\u{FFFF}\u{FFFF}")
        #expect(sparse > 0, "一 shows some ink")
        #expect(dense > 2.5 * sparse, "畫畫畫 has \(dense) ink, 一一一 \(sparse)")
        #expect(abs(dense - box) > 0.2 * dense, "畫畫畫 has \(dense) ink, three missing-glyph boxes \(box)")
    }

    /// The summed coverage (0…1 a pixel) of `text` drawn at 32 points on an empty A8 image.
    private func ink(_ text: String) throws -> Double {
        let width: Int32 = 200, height: Int32 = 60
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_A8, width, height))
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        PangoText.shared.show(TextLine(text, at: Point(x: 4, y: 44), style: TextStyle(size: 32)), in: context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var sum = 0
        for y in 0..<Int(height) {
            for x in 0..<Int(width) { sum += Int(data[y * stride + x]) }
        }
        return Double(sum) / 255
    }
}
