internal import CX11
import XBoard

/// A decoded picture and, when it is only partly there, the warning to show.
public struct LoadedPicture: @unchecked Sendable {
    /// Invariant: the image is only touched by one thread at a time — the decoding thread until
    /// it hands the result over through `PhotoDecoder`'s locked queue, the main thread after.
    public let image: DecodedImage
    public let warning: String?
}

/// Opens picture files with gdk-pixbuf, checked first so bad files fail fast and clearly, and
/// decoded straight to about the size they are shown at.
///
/// gdk-pixbuf's loaders do the format work (JPEG with DCT-scaled decoding, PNG, GIF, BMP, TIFF,
/// ICO, and WebP, HEIF, AVIF where their loaders are installed); the embedded EXIF orientation is
/// applied so phone portraits stand upright.
public enum ImageLoader {
    /// Pictures declaring more pixels than this are refused from their header (decompression bombs).
    public static let pixelLimit = 200_000_000

    /// Loads `path`, scaled down (never up) so its long edge is at most `maximumLongEdge` pixels.
    /// Throws `PlatformError.image` with a reason worded for the user.
    public static func load(path: String, maximumLongEdge: Int = 1024) throws -> LoadedPicture {
        func refuse(_ reason: String) -> PlatformError { .image(path: path, reason: reason) }
        let info: FileInfo
        switch System.fileInfo(path) {
        case .failure(let problem): throw refuse(problem.description)
        case .success(let found): info = found
        }
        guard info.kind != .directory else { throw refuse("is a folder") }
        guard info.kind == .regular else { throw refuse("not a regular file") }
        guard info.size > 0 else { throw refuse("empty file (0 bytes)") }
        let head: [UInt8]
        switch System.readFile(path, limit: 512) {
        case .failure(let problem): throw refuse(problem.description)
        case .success(let bytes): head = bytes
        }

        var width: Int32 = 0, height: Int32 = 0
        let format = gdk_pixbuf_get_file_info(path, &width, &height)
        let ownedName = cx11_format_name(format)
        defer { cx11_g_free(ownedName) }
        guard let formatName = ownedName.map({ String(cString: $0) }) else {
            throw refuse(looksLikeText(head) ? "not a picture: the file holds text" : "not a picture format this system can read")
        }
        guard width > 0, height > 0 else { throw refuse("not a picture: its \(formatName.uppercased()) header gives no size") }
        let pixels = Int(width) * Int(height)
        guard pixels <= pixelLimit else {
            throw refuse(
                "declares \(width)×\(height) pixels (\(pixels / 1_000_000) megapixels), over the \(pixelLimit / 1_000_000)-megapixel limit; not opened")
        }
        var warning: String?
        switch FileIntegrity.check(path: path, format: formatName, size: info.size) {
        case .corrupt(let reason): throw refuse(reason)
        case .truncated(let reason): warning = "\(reason); shown as far as it decodes"
        case nil: break
        }

        var error: UnsafeMutablePointer<GError>?
        let longEdge = Int(max(width, height))
        let edge = Int32(max(1, maximumLongEdge))
        let raw = longEdge > maximumLongEdge
            ? gdk_pixbuf_new_from_file_at_scale(path, edge, edge, 1, &error) : gdk_pixbuf_new_from_file(path, &error)
        guard let raw else {
            let message = cx11_take_error_message(error).map { pointer in
                defer { cx11_g_free(pointer) }
                return String(cString: pointer)
            }
            throw refuse("could not be decoded" + (message.map { ": \($0)" } ?? ""))
        }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(raw)) }
        guard let upright = gdk_pixbuf_apply_embedded_orientation(raw) else { throw refuse("could not apply its EXIF orientation") }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(upright)) }
        let decodedWidth = gdk_pixbuf_get_width(upright), decodedHeight = gdk_pixbuf_get_height(upright)
        let turned = (decodedWidth > decodedHeight) != (width > height) && width != height
        let nativeSize = turned
            ? Size(width: Double(height), height: Double(width)) : Size(width: Double(width), height: Double(height))
        let image = try DecodedImage(surface: surface(from: upright), nativeSize: nativeSize, hasAlpha: gdk_pixbuf_get_has_alpha(upright) != 0)
        return LoadedPicture(image: image, warning: warning)
    }

    /// Mostly printable ASCII/UTF-8 and no NUL: a text file, whatever its name says.
    static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty, !bytes.contains(0) else { return false }
        let printable = bytes.filter { $0 == 9 || $0 == 10 || $0 == 13 || ($0 >= 32 && $0 < 127) || $0 >= 0x80 }.count
        return printable * 10 >= bytes.count * 9
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
