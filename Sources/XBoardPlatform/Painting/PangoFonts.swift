internal import CX11
import XBoard

/// Pango's font side: a font map of our own (fontconfig's fonts through cairo), one context
/// with the board's font options, and a font description for each `TextStyle` used.
///
/// The families are fontconfig's generic ones, as cairo's toy text used: "sans-serif" (DejaVu
/// Sans on Debian) and "monospace", at an absolute size in user-space units (the style's board
/// points), so sizes are what they were. Characters those fonts lack come from any other
/// installed font that has them (Pango's fallback).
final class PangoFonts {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    /// A layout kept for measuring, its text and font set anew for each measurement.
    let measuringLayout: OpaquePointer
    private var descriptions: [TextStyle: OpaquePointer] = [:]

    init() {
        guard let fontMap = pango_cairo_font_map_new(), let context = pango_font_map_create_context(fontMap) else {
            fatalError("Pango could not make a font map")  // only when memory is exhausted
        }
        self.fontMap = fontMap
        self.context = context
        // Unhinted metrics and unrounded positions: widths scale with the text's size and
        // transform, so text measured at one scale fits when drawn at another.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        guard let layout = pango_layout_new(context) else { fatalError("Pango could not make a layout") }
        pango_layout_set_single_paragraph_mode(layout, 1)
        measuringLayout = layout
    }

    deinit {
        for description in descriptions.values { pango_font_description_free(description) }
        cx11_g_object_unref(UnsafeMutableRawPointer(measuringLayout))
        cx11_g_object_unref(UnsafeMutableRawPointer(context))
        cx11_g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// The font description for `style`, made once.
    func description(for style: TextStyle) -> OpaquePointer {
        if let description = descriptions[style] { return description }
        guard let description = pango_font_description_new() else { fatalError("Pango could not make a font description") }
        pango_font_description_set_family(description, style.family == .monospace ? "monospace" : "sans-serif")
        pango_font_description_set_weight(description, style.isBold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(description, max(1, style.size) * Double(PANGO_SCALE))
        descriptions[style] = description
        return description
    }
}
