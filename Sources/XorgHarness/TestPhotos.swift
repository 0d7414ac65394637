import CX11
import Foundation

/// Writes PNG photos for tests: flat halves in unique colours, easy to find on a screenshot.
public enum TestPhotos {
    /// A `width`×`height` PNG whose left half is `left` and right half `right` (0xRRGGBB).
    public static func write(to path: String, width: Int, height: Int, left: UInt32, right: UInt32) throws {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw HarnessError("cairo could not make a surface")
        }
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        for (color, x) in [(left, 0), (right, width / 2)] {
            cairo_set_source_rgb(
                context, Double(color >> 16 & 0xFF) / 255, Double(color >> 8 & 0xFF) / 255, Double(color & 0xFF) / 255)
            cairo_rectangle(context, Double(x), 0, Double(width - width / 2), Double(height))
            cairo_fill(context)
        }
        cairo_destroy(context)
        guard cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS else { throw HarnessError("cannot write \(path)") }
    }
}
