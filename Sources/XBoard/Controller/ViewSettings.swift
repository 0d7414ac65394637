/// Tunables of the view onto the board (`BoardView`): how far it zooms and pans, and how it
/// moves on its own.
public struct ViewSettings: Hashable, Sendable {
    /// The zoom range, in window pixels per board point.
    public var zoomRange: ClosedRange<Double> = 0.02...16
    /// How far the view may pan, as a fraction of the window: its centre stays within the
    /// prints' extent grown by this much of the window on every side. Under a half, so however
    /// hard the table is flicked a strip of the prints' extent a twentieth of the window wide
    /// stays in view (with a half, the window's edge could reach the prints' far edge and a flick
    /// left every print just outside it); not much under, so the table still pans well past its
    /// prints' edges on a board of a few.
    public var panAllowance: Double = 0.45
    /// The window pixels Home and Fit keep clear around the prints.
    public var fitMargin: Double = 24
    /// The most Home and Fit zoom in: a board of a few prints is not blown up past their size.
    public var largestFitZoom: Double = 1
    /// The factor of one Ctrl+plus (Ctrl+minus divides by it).
    public var keyZoomStep: Double = 1.25
    /// How long Home, Fit and the keys take to ease the view there.
    public var settleDuration: Duration = .milliseconds(350)

    public init() {}

    /// `view` on a window of `windowSize` within the limits: the zoom in range, and the centre
    /// within `extent` (the prints' bounds, board points) grown by `panAllowance` of the window.
    public func limited(_ view: BoardView, windowSize: Size, extent: Rect?) -> BoardView {
        let zoom = min(max(view.zoom, zoomRange.lowerBound), zoomRange.upperBound)
        var limited = BoardView(zoom: zoom, origin: view.origin)
        if zoom != view.zoom {
            // Zoom about the window's middle, so a limit never drags the view sideways.
            let middle = Point(x: windowSize.width / 2, y: windowSize.height / 2)
            limited = view.zoomed(by: zoom / view.zoom, about: middle)
        }
        guard let extent, windowSize.width > 0, windowSize.height > 0 else { return limited }
        let visible = limited.visibleBounds(in: windowSize)
        let allowed = Rect(
            x: extent.minX - visible.size.width * panAllowance, y: extent.minY - visible.size.height * panAllowance,
            width: extent.size.width + visible.size.width * 2 * panAllowance,
            height: extent.size.height + visible.size.height * 2 * panAllowance)
        let center = allowed.clamp(visible.center)
        limited.origin = limited.origin + (center - visible.center)
        return limited
    }
}
