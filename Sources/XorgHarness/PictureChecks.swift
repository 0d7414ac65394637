import CX11
import Foundation

extension Screenshot {
    /// A PNG file's pixels (an `--export`), read with gdk-pixbuf, as a screenshot to measure.
    public init(pngAt path: String) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error), let pixels = gdk_pixbuf_read_pixels(pixbuf) else {
            _ = cx11_take_error_message(error).map { cx11_g_free($0) }
            throw HarnessError("cannot read \(path) as a picture")
        }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        var values = [UInt32](repeating: 0, count: width * height)
        // Raw pointers and `while` loops: the tests run unoptimized (see `Screenshot.blob`).
        values.withUnsafeMutableBufferPointer { buffer in
            guard let target = buffer.baseAddress else { return }
            var y = 0, index = 0
            while y < height {
                var pixel = pixels + y * stride, x = 0
                while x < width {
                    target[index] = UInt32(pixel[0]) &<< 16 | UInt32(pixel[1]) &<< 8 | UInt32(pixel[2])
                    pixel += channels
                    x &+= 1
                    index &+= 1
                }
                y &+= 1
            }
        }
        self.init(width: width, height: height, pixels: values)
    }
}

/// Where the four quarters of a quadrant test picture are on a screenshot, and whether they sit
/// as a person expects an upright landscape picture: first colour top left, second top right,
/// third bottom left, fourth bottom right (prints lie turned up to 12°, so the test compares
/// centroids, not pixels).
public struct QuadrantReading: CustomStringConvertible, Sendable {
    public let blobs: [Blob?]

    public init(_ screenshot: Screenshot, colors: [UInt32], tolerance: Int) {
        blobs = colors.map { screenshot.blob(of: $0, tolerance: tolerance) }
    }

    /// Every quarter found with at least `minimumPixels`.
    public func isComplete(minimumPixels: Int = 400) -> Bool { blobs.allSatisfy { ($0?.count ?? 0) >= minimumPixels } }

    /// Left quarters left of right ones and top above bottom, each by a clear margin, and wider
    /// than tall (the upright picture is landscape, 3:2).
    public var isUpright: Bool {
        guard isComplete(), let topLeft = blobs[0], let topRight = blobs[1], let bottomLeft = blobs[2], let bottomRight = blobs[3] else {
            return false
        }
        let margin = 20.0
        let across = (topRight.centroid.x - topLeft.centroid.x + bottomRight.centroid.x - bottomLeft.centroid.x) / 2
        let down = (bottomLeft.centroid.y - topLeft.centroid.y + bottomRight.centroid.y - topRight.centroid.y) / 2
        return topLeft.centroid.x + margin < topRight.centroid.x && bottomLeft.centroid.x + margin < bottomRight.centroid.x
            && topLeft.centroid.y + margin < bottomLeft.centroid.y && topRight.centroid.y + margin < bottomRight.centroid.y
            && across > down * 1.2
    }

    public var description: String {
        zip(["top left", "top right", "bottom left", "bottom right"], blobs).map { "\($0): \($1.map(String.init(describing:)) ?? "none")" }
            .joined(separator: "; ")
    }
}
