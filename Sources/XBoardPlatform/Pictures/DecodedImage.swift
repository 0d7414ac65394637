internal import CX11
import SystemPackage
import XBoard

/// A decoded picture as a cairo image surface (premultiplied ARGB, or RGB24 when opaque) over a
/// read-only mapping of the sealed memory file its decoder filled, plus the picture's native size.
///
/// Owns the surface: checked in `init`, released in `deinit`. The mapping belongs to the surface
/// and is unmapped when cairo destroys it, however long cairo keeps the surface.
public final class DecodedImage {
    let surface: OpaquePointer
    /// Decoded size in pixels (what the surface holds).
    public let pixelSize: Size
    /// The picture's full size in pixels, upright (EXIF orientation applied).
    public let nativeSize: Size
    public let hasAlpha: Bool

    /// Maps `memoryFile` (sealed; `height` rows of `width` × 4 bytes, then `trailingBytes` more:
    /// a thumbnail's) read-only as the image. The descriptor stays the caller's; the mapping
    /// outlives it.
    init(memoryFile: Int32, width: Int, height: Int, hasAlpha: Bool, nativeSize: Size, trailingBytes: Int = 0) throws {
        let stride = width * 4
        let format = hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        guard width > 0, height > 0, Int(cairo_format_stride_for_width(format, Int32(width))) == stride else {
            throw PlatformError.cairo("a \(width)×\(height) picture has no image surface")
        }
        let base: UnsafeMutableRawPointer
        do {
            base = try SealedMemoryFile.mapReadOnly(memoryFile, byteCount: stride * height, fileSize: stride * height + trailingBytes)
        } catch {
            throw PlatformError.cairo(error.description)
        }
        guard let surface = cx11_surface_over_mapping(base, stride * height, format, Int32(width), Int32(height), Int32(stride)) else {
            System.unmap(base, byteCount: stride * height)
            throw PlatformError.cairo("no image surface over the pixels")
        }
        self.surface = surface
        pixelSize = Size(width: Double(width), height: Double(height))
        self.nativeSize = nativeSize
        self.hasAlpha = hasAlpha
    }

    deinit { cairo_surface_destroy(surface) }

    /// Reads one pixel as 0xAARRGGBB, premultiplied as cairo holds it; for tests.
    public func argb(x: Int, y: Int) -> UInt32? {
        guard x >= 0, y >= 0, x < Int(pixelSize.width), y < Int(pixelSize.height) else { return nil }
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        return data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
    }

    /// Reads one pixel as 0xRRGGBB (alpha dropped); for tests.
    public func rgb(x: Int, y: Int) -> UInt32? {
        guard x >= 0, y >= 0, x < Int(pixelSize.width), y < Int(pixelSize.height) else { return nil }
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixel = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        return pixel & 0xFF_FFFF
    }
}
