internal import CX11
import SystemPackage
import XBoard

/// A print's picture as other programs take it from the clipboard: the original file decoded in
/// full by a confined helper (never in the board's process), upright (its orientation applied, as
/// the board shows it), in the colours the board shows, written as a PNG by cairo.
public enum PictureCopy {
    /// The PNG bytes of the picture at `path`. Blocks for the decode (up to
    /// `DecodeSettings.deadline`) and the encode: run it on a worker thread.
    public static func png(of path: FilePath, decoder: ConfinedDecoder) -> Result<[UInt8], PlatformError> {
        let opened: OpenedPicture
        do {
            opened = try OpenedPicture(path: path, maximumLongEdge: Int(Int32.max), maximumFileSize: decoder.decodeSettings.maximumFileSize)
        } catch {
            return .failure(error)
        }
        return decoder.decode(opened, maximumLongEdge: Int(Int32.max)).flatMap { png(of: $0.image, path: path) }
    }

    /// `image` as PNG bytes (cairo takes its premultiplied pixels back to straight alpha).
    static func png(of image: DecodedImage, path: FilePath) -> Result<[UInt8], PlatformError> {
        final class Sink {
            var bytes: [UInt8] = []
        }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            image.surface,
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
