internal import CX11

/// Decodes picture files with gdk-pixbuf, straight to about the size they are shown at.
///
/// gdk-pixbuf's loaders do the format work (PNG, JPEG, GIF, BMP, TIFF, ICO, WebP… as installed)
/// and its scaled decoding keeps memory bounded; the embedded EXIF orientation is applied so
/// phone portraits stand upright.
public enum ImageLoader {
    /// Loads `path`, scaled down (never up) so its long edge is at most `maximumLongEdge` pixels.
    public static func load(path: String, maximumLongEdge: Int = 1024) throws -> DecodedImage {
        var width: Int32 = 0, height: Int32 = 0
        guard gdk_pixbuf_get_file_info(path, &width, &height) != nil, width > 0, height > 0 else {
            throw PlatformError.image(path: path, reason: "not an image format this system can read")
        }
        var error: UnsafeMutablePointer<GError>?
        let longEdge = Int(max(width, height))
        let raw: OpaquePointer?
        if longEdge > maximumLongEdge {
            raw = gdk_pixbuf_new_from_file_at_scale(path, Int32(maximumLongEdge), Int32(maximumLongEdge), 1, &error)
        } else {
            raw = gdk_pixbuf_new_from_file(path, &error)
        }
        guard let raw else {
            let message = cx11_take_error_message(error).map { pointer in
                defer { cx11_g_free(pointer) }
                return String(cString: pointer)
            }
            throw PlatformError.image(path: path, reason: message ?? "could not be decoded")
        }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(raw)) }
        guard let upright = gdk_pixbuf_apply_embedded_orientation(raw) else {
            throw PlatformError.image(path: path, reason: "could not apply its orientation")
        }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(upright)) }
        let decodedWidth = gdk_pixbuf_get_width(upright), decodedHeight = gdk_pixbuf_get_height(upright)
        let turned = (decodedWidth > decodedHeight) != (width > height) && width != height
        let nativeSize = turned
            ? Size(width: Double(height), height: Double(width)) : Size(width: Double(width), height: Double(height))
        return try DecodedImage(surface: surface(from: upright), nativeSize: nativeSize, hasAlpha: gdk_pixbuf_get_has_alpha(upright) != 0)
    }

    /// Copies a pixbuf (straight RGB or RGBA bytes) into a cairo surface in native-endian,
    /// premultiplied ARGB32 (RGB24 when opaque).
    private static func surface(from pixbuf: OpaquePointer) -> OpaquePointer {
        let width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf)
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        let sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let surface = cairo_image_surface_create(hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, width, height)!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let source = gdk_pixbuf_read_pixels(pixbuf),
            let target = cairo_image_surface_get_data(surface)
        else { return surface }
        let targetStride = Int(cairo_image_surface_get_stride(surface))
        for row in 0..<Int(height) {
            let sourceRow = source.advanced(by: row * sourceStride)
            target.advanced(by: row * targetStride).withMemoryRebound(to: UInt32.self, capacity: Int(width)) { targetRow in
                for column in 0..<Int(width) {
                    let pixel = sourceRow.advanced(by: column * channels)
                    let red = UInt32(pixel[0]), green = UInt32(pixel[1]), blue = UInt32(pixel[2])
                    if hasAlpha {
                        let alpha = UInt32(pixel[3])
                        targetRow[column] =
                            alpha << 24 | (red * alpha + 127) / 255 << 16 | (green * alpha + 127) / 255 << 8 | (blue * alpha + 127) / 255
                    } else {
                        targetRow[column] = 0xFF00_0000 | red << 16 | green << 8 | blue
                    }
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
