internal import CX11
import SystemPackage
import XBoard

/// A print's picture as other programs take it from the clipboard: the original file decoded in
/// full by a confined helper (never in the board's process), upright (its orientation applied, as
/// the board shows it), in the colours the board shows, written as a PNG by cairo.
public enum PictureCopy {
    /// The PNG bytes of the picture at `path`, as a print with `edits` shows it (flipped, black
    /// and white, see-through: issue 40). Blocks for the decode (up to `DecodeSettings.deadline`)
    /// and the encode: run it on a worker thread.
    public static func png(of path: FilePath, edits: PrintEdits = .none, decoder: ConfinedDecoder) -> Result<[UInt8], PlatformError> {
        let opened: OpenedPicture
        do {
            opened = try OpenedPicture(path: path, maximumLongEdge: Int(Int32.max), maximumFileSize: decoder.decodeSettings.maximumFileSize)
        } catch {
            return .failure(error)
        }
        return decoder.decode(opened, maximumLongEdge: Int(Int32.max)).flatMap { decoded in
            guard edits != .none else { return png(of: decoded.image.surface, path: path) }
            guard let shown = shown(decoded.image, edits: edits) else {
                return .failure(.image(path: path, reason: "could not be made as its print shows it: out of memory"))
            }
            defer { cairo_surface_destroy(shown) }
            return png(of: shown, path: path)
        }
    }

    /// `image` as a print with `edits` shows it, a new image surface: the part its crop keeps,
    /// mirrored, in black and white, its alpha times the print's opacity.
    static func shown(_ image: DecodedImage, edits: PrintEdits) -> OpaquePointer? {
        let crop = edits.crop
        let width = max(1, (image.pixelSize.width * crop.size.width).rounded())
        let height = max(1, (image.pixelSize.height * crop.size.height).rounded())
        let format = image.hasAlpha || !edits.isOpaque ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        guard let surface = cairo_image_surface_create(format, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        let context = cairo_create(surface)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context, image.surface, 0, 0)
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, image.pixelSize.width * crop.center.x, image.pixelSize.height * crop.center.y)
        CairoDrawing.flip(&matrix, for: edits)
        cairo_matrix_translate(&matrix, -width / 2, -height / 2)
        cairo_pattern_set_matrix(cairo_get_source(context), &matrix)
        if edits.isOpaque { cairo_paint(context) } else { cairo_paint_with_alpha(context, edits.opacity) }
        cairo_destroy(context)
        if edits.isBlackAndWhite { CairoDrawing.makeBlackAndWhite(surface) }
        return surface
    }

    /// An image surface as PNG bytes (cairo takes its premultiplied pixels back to straight alpha).
    static func png(of surface: OpaquePointer, path: FilePath) -> Result<[UInt8], PlatformError> {
        final class Sink {
            var bytes: [UInt8] = []
        }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes += UnsafeBufferPointer(start: data, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        return withExtendedLifetime(sink) {
            guard status == CAIRO_STATUS_SUCCESS else {
                return .failure(.image(path: path, reason: "could not be made a PNG: \(String(cString: cairo_status_to_string(status)))"))
            }
            return .success(sink.bytes)
        }
    }
}
