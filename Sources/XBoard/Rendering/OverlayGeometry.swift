/// Where the overlays are drawn, in board points: the one geometry the painter draws with and
/// damage is computed from. Sizes are given at ui scale 1 and grow with `uiScale` (`Xft.dpi`).
public enum OverlayGeometry {
    /// Height of the loading panel along the bottom edge.
    public static let progressPanelHeight = 34.0
    /// Height of the progress bar at the very bottom of the panel.
    public static let progressBarHeight = 4.0
    /// Where the loading text's baseline sits, above the bottom edge.
    public static let progressTextBaseline = 13.0
    /// Distance of the hint's box from the top edge, and its height.
    public static let hintTop = 10.0
    public static let hintHeight = 30.0
    /// Radius of the pinned-finger marker's ring, and its line width.
    public static let markerRadius = 22.0
    public static let markerLineWidth = 3.0

    /// The loading panel: the whole width, `progressPanelHeight` tall at the bottom.
    public static func progressPanel(in size: Size, scale: Double) -> Rect {
        Rect(x: 0, y: size.height - progressPanelHeight * scale, width: size.width, height: progressPanelHeight * scale)
    }

    /// The band the hint's box lies in: the whole width (the box is centred and fits its text).
    public static func hintBand(in size: Size, scale: Double) -> Rect {
        Rect(x: 0, y: hintTop * scale, width: size.width, height: hintHeight * scale)
    }

    /// The marker's bounds around `center`, its stroke included.
    public static func markerBounds(at center: Point, scale: Double) -> Rect {
        let radius = (markerRadius + markerLineWidth / 2) * scale
        return Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// The board rectangle an overlay item may touch, in whole pixels; the whole frame for the
    /// help panel (and for the table and prints, which are not overlays).
    public static func extent(of item: DisplayItem, in size: Size, scale: Double) -> Rect {
        switch item {
        case .progress: progressPanel(in: size, scale: scale).integral
        case .hint: hintBand(in: size, scale: scale).integral
        case .fingerMarker(let point): markerBounds(at: point, scale: scale).integral
        case .removedPhotos(let shelf): shelf.band.integral
        case .fill, .print, .help: Rect(origin: .zero, size: size)
        }
    }
}
