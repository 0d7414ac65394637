/// Where the overlays are drawn, in board points: the one geometry the painter draws with and
/// damage is computed from. Sizes are given at ui scale 1 and grow with `uiScale` (`Xft.dpi`);
/// text panels are laid out from these by `OverlayLayout` and carry their frames.
public enum OverlayGeometry {
    /// Height of the loading panel along the bottom edge.
    public static let progressPanelHeight = 34.0
    /// Height of the progress bar at the very bottom of the panel.
    public static let progressBarHeight = 4.0
    /// Where the loading text's baseline sits, above the bottom edge.
    public static let progressTextBaseline = 13.0
    /// The loading text's left (and least right) margin.
    public static let progressTextInset = 14.0
    /// Radius of the pinned-finger marker's ring, and its line width.
    public static let markerRadius = 22.0
    public static let markerLineWidth = 3.0

    /// Room kept free between any panel and the window's edge.
    public static let windowMargin = 8.0
    /// Distance of the hint's box from the top edge.
    public static let hintTop = 10.0
    /// Space between a panel's edge and its text, across and down.
    public static let panelPadding = (horizontal: 14.0, vertical: 9.0)
    /// Width of a notice's tone bar along its left edge.
    public static let accentWidth = 4.0
    /// Space between stacked notices.
    public static let noticeSpacing = 8.0
    /// The widest a notice grows, however wide the window.
    public static let noticeMaximumWidth = 560.0
    /// The most lines a notice or the hint takes; longer text ends in an ellipsis.
    public static let noticeMaximumLines = 4
    public static let hintMaximumLines = 3
    /// Gap between the help panel's two columns.
    public static let helpColumnGap = 22.0
    /// How far a stacked help row's second part is indented under its first.
    public static let helpStackedIndent = 16.0
    /// Font sizes.
    public static let hintFontSize = 14.0
    public static let noticeFontSize = 14.0
    public static let progressFontSize = 14.0
    public static let helpFontSize = 15.0
    /// The help panel shrinks its text to fit a small window, down to this size in device
    /// pixels (whatever the scale), and then leaves rows out.
    public static let helpMinimumFontSize = 9.0

    /// The loading panel: the whole width, `progressPanelHeight` tall at the bottom.
    public static func progressPanel(in size: Size, scale: Double) -> Rect {
        Rect(x: 0, y: size.height - progressPanelHeight * scale, width: size.width, height: progressPanelHeight * scale)
    }

    /// The marker's bounds around `center`, its stroke included.
    public static func markerBounds(at center: Point, scale: Double) -> Rect {
        let radius = (markerRadius + markerLineWidth / 2) * scale
        return Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }
}
