/// The help sheet as a layer: whether it shows (?, F1, the Help control) and its touches — a
/// tap anywhere on the sheet puts it away, since it covers most of the board (`HelpLayerTests`).
struct HelpLayer: Sendable {
    var isShown = false

    /// A touch on the sheet: lifted, it closes the sheet.
    mutating func touch(_ event: TouchEvent) {
        if event.phase == .ended { isShown = false }
    }
}
