internal import CX11
import XBoard

/// gdk-pixbuf's side of decoding: a file's bytes fed to the one loader chosen for its format,
/// scaled as the loader reports its size, and a pixbuf's pixels turned into premultiplied ARGB32
/// through `PixelConversion`.
enum PixbufDecoding {
    /// The loader failed; its message when it gave one.
    enum Failure: Error {
        /// It failed before it could say how big the picture is: not a picture it understands.
        case notAPicture(String?)
        case failed(String?)
        /// The loader for the format is not installed.
        case unavailable
    }

    /// Bytes fed to the loader at a time.
    static let chunkSize = 1 << 16

    /// What a loader reports, and the long edge to scale to; shared with the size-prepared handler.
    private final class SizeRequest {
        let maximumLongEdge: Int
        let declaredPixels: Int
        var reported: (width: Int, height: Int)?

        init(maximumLongEdge: Int, declaredPixels: Int) {
            self.maximumLongEdge = maximumLongEdge
            self.declaredPixels = declaredPixels
        }

        /// The loader reports a bigger picture than was declared.
        var isOversized: Bool { reported.map { DeclaredSize(width: $0.width, height: $0.height).pixelCount > declaredPixels } ?? false }
    }

    /// Decodes `file` with the gdk-pixbuf loader named `loader`, scaled down (never up) so its long
    /// edge is at most `maximumLongEdge`, as the loader reports its size — the way
    /// `gdk_pixbuf_new_from_file_at_scale` does, but from an open file and with the loader chosen
    /// by the board. Messages never name the file (the board's line does, escaped).
    ///
    /// `completingJPEG`: the file is a JPEG lacking its end-of-image marker; the marker is fed
    /// after its bytes. libjpeg then finishes a truncated progressive JPEG as it does a baseline
    /// one (the missing part grey or at the quality of the scans that arrived); without it, it
    /// stops with "Improper call to JPEG library in state 205". What decoded so far is kept even
    /// when the loader gives up: the picture "as far as it decodes".
    ///
    /// A loader that reports more pixels than `declared` (the header the board read and planned
    /// memory for) is stopped at its report: its picture is not the one that was checked.
    static func decode(
        _ file: FileReader, loader name: String, declared: DeclaredSize, maximumLongEdge: Int, completingJPEG: Bool = false
    ) throws(Failure) -> (pixbuf: Pixbuf, reportedWidth: Int, reportedHeight: Int) {
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_type(name, &error) else {
            _ = takeMessage(error)
            throw .unavailable
        }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(loader)) }
        let request = SizeRequest(maximumLongEdge: maximumLongEdge, declaredPixels: declared.pixelCount)
        let handler: cx11_size_prepared_handler = { loader, width, height, data in
            guard let loader, let data else { return }
            let request = Unmanaged<SizeRequest>.fromOpaque(data).takeUnretainedValue()
            request.reported = (Int(width), Int(height))
            if request.isOversized {  // decode next to nothing; the result is refused
                gdk_pixbuf_loader_set_size(loader, 1, 1)
                return
            }
            let size = DecodePlan.decodeSize(width: Int(width), height: Int(height), maximumLongEdge: request.maximumLongEdge)
            if size.width != Int(width) || size.height != Int(height) {
                gdk_pixbuf_loader_set_size(loader, Int32(size.width), Int32(size.height))
            }
        }
        cx11_connect_size_prepared(loader, handler, Unmanaged.passUnretained(request).toOpaque())

        var offset: Int64 = 0
        var writeError: UnsafeMutablePointer<GError>?
        var isWriting = true
        while isWriting, offset < file.size, case .success(let chunk) = file.read(offset: offset, count: chunkSize), !chunk.isEmpty {
            isWriting = gdk_pixbuf_loader_write(loader, chunk, gsize(chunk.count), &writeError) != 0
            offset += Int64(chunk.count)
        }
        if completingJPEG, isWriting { isWriting = gdk_pixbuf_loader_write(loader, [0xFF, 0xD9], 2, &writeError) != 0 }
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError) != 0
        let message = [takeMessage(writeError), takeMessage(closeError)].compactMap { $0 }.first
        let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader)
        withExtendedLifetime(request) {}
        guard let reported = request.reported, reported.width > 0, reported.height > 0 else { throw .notAPicture(message) }
        guard !request.isOversized else {
            throw .failed("its loader reads \(reported.width)×\(reported.height) pixels where the header declares \(declared)")
        }
        guard let pixbuf, completingJPEG || (isWriting && closed) else { throw .failed(message) }
        _ = cx11_g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return (Pixbuf(owning: pixbuf), reported.width, reported.height)
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

        var width: Int { Int(gdk_pixbuf_get_width(pointer)) }
        var height: Int { Int(gdk_pixbuf_get_height(pointer)) }

        /// Converts the pixels into `target` (premultiplied ARGB32, rows of `targetStride` bytes),
        /// turned by `orientation` on the way; returns whether every pixel is opaque. With
        /// `alphaIsPremultiplied`, the loader handed over colours already multiplied by alpha
        /// (see `deliversPremultipliedAlpha`).
        func convert(
            orientation: Orientation, into target: UnsafeMutableRawBufferPointer, targetStride: Int, alphaIsPremultiplied: Bool = false
        ) throws -> Bool {
            let channels = Int(gdk_pixbuf_get_n_channels(pointer)), hasAlpha = gdk_pixbuf_get_has_alpha(pointer) != 0
            let layout: PixelLayout = hasAlpha ? PixelLayout(.rgba, isPremultiplied: alphaIsPremultiplied) : .rgb8
            guard gdk_pixbuf_get_colorspace(pointer) == GDK_COLORSPACE_RGB, gdk_pixbuf_get_bits_per_sample(pointer) == 8,
                channels == layout.channels
            else { throw PixelConversion.Failure.unsupportedLayout(layout) }
            return try PixelConversion.convert(
                UnsafeRawBufferPointer(start: gdk_pixbuf_read_pixels(pointer), count: Int(gdk_pixbuf_get_byte_length(pointer))),
                layout: layout, width: width, height: height, stride: Int(gdk_pixbuf_get_rowstride(pointer)), orientation: orientation,
                into: target, targetStride: targetStride)
        }
    }
}
