internal import CX11
import XBoard

/// Overlay text with cairo: selects a `TextStyle`'s font, measures lines for the core's
/// `TextLayout` (so layout and drawing agree to the pixel), and shows placed lines.
public enum CairoText {
    /// Measures with cairo's own fonts, the ones drawing uses: the measure the board's
    /// `SceneBuilder` is given on screen.
    public static let measure = TextMeasure { text, style in
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return TextMeasure.estimated.width(text, style) }
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        select(style, in: context)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    /// Sets `style`'s face, weight and size on `context`.
    static func select(_ style: TextStyle, in context: OpaquePointer?) {
        let family = style.family == .monospace ? "monospace" : "sans-serif"
        cairo_select_font_face(
            context, family, CAIRO_FONT_SLANT_NORMAL, style.isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, max(1, style.size))
    }

    /// Shows one placed line in the current source colour.
    static func show(_ line: TextLine, in context: OpaquePointer?) {
        select(line.style, in: context)
        cairo_move_to(context, line.origin.x, line.origin.y)
        cairo_show_text(context, line.text)
    }
}
