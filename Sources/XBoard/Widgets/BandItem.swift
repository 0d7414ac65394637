/// The band a finger draws on the table to select prints: a tinted rectangle with an outline,
/// in window pixels, in the selection's colour.
enum BandItem {
    static func item(for rect: Rect, style: WidgetStyle) -> WidgetItem {
        var tint = style.selection
        tint.alpha = 0.18
        let frame = rect.insetBy(-1)
        return WidgetItem(
            frame: frame, steps: [.box(rect, radius: 0, color: tint), .outline(rect, radius: 0, lineWidth: 2, color: style.selection)])
    }
}
