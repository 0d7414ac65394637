/// The ring under a finger pressed and held on a print, filling as the hold nears its menu:
/// shown once it is clearly a hold (a fifth of the way), full when the menu opens.
enum HoldRing {
    /// The ring's radius in points (scaled by the controls' `WidgetMetrics.scale`).
    static let radius = 30.0

    /// The ring at `location` (board points) for a hold `fraction` (0–1) of the way to its menu,
    /// or `nil` while it is not yet clearly a hold.
    static func item(at location: Point, fraction: Double, metrics: WidgetMetrics, style: WidgetStyle) -> WidgetItem? {
        guard fraction > 0.2 else { return nil }
        let radius = Self.radius * metrics.scale, width = 5 * metrics.scale
        let frame = Rect(
            x: location.x - radius - width, y: location.y - radius - width, width: 2 * (radius + width), height: 2 * (radius + width))
        let filled = (fraction - 0.2) / 0.8
        return WidgetItem(
            frame: frame, steps: [.ring(center: location, radius: radius, lineWidth: width, fraction: filled, color: style.ring)])
    }
}
