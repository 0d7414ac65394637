internal import CX11
import XBoard

/// A decoded picture as a cairo image surface (premultiplied ARGB, or RGB24 when opaque),
/// plus the picture's native size.
///
/// Owns the surface: checked in `init`, released in `deinit`.
public final class DecodedImage {
    let surface: OpaquePointer
    /// Decoded size in pixels (what the surface holds).
    public let pixelSize: Size
    /// The picture's full size in pixels, upright (EXIF orientation applied).
    public let nativeSize: Size
    public let hasAlpha: Bool

    init(surface: OpaquePointer, nativeSize: Size, hasAlpha: Bool) throws {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw PlatformError.cairo(String(cString: cairo_status_to_string(status)))
        }
        self.surface = surface
        pixelSize = Size(width: Double(cairo_image_surface_get_width(surface)), height: Double(cairo_image_surface_get_height(surface)))
        self.nativeSize = nativeSize
        self.hasAlpha = hasAlpha
    }

    deinit { cairo_surface_destroy(surface) }

    /// Reads one pixel as 0xRRGGBB (alpha dropped); for tests.
    public func rgb(x: Int, y: Int) -> UInt32? {
        guard x >= 0, y >= 0, x < Int(pixelSize.width), y < Int(pixelSize.height) else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixel = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        return pixel & 0xFF_FFFF
    }
}
