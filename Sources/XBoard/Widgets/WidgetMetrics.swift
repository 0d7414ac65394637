/// Sizes of the on-board widgets, made for fingers: targets are 9 mm (48 px at 96 dpi) and
/// grow with `Xft.dpi` (`uiScale`), as Material's 48 dp targets do; a little room is kept off
/// the screen's very edge, where desktops put their own swipes.
public struct WidgetMetrics: Hashable, Sendable {
    /// Device pixels per board point for widgets (`Xft.dpi` / 96).
    public var scale: Double

    /// Pixels per millimetre at ui scale 1, the widgets' measure: a 9 mm target is 48 px at
    /// 96 dpi, as Material's 48 dp are. Other finger sizes are converted with it.
    public static let pixelsPerMillimetre = 48.0 / 9

    public init(scale: Double) {
        self.scale = min(max(scale.isFinite ? scale : 1, 0.5), 4)
    }

    /// The smallest side of anything a finger taps: 48 px at 96 dpi.
    public var target: Double { 48 * scale }
    /// Room between the widgets and the window's edge.
    public var edgeMargin: Double { 14 * scale }
    /// Room between neighbouring targets.
    public var gap: Double { 6 * scale }
    /// Where the control bar along the top edge ends, from the top: the edge margin, a target and
    /// the bar's gaps above and below it.
    public var controlBarBottom: Double { edgeMargin + target + 2 * gap }
    /// Room inside a target, around its icon and word.
    public var padding: Double { 12 * scale }
    public var iconSize: Double { 22 * scale }
    public var cornerRadius: Double { 10 * scale }
    public var font: TextStyle { TextStyle(size: 15 * scale) }
    public var boldFont: TextStyle { TextStyle(size: 15 * scale, isBold: true) }
    /// A picker tile's side.
    public var tile: Double { 128 * scale }
    /// How far a finger travels before a press becomes a drag or a scroll.
    public var slop: Double { 10 * scale }
}

/// The colours of the widgets.
public struct WidgetStyle: Hashable, Sendable {
    public var bar = Color(red: 0.06, green: 0.07, blue: 0.09, alpha: 0.82)
    public var button = Color(red: 1, green: 1, blue: 1, alpha: 0.08)
    public var pressed = Color(red: 0.55, green: 0.75, blue: 1, alpha: 0.45)
    public var text = Color(red: 1, green: 1, blue: 1, alpha: 0.95)
    public var disabledText = Color(red: 1, green: 1, blue: 1, alpha: 0.35)
    public var menu = Color(red: 0.1, green: 0.12, blue: 0.15, alpha: 0.97)
    public var sheet = Color(red: 0.09, green: 0.1, blue: 0.13, alpha: 0.97)
    public var accent = Color(red: 0.55, green: 0.75, blue: 1)
    public var tile = Color(red: 1, green: 1, blue: 1, alpha: 0.07)
    public var selection = Color(red: 0.35, green: 0.6, blue: 1)
    public var ring = Color(red: 0.55, green: 0.75, blue: 1, alpha: 0.95)

    public init() {}
}
