internal import CX11
import XBoard

/// Pango's fonts and the text already shaped: font descriptions by style, widths and layouts by
/// text and style, kept while they are used (`RecentCache`), so a board of captioned prints
/// shapes each caption once, not on every frame.
///
/// Layouts are set at the text's own size in user space and drawn under whatever transform the
/// context has (a caption turns and scales with its print): metrics are not hinted and glyph
/// positions not rounded, so a width scales with the transform, as cairo's own text did.
struct PangoTextCache {
    /// Text and the style it is set in.
    struct Key: Hashable {
        var text: String
        var style: TextStyle
    }

    private let fonts = PangoFonts()
    private var widths = RecentCache<Key, Double>(capacity: 8192)
    private var layouts = RecentCache<Key, PangoShapedText>(capacity: 1024)

    /// `text`'s advance in `style`, measured once while it is in use.
    mutating func width(of text: String, in style: TextStyle) -> Double {
        widths.value(for: Key(text: text, style: style)) {
            let layout = fonts.measuringLayout
            pango_layout_set_font_description(layout, fonts.description(for: style))
            pango_layout_set_text(layout, text, -1)
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            return Double(logical.width) / Double(PANGO_SCALE)
        }
    }

    /// `text` shaped in `style`, ready to show.
    mutating func layout(for text: String, in style: TextStyle) -> OpaquePointer? {
        let fonts = fonts
        return layouts.value(for: Key(text: text, style: style)) {
            PangoShapedText(text, description: fonts.description(for: style), fonts: fonts)
        }
        .layout
    }
}
