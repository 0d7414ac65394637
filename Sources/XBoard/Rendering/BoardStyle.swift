/// How the board looks: the table's colour and how prints cast their shadow.
public struct BoardStyle: Hashable, Sendable {
    /// A calm slate-blue table, dark enough for white borders to read.
    public var background = Color(54, 63, 74)
    public var printBorder = Color(250, 249, 245)
    /// Shadow offset in board points (light from the upper left).
    public var shadowOffset = Point(x: 3, y: 5)
    /// How far the shadow's soft edge spreads, in board points.
    public var shadowSoftness: Double = 10
    /// Darkness of the shadow right under the print.
    public var shadowOpacity: Double = 0.45
    /// Device pixels per board point for things drawn at a fixed size (shadows, markers,
    /// text): `Xft.dpi` / 96.
    public var uiScale: Double = 1
    /// The colours of the hint, notices and help panel.
    public var overlays = OverlayStyle()

    public init() {}

    /// The style for a screen at `uiScale` (from `Xft.dpi`): shadows, markers and text grow with it.
    public init(uiScale: Double) {
        self.uiScale = min(max(uiScale.isFinite ? uiScale : 1, 0.5), 4)
        shadowOffset = shadowOffset * self.uiScale
        shadowSoftness *= self.uiScale
    }
}
