internal import CX11
import XBoard

/// The pixels of a print's edits (issue 40) that cairo has no operator for: black and white.
/// Flips are a pattern matrix (`CairoDrawing.drawBody`), see-through an alpha when compositing.
extension CairoDrawing {
    /// Turns the pixels of an image surface (ARGB32 or RGB24) into their luminance, in place:
    /// Rec. 709 weights on the display's values (0.2126 R + 0.7152 G + 0.0722 B), alpha kept. The
    /// weights are linear, so a premultiplied pixel's luminance is its alpha times the straight
    /// colour's: the same sum on the stored values.
    static func makeBlackAndWhite(_ image: OpaquePointer) {
        cairo_surface_flush(image)
        guard let data = cairo_image_surface_get_data(image) else { return }
        let width = Int(cairo_image_surface_get_width(image)), height = Int(cairo_image_surface_get_height(image))
        let stride = Int(cairo_image_surface_get_stride(image))
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = row[x]
                let red = (pixel >> 16) & 0xFF, green = (pixel >> 8) & 0xFF, blue = pixel & 0xFF
                // In 1/65536ths: 13933 + 46871 + 4732 = 65536, so white stays 255.
                let luminance = (13933 * red + 46871 * green + 4732 * blue + 32768) >> 16
                row[x] = (pixel & 0xFF00_0000) | (luminance << 16) | (luminance << 8) | luminance
            }
        }
        cairo_surface_mark_dirty(image)
    }

    /// A black-and-white copy of `source` (any surface, `size` pixels: read back from the X
    /// server when it is the server's) as a new image surface; `nil` when none can be made.
    static func blackAndWhiteImage(of source: OpaquePointer, size: Size, hasAlpha: Bool) -> OpaquePointer? {
        let width = Int32(size.width), height = Int32(size.height)
        guard width > 0, height > 0,
            let image = cairo_image_surface_create(hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, width, height)
        else { return nil }
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(image)
            return nil
        }
        let context = cairo_create(image)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context, source, 0, 0)
        cairo_paint(context)
        cairo_destroy(context)
        makeBlackAndWhite(image)
        return image
    }

    /// Whether a surface has an alpha channel.
    static func hasAlpha(_ surface: OpaquePointer) -> Bool { cairo_surface_get_content(surface) != CAIRO_CONTENT_COLOR }

    /// The picture's pattern matrix for a print's flips: the print's space → the picture's
    /// (each flip its own inverse), to be applied before the picture's own scale.
    static func flip(_ matrix: inout cairo_matrix_t, for edits: PrintEdits) {
        guard edits.flips else { return }
        cairo_matrix_scale(&matrix, edits.flipsHorizontally ? -1 : 1, edits.flipsVertically ? -1 : 1)
    }
}
