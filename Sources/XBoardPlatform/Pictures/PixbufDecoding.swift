internal import CX11
import SystemPackage
import XBoard

/// gdk-pixbuf's side of loading: a file decoded to a pixbuf at a given size, and a pixbuf's
/// pixels turned into a cairo surface through `PixelConversion`.
enum PixbufDecoding {
    /// The loader failed; its message when it gave one.
    enum Failure: Error {
        case failed(String?)
        /// No loader recognizes the file.
        case unknownFormat
    }

    /// Bytes fed to an incremental loader at a time.
    static let chunkSize = 1 << 16

    /// Decodes `path` at `size` (nil: as stored). Messages never name the file (the board's line
    /// does, escaped), unlike `gdk_pixbuf_new_from_file`'s.
    static func decode(path: FilePath, size: (width: Int, height: Int)?) throws(Failure) -> Pixbuf {
        var error: UnsafeMutablePointer<GError>?
        let pixbuf = path.withPlatformString { name in
            gdk_pixbuf_new_from_file_at_scale(name, Int32(size?.width ?? -1), Int32(size?.height ?? -1), 1, &error)
        }
        guard let pixbuf else {
            let isUnknown = error.map {
                $0.pointee.domain == gdk_pixbuf_error_quark() && $0.pointee.code == GDK_PIXBUF_ERROR_UNKNOWN_TYPE.rawValue
            }
            let message = takeMessage(error)
            throw isUnknown == true ? .unknownFormat : .failed(message)
        }
        return Pixbuf(owning: pixbuf)
    }

    /// Decodes a JPEG that lacks its end-of-image marker: the file's bytes, then the marker, fed
    /// to an incremental loader. libjpeg then finishes a truncated progressive JPEG as it does a
    /// baseline one (the missing part grey or at the quality of the scans that arrived); without
    /// the marker it stops with "Improper call to JPEG library in state 205".
    static func decodeCompletingJPEG(_ file: FileReader, size: (width: Int, height: Int)) throws(Failure) -> Pixbuf {
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_type("jpeg", &error) else { throw .failed(takeMessage(error)) }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(loader)) }
        gdk_pixbuf_loader_set_size(loader, Int32(size.width), Int32(size.height))
        var offset: Int64 = 0
        var isWriting = true
        while isWriting, offset < file.size, case .success(let chunk) = file.read(offset: offset, count: chunkSize), !chunk.isEmpty {
            isWriting = gdk_pixbuf_loader_write(loader, chunk, gsize(chunk.count), &error) != 0
            offset += Int64(chunk.count)
        }
        if isWriting { isWriting = gdk_pixbuf_loader_write(loader, [0xFF, 0xD9], 2, &error) != 0 }
        var closeError: UnsafeMutablePointer<GError>?
        gdk_pixbuf_loader_close(loader, &closeError)
        let message = [takeMessage(error), takeMessage(closeError)].compactMap { $0 }.first
        // Even when the loader gives up, what it decoded so far is the picture "as far as it decodes".
        guard let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { throw .failed(message) }
        _ = cx11_g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return Pixbuf(owning: pixbuf)
    }

    private static func takeMessage(_ error: UnsafeMutablePointer<GError>?) -> String? {
        cx11_take_error_message(error).map { pointer in
            defer { cx11_g_free(pointer) }
            return String(cString: pointer)
        }
    }

    /// Whether the loader of `format` (gdk-pixbuf's name) hands over premultiplied colours where
    /// there is alpha, against gdk-pixbuf's own rule: the TIFF loader passes on libtiff's RGBA
    /// reading, which associates (premultiplies) alpha whatever the file stored, so a
    /// half-transparent orange (255, 128, 0) arrives as (128, 64, 0).
    static func deliversPremultipliedAlpha(_ format: String) -> Bool { format == "tiff" }

    /// One reference to a GdkPixbuf, released in `deinit`.
    final class Pixbuf {
        let pointer: OpaquePointer

        init(owning pointer: OpaquePointer) {
            self.pointer = pointer
        }

        deinit { cx11_g_object_unref(UnsafeMutableRawPointer(pointer)) }

        /// The pixels as a cairo image surface, turned by `orientation` on the way: ARGB32 when
        /// the pixbuf has alpha (marked opaque when every pixel is), RGB24 otherwise. With
        /// `alphaIsPremultiplied`, the loader handed over colours already multiplied by alpha
        /// (see `deliversPremultipliedAlpha`).
        func uprightImage(orientation: Orientation, nativeSize: Size, alphaIsPremultiplied: Bool = false) throws -> DecodedImage {
            let width = Int(gdk_pixbuf_get_width(pointer)), height = Int(gdk_pixbuf_get_height(pointer))
            let channels = Int(gdk_pixbuf_get_n_channels(pointer)), hasAlpha = gdk_pixbuf_get_has_alpha(pointer) != 0
            let layout: PixelLayout = hasAlpha ? PixelLayout(.rgba, isPremultiplied: alphaIsPremultiplied) : .rgb8
            guard gdk_pixbuf_get_colorspace(pointer) == GDK_COLORSPACE_RGB, gdk_pixbuf_get_bits_per_sample(pointer) == 8,
                channels == layout.channels
            else { throw PixelConversion.Failure.unsupportedLayout(layout) }
            let upright = orientation.uprightSize(width: width, height: height)
            guard
                let surface = cairo_image_surface_create(
                    hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, Int32(upright.width), Int32(upright.height))
            else { throw PlatformError.cairo("no image surface") }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(surface) else {
                return try DecodedImage(surface: surface, nativeSize: nativeSize, hasAlpha: hasAlpha)  // throws the status
            }
            let targetStride = Int(cairo_image_surface_get_stride(surface))
            let isOpaque: Bool
            do {
                cairo_surface_flush(surface)
                isOpaque = try PixelConversion.convert(
                    UnsafeRawBufferPointer(start: gdk_pixbuf_read_pixels(pointer), count: Int(gdk_pixbuf_get_byte_length(pointer))),
                    layout: layout, width: width, height: height, stride: Int(gdk_pixbuf_get_rowstride(pointer)), orientation: orientation,
                    into: UnsafeMutableRawBufferPointer(start: target, count: targetStride * upright.height), targetStride: targetStride)
                cairo_surface_mark_dirty(surface)
            } catch {
                cairo_surface_destroy(surface)
                throw error
            }
            return try DecodedImage(surface: surface, nativeSize: nativeSize, hasAlpha: !isOpaque)
        }
    }
}
