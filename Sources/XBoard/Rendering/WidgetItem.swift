/// A widget on the board as the painter draws it: a frame (what repainting it dirties), an
/// opacity (widgets fade), and drawing steps in board points. The controls, menus and the photo
/// picker lay themselves out into these in the core, so tests assert on them without pixels and
/// the painter knows no widget.
public struct WidgetItem: Hashable, Sendable {
    public var frame: Rect
    public var opacity: Double
    public var steps: [WidgetStep]

    public init(frame: Rect, opacity: Double = 1, steps: [WidgetStep]) {
        self.frame = frame
        self.opacity = opacity
        self.steps = steps
    }
}

/// One drawing step of a widget.
public enum WidgetStep: Hashable, Sendable {
    /// A filled rectangle with rounded corners.
    case box(Rect, radius: Double, color: Color)
    /// A rounded rectangle's outline.
    case outline(Rect, radius: Double, lineWidth: Double, color: Color)
    /// An icon, drawn to fill `frame` (a square).
    case icon(ControlIcon, frame: Rect, color: Color)
    /// A line of text.
    case text(TextLine, color: Color)
    /// A picture from the picker's thumbnails, fitted into `frame` (cropped to fill it).
    case thumbnail(ThumbnailID, frame: Rect)
    /// A print's picture, fitted into `frame` (cropped to fill it): a photo dragged out of the picker.
    case picture(PhotoID, frame: Rect)
    /// An arc of a ring from the top, clockwise: `fraction` of the full circle.
    case ring(center: Point, radius: Double, lineWidth: Double, fraction: Double, color: Color)
    /// Filled outlines, each closed, filled even–odd: a ring inside another leaves a hole (the
    /// picture dimmed around a crop's frame).
    case polygons([[Point]], color: Color)
    /// Straight lines through the points, closed when there are more than two.
    case polyline([Point], lineWidth: Double, color: Color)
    /// Later steps are clipped to `frame` until `endClip`.
    case clip(Rect)
    case endClip
}

/// A thumbnail the photo picker shows: its number among the picker's pictures.
public struct ThumbnailID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (lhs: ThumbnailID, rhs: ThumbnailID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "thumbnail \(rawValue)" }

    /// The key the painter holds the thumbnail's picture under, among the photos' pictures:
    /// a negative photo id, which no photo has.
    public var pictureKey: PhotoID { PhotoID(-1 - rawValue) }
}
