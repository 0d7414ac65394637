/// Breaks and shortens overlay text to fit a width, given a way to measure it: pure, so every
/// overlay's fit is tested without fonts or a window.
///
/// As in most toolkits' word wrapping (Pango's `PANGO_WRAP_WORD_CHAR`): lines break at spaces;
/// a word wider than the whole line is broken between characters; explicit line breaks stay.
public enum TextLayout {
    /// The lines of `text` no wider than `width` board points.
    ///
    /// Runs of spaces at a break vanish; an empty paragraph stays an empty line. Each line holds
    /// at least one character, so a width too small for any character still makes progress.
    public static func wrap(_ text: String, width: Double, style: TextStyle, measure: TextMeasure) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let paragraphStart = lines.count
            var current = ""
            for word in paragraph.split(separator: " ") {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if measure.width(candidate, style) <= width {
                    current = candidate
                    continue
                }
                if !current.isEmpty { lines.append(current) }
                current = String(word)
                while measure.width(current, style) > width {
                    let cut = longestFittingPrefix(of: current, width: width, style: style, measure: measure)
                    lines.append(String(current.prefix(cut)))
                    current = String(current.dropFirst(cut))
                }
            }
            if !current.isEmpty || lines.count == paragraphStart { lines.append(current) }
        }
        return lines
    }

    /// `line` as it is when it fits `width`, or else cut short with an ellipsis ("…") that fits;
    /// an empty string when not even the ellipsis fits.
    public static func shorten(_ line: String, width: Double, style: TextStyle, measure: TextMeasure) -> String {
        guard measure.width(line, style) > width else { return line }
        guard measure.width(ellipsis, style) <= width else { return "" }
        var low = 0, high = line.count  // the longest prefix that fits with the ellipsis is in low..<high
        while high - low > 1 {
            let middle = (low + high) / 2
            if measure.width(line.prefix(middle) + ellipsis, style) <= width { low = middle } else { high = middle }
        }
        return line.prefix(low).trimmingTrailingSpaces + ellipsis
    }

    /// At most `maxLines` wrapped lines of `text`; when it is cut, the last line kept ends in
    /// an ellipsis, so a reader sees there is more.
    public static func fit(_ text: String, width: Double, maxLines: Int, style: TextStyle, measure: TextMeasure) -> [String] {
        let lines = wrap(text, width: width, style: style, measure: measure)
        guard lines.count > maxLines else { return lines }
        guard maxLines > 0 else { return [] }
        var kept = Array(lines.prefix(maxLines))
        // "last line …" when that fits, else the last line itself cut short with the ellipsis.
        kept[maxLines - 1] = shorten(kept[maxLines - 1] + " " + ellipsis, width: width, style: style, measure: measure)
        return kept
    }

    /// The ellipsis that marks shortened text.
    public static let ellipsis = "…"

    /// How many leading characters of `word` fit `width`; at least one.
    private static func longestFittingPrefix(of word: String, width: Double, style: TextStyle, measure: TextMeasure) -> Int {
        var low = 1, high = word.count  // fits(low) is assumed; fits(high) is known to fail
        while high - low > 1 {
            let middle = (low + high) / 2
            if measure.width(String(word.prefix(middle)), style) <= width { low = middle } else { high = middle }
        }
        return low
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
