/// The catalogue as plain text, for `--help` and the man page (which is made from `--help`):
/// two columns, the second wrapped to fit 74 columns.
extension CommandCatalogue {
    /// The width of the first column, in characters.
    static let inputColumn = 25
    /// The longest line, in characters: `--help` at 80 columns and the man page's indented 80.
    static let lineWidth = 74

    /// What `--help` (and the man page made from it) says under the usage: what opens, then the
    /// gestures and keys (`helpText`), then what is kept. Paragraphs are single lines, which the
    /// argument parser wraps to the terminal; the tables' lines are set within 74 columns, so
    /// they fit both `--help` at 80 and the man page's indented 80.
    public var commandLineDiscussion: String {
        [
            "Opens picture files and folders (a folder opens its pictures sorted by name; -r also its sub-folders). JPEG, PNG, "
                + "GIF, BMP, TIFF, ICO, and WebP, HEIF and AVIF where their gdk-pixbuf loaders are installed; the orientation each "
                + "file states (EXIF, HEIF's irot/imir) is honoured, and so is the colour profile it states (ICC, cICP, nclx, "
                + "EXIF's Adobe RGB): colours are converted to the display's profile (_ICC_PROFILE on the root window) or sRGB, "
                + "and names need not be UTF-8. With no paths, the bundled "
                + "sample photos open. Files that cannot be opened are reported one line each on standard error and counted in a "
                + "notice on the board; the rest open. Pictures over 200 megapixels are refused.",
            "Without --geometry the window takes a share of the screen under the pointer, from its size and Xft.dpi.",
            helpText,
            "The arrangement is kept for each board (the paths named, or a document) under $XDG_STATE_HOME/photoboard-x11, "
                + "photo by photo: renamed, added and removed files, quitting at any moment, signals and a lost X server lose "
                + "nothing.",
        ].joined(separator: "\n\n")
    }

    /// The gestures, the mouse's ways and the keys, each under its heading, in ASCII (the man
    /// page's generator drops other characters): `·` becomes a comma, `−` a hyphen.
    public var helpText: String {
        func ascii(_ rows: [(input: String, effect: String)]) -> [(input: String, effect: String)] {
            rows.map { row in
                (row.input.replacing(" · ", with: ", ").replacing("−", with: "-"), row.effect.replacing(" · ", with: ", "))
            }
        }
        return [
            "Gestures on a touchscreen (and the mouse's left button):\n" + table(ascii(gestures)),
            "With a mouse or touchpad:\n" + table(ascii(mouse)),
            "Keys:\n" + table(ascii(rows.map { ($0.keys, $0.effect) })),
        ].joined(separator: "\n\n")
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
