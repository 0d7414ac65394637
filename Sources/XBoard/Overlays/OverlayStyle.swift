/// The colours of the overlays: the hint, notices, the help panel.
public struct OverlayStyle: Hashable, Sendable {
    /// The hint's and notices' box: dark and translucent, so the board shows through a little.
    public var panelBackground = Color(red: 0.06, green: 0.07, blue: 0.09, alpha: 0.78)
    public var helpBackground = Color(red: 0.08, green: 0.1, blue: 0.13)
    public var text = Color(red: 1, green: 1, blue: 1, alpha: 0.95)
    /// The bar marking a notice that informs, and one that reports a problem.
    public var informationAccent = Color(red: 0.55, green: 0.75, blue: 1)
    public var problemAccent = Color(red: 0.98, green: 0.62, blue: 0.25)

    public init() {}
}
