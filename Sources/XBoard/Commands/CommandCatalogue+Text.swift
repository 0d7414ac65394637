/// The catalogue as plain text, for `--help` and the man page (which is made from `--help`):
/// two columns, the second wrapped to fit 74 columns.
extension CommandCatalogue {
    /// The width of the first column, in characters.
    static let inputColumn = 25
    /// The longest line, in characters: `--help` at 80 columns and the man page's indented 80.
    static let lineWidth = 74

    /// The gestures, the mouse's ways and the keys, each under its heading, in ASCII (the man
    /// page's generator drops other characters): `·` becomes a comma, `−` a hyphen.
    public var helpText: String {
        let text = [
            "Gestures on a touchscreen (and the mouse's left button):\n" + table(gestures),
            "With a mouse or touchpad:\n" + table(mouse),
            "Keys:\n" + table(rows.map { ($0.keys, $0.effect) }),
        ].joined(separator: "\n\n")
        return text.replacing(" · ", with: ", ").replacing("−", with: "-")
    }

    /// Indented rows of two columns; a long input gets a line of its own, a long effect wraps.
    func table(_ rows: [(input: String, effect: String)]) -> String {
        let indent = "  ", effectIndent = String(repeating: " ", count: indent.count + Self.inputColumn)
        var lines: [String] = []
        for row in rows {
            let wrapped = Self.wrap(row.effect, width: Self.lineWidth - effectIndent.count)
            let input = indent + row.input
            if input.count + 2 > effectIndent.count {  // at least two spaces between the columns
                lines.append(input)
                lines += wrapped.map { effectIndent + $0 }
            } else {
                let padding = String(repeating: " ", count: effectIndent.count - input.count)
                lines.append(input + padding + (wrapped.first ?? ""))
                lines += wrapped.dropFirst().map { effectIndent + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
