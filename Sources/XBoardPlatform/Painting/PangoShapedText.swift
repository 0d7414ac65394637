internal import CX11

/// One line of text shaped by Pango in one font description: a `PangoLayout` in single-paragraph
/// mode (a line break in a file name shows as a symbol, never as a second line), released with
/// its owner.
final class PangoShapedText {
    let layout: OpaquePointer?

    init(_ text: String, description: OpaquePointer, fonts: PangoFonts) {
        layout = pango_layout_new(fonts.context)
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, text, -1)
    }

    deinit {
        cx11_g_object_unref(layout.map { UnsafeMutableRawPointer($0) })
    }
}
