/// The damage an overlay item does: where `OverlayGeometry` puts it, as a board rectangle in
/// whole pixels (`DisplayList+Damage` and `PaintPlan` use it).
extension OverlayGeometry {
    /// The board rectangle an overlay item may touch, in whole pixels; the whole frame for the
    /// table and prints, which are not overlays.
    public static func extent(of item: DisplayItem, in size: Size, scale: Double) -> Rect {
        switch item {
        case .progress: progressPanel(in: size, scale: scale).integral
        case .fingerMarker(let point): markerBounds(at: point, scale: scale).integral
        case .panel(let panel): panel.frame.insetBy(-1).integral
        case .removedPhotos(let shelf): shelf.band.integral
        case .widget(let widget): widget.frame.insetBy(-1).integral
        case .fill, .print, .tableSnapshot: Rect(origin: .zero, size: size)
        }
    }
}
