/// Tunables for recognition, in board points and `Duration`s.
public struct GestureSettings: Hashable, Sendable {
    /// How far a finger must travel, in board points, before a pan, pinch or rotation begins.
    public var slop: Double = 8
    /// A tap fails when a finger travels more than this many board points.
    public var tapSlop: Double = 10
    /// The longest gap between one tap's lift and the next tap's touch.
    public var tapInterval: Duration = .milliseconds(400)
    /// The farthest, in board points, a later tap of a multi-tap may land from the first.
    public var tapDistance: Double = 40
    /// A finger held down longer than this is a press, not a tap.
    public var tapMaximumDuration: Duration = .milliseconds(800)
    /// A finger held still this long on a photo opens its menu (a long press).
    public var holdDuration: Duration = .milliseconds(500)
    /// Release velocity is fitted over the samples of this last stretch before lifting.
    public var velocityWindow: Duration = .milliseconds(100)
    /// A finger that rested this long before lifting throws nothing (no accidental throws).
    public var restBeforeLift: Duration = .milliseconds(40)
    /// A print whose shorter side shows smaller than this, in window pixels, is too small for a
    /// fingertip, and a finger, the wheel or a touchpad pinch on it acts on the table instead
    /// (`BoardController.photo(for:)`): 7 mm at the widgets' measure (about 37 px at 96 dpi),
    /// growing with `Xft.dpi` as they do.
    public var fingertip: Double = 7 * WidgetMetrics.pixelsPerMillimetre

    public init() {}
}
