/// A caption on a print (`c`, as the Qt photosurface demo shows file names): a translucent band
/// along the picture's lower edge with one line of text in it, sized to the picture, in the
/// photo's own space so it scales and turns with the print. Text too long for the band is set
/// smaller (down to `smallestShare` of the size) and then cut with "…"; a print too small on
/// screen for readable text shows none.
public struct CaptionLayout: Hashable, Sendable {
    /// The band, in the photo's own space (the picture is centred on the origin).
    public var band: Rect
    /// The text as shown (cut to fit) and where its baseline starts.
    public var text: String
    public var origin: Point
    public var style: TextStyle

    /// The font size as a share of the picture's short edge.
    public static let sizeShare = 0.075
    /// Below this many board points on screen, text is unreadable: no caption is drawn.
    public static let minimumShownSize = 7.0
    /// Text too long for the band may be set this much smaller before it is cut.
    public static let smallestShare = 0.7

    /// The caption for `caption` on a picture of `pictureSize` shown at `scale`; `nil` when
    /// there is no text or the print is too small on screen to read it.
    public init?(_ caption: String, pictureSize: Size, scale: Double, measure: TextMeasure) {
        let fullSize = pictureSize.shortEdge * Self.sizeShare
        guard !caption.isEmpty, Self.isReadable(pictureSize: pictureSize, scale: scale) else { return nil }
        let padding = fullSize * 0.5
        let room = pictureSize.width - 2 * padding
        // Smaller type where the text is a little too long (a portrait print's name and date).
        let fullWidth = measure.width(caption, TextStyle(size: fullSize))
        let fitted = fullWidth > room ? fullSize * max(Self.smallestShare, room / fullWidth) : fullSize
        let size = fitted * scale >= Self.minimumShownSize ? fitted : fullSize
        style = TextStyle(size: size)
        var shown = caption
        if measure.width(shown, style) > room {
            // The longest prefix that fits with an ellipsis (names differ most at their start).
            var characters = Array(caption)
            while !characters.isEmpty, measure.width(String(characters) + "…", style) > room { characters.removeLast() }
            guard !characters.isEmpty else { return nil }
            shown = String(characters) + "…"
        }
        text = shown
        let height = fullSize * 1.7
        band = Rect(x: -pictureSize.width / 2, y: pictureSize.height / 2 - height, width: pictureSize.width, height: height)
        origin = Point(x: band.minX + padding, y: band.maxY - (height - size * 0.7) / 2)
    }

    /// Whether a print of a picture of `pictureSize` shown at `scale` is large enough on screen
    /// for a caption (its full-size type at least `minimumShownSize`).
    public static func isReadable(pictureSize: Size, scale: Double) -> Bool {
        pictureSize.shortEdge * sizeShare * scale >= minimumShownSize
    }

    /// Whether any of `photos` is large enough on screen for a caption: when none is, `c` shows
    /// nothing, and the board says why (`BoardNotices.captionsTooSmall`). `zoom` is the view's:
    /// window pixels per board point.
    public static func anyReadable(_ photos: [Photo], zoom: Double = 1) -> Bool {
        photos.contains { isReadable(pictureSize: $0.size, scale: $0.photoToBoard.scale * zoom) }
    }

    /// The caption's text for a file: its name, and the date taken when known.
    ///
    /// - Parameter dateTaken: seconds since 1970 on the local clock (`ExifDateTaken`), or `nil`.
    public static func text(fileName: String, dateTaken: Double?) -> String {
        guard let dateTaken, dateTaken.isFinite else { return fileName }
        return fileName + "  " + dateText(dateTaken)
    }

    /// "YYYY-MM-DD" for seconds since 1970 (Howard Hinnant's civil_from_days).
    public static func dateText(_ seconds: Double) -> String {
        let days = Int((seconds / 86_400).rounded(.down)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
