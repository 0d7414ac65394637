/// A box of laid-out text drawn over the board: the pinned-finger hint, the help panel, a
/// notice. `OverlayLayout` makes it fit the window; the painter only draws it, and damage is
/// its frame (`OverlayGeometry.extent(of:in:scale:)`).
public struct TextPanel: Hashable, Sendable {
    /// What the panel shows, so the session can tell which one a tap landed on.
    public enum Kind: Hashable, Sendable {
        case hint
        case help
        case notice(NoticeID)
    }

    public var kind: Kind
    /// The box, in board points.
    public var frame: Rect
    public var lines: [TextLine]
    public var background: Color
    public var foreground: Color
    /// A bar along the box's left edge (a notice's tone), if any, and its width in board points.
    public var accent: Color?
    public var accentWidth: Double
    /// 0…1: notices fade out.
    public var opacity: Double

    public init(
        kind: Kind, frame: Rect, lines: [TextLine], background: Color, foreground: Color, accent: Color? = nil, accentWidth: Double = 0,
        opacity: Double = 1
    ) {
        self.kind = kind
        self.frame = frame
        self.lines = lines
        self.background = background
        self.foreground = foreground
        self.accent = accent
        self.accentWidth = accent == nil ? 0 : accentWidth
        self.opacity = opacity
    }
}

/// One line of overlay text, placed.
public struct TextLine: Hashable, Sendable {
    public var text: String
    /// Where the line's baseline starts, in board points.
    public var origin: Point
    public var style: TextStyle

    public init(_ text: String, at origin: Point, style: TextStyle) {
        self.text = text
        self.origin = origin
        self.style = style
    }
}
