import Testing
import XBoard

@Suite struct TextLayoutTests {
    /// Every character 10 points wide: widths are easy to reason about.
    let measure = TextMeasure { text, _ in Double(text.count) * 10 }
    let style = TextStyle(size: 10)

    @Test func wordsWrapAtSpacesAndEveryLineFits() {
        let lines = TextLayout.wrap("the quick brown fox jumps over the lazy dog", width: 100, style: style, measure: measure)
        #expect(lines == ["the quick", "brown fox", "jumps over", "the lazy", "dog"])
        #expect(lines.allSatisfy { measure.width($0, style) <= 100 })
    }

    @Test func aWordWiderThanTheLineBreaksBetweenCharacters() {
        let lines = TextLayout.wrap("see /home/someone/Pictures/IMG_0001.JPG now", width: 100, style: style, measure: measure)
        #expect(lines == ["see", "/home/some", "one/Pictur", "es/IMG_000", "1.JPG now"])
        #expect(lines.joined() == "see/home/someone/Pictures/IMG_0001.JPGnow".replacingOccurrences(of: "JPGnow", with: "JPG now"))
    }

    @Test func explicitLineBreaksStayAndEmptyParagraphsAreEmptyLines() {
        #expect(TextLayout.wrap("one\n\ntwo three", width: 1000, style: style, measure: measure) == ["one", "", "two three"])
    }

    @Test func aWidthTooSmallForAnyCharacterStillMakesProgress() {
        #expect(TextLayout.wrap("abc", width: 1, style: style, measure: measure) == ["a", "b", "c"])
    }

    @Test func shorteningKeepsWhatFitsAndEndsInAnEllipsis() {
        #expect(TextLayout.shorten("short", width: 100, style: style, measure: measure) == "short")
        #expect(TextLayout.shorten("Opening photos… 12 of 300", width: 100, style: style, measure: measure) == "Opening p…")
        #expect(TextLayout.shorten("anything", width: 10, style: style, measure: measure) == "…")
        #expect(TextLayout.shorten("anything", width: 5, style: style, measure: measure) == "")
    }

    @Test func fittingToALineLimitMarksTheCut() {
        let lines = TextLayout.fit("one two three four five six seven", width: 100, maxLines: 2, style: style, measure: measure)
        #expect(lines.count == 2)
        #expect(lines[0] == "one two")
        #expect(lines[1].hasSuffix(TextLayout.ellipsis))
        #expect(lines.allSatisfy { measure.width($0, style) <= 100 })
        #expect(TextLayout.fit("fits", width: 100, maxLines: 2, style: style, measure: measure) == ["fits"])
    }
}
