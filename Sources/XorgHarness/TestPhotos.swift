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

extension TestPhotos {
    /// A `width`×`height` JPEG (stored orientation: `left` colour on the left half), with an EXIF
    /// orientation tag when `orientation` is given (6 = turn 90° clockwise to show upright).
    ///
    /// With `noise`, every pixel varies by up to ±`noise` per channel, so the file decodes about as
    /// slowly as a real photograph of that size (flat colours decode unrealistically fast).
    public static func writeJPEG(
        to path: String, width: Int, height: Int, left: UInt32, right: UInt32, orientation: UInt16? = nil, quality: Int = 90,
        noise: Int = 0
    ) throws {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height)) else {
            throw HarnessError("cannot allocate a \(width)×\(height) pixbuf")
        }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard let pixels = gdk_pixbuf_get_pixels(pixbuf) else { throw HarnessError("the pixbuf has no pixels") }
        var seed: UInt32 = 0x1234_5678
        for y in 0..<height {
            for x in 0..<width {
                let color = x < width / 2 ? left : right
                let pixel = pixels + y * stride + x * 3
                for channel in 0..<3 {
                    var value = Int(color >> UInt32(16 - 8 * channel) & 0xFF)
                    if noise > 0 {
                        seed = seed &* 1_664_525 &+ 1_013_904_223
                        value += Int(seed >> 24) % (2 * noise + 1) - noise
                    }
                    pixel[channel] = UInt8(min(255, max(0, value)))
                }
            }
        }
        var error: UnsafeMutablePointer<GError>?
        var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
        var values: [UnsafeMutablePointer<CChar>?] = [strdup("\(quality)"), nil]
        defer {
            free(keys[0])
            free(values[0])
        }
        guard gdk_pixbuf_savev(pixbuf, path, "jpeg", &keys, &values, &error) != 0 else {
            throw HarnessError("cannot write \(path) as JPEG")
        }
        guard let orientation else { return }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // APP1 "Exif": a big-endian TIFF header and one IFD with the Orientation (0x0112) SHORT.
        var exif: [UInt8] = Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 42, 0, 0, 0, 8]
        exif += [0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0, 0, 0, 0, 0, 0]
        let length = exif.count + 2
        bytes.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif, at: 2)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}

extension TestPhotos {
    /// A minimal, valid PNG whose header declares any size, with a tiny body: a decompression bomb.
    public static func pngDeclaring(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] {
            [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(UInt32(crc32(0, body, UInt32(body.count))))
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0, 0, 0, 0, 1]) + chunk("IEND", [])
    }
}

extension TestPhotos {
    /// A `width`×`height` PNG of vertical black and white stripes `period` pixels wide: detail
    /// that only a sharp enough copy can show.
    public static func writeStripes(to path: String, width: Int, height: Int, period: Int) throws {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw HarnessError("cairo could not make a surface")
        }
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_set_source_rgb(context, 0, 0, 0)
        for x in stride(from: 0, to: width, by: period) {
            cairo_rectangle(context, Double(x), 0, Double(period / 2), Double(height))
        }
        cairo_fill(context)
        cairo_destroy(context)
        guard cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS else { throw HarnessError("cannot write \(path)") }
    }
}
