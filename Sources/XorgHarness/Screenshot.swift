import CX11
import Foundation

/// The screen's pixels as a person would see them, 0xRRGGBB per pixel, row by row.
public struct Screenshot: Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    /// A picture of `width` × `height` pixels, 0xRRGGBB row by row (e.g. where two others differ).
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "\(pixels.count) pixels for \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public func pixel(_ x: Int, _ y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return pixels[y * width + x]
    }

    /// Where pixels of about `color` are: count, centroid and bounding box.
    ///
    /// Written with raw pointers and `while` loops: the tests are built without optimization, and
    /// this runs over a million pixels several times a look (array indexing and ranges made it 10×
    /// slower). The sums run in the same order as a plain loop's, so the figures are the same.
    public func blob(of color: UInt32, tolerance: Int = 10) -> Blob? {
        let red = Int(color >> 16 & 0xFF), green = Int(color >> 8 & 0xFF), blue = Int(color & 0xFF)
        var count = 0, sumX = 0.0, sumY = 0.0
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        let width = width, height = height
        pixels.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var y = 0, index = 0
            while y < height {
                var x = 0
                while x < width {
                    // `isClose`, written out: a call per pixel costs as much as the rest here.
                    let pixel = base[index]
                    let dr = Int(pixel &>> 16 & 0xFF) &- red, dg = Int(pixel &>> 8 & 0xFF) &- green, db = Int(pixel & 0xFF) &- blue
                    if dr <= tolerance, dr >= -tolerance, dg <= tolerance, dg >= -tolerance, db <= tolerance, db >= -tolerance {
                        count &+= 1
                        sumX += Double(x)
                        sumY += Double(y)
                        if x < minX { minX = x }
                        if y < minY { minY = y }
                        if x > maxX { maxX = x }
                        if y > maxY { maxY = y }
                    }
                    x &+= 1
                    index &+= 1
                }
                y &+= 1
            }
        }
        guard count > 0 else { return nil }
        return Blob(
            count: count, centroid: (sumX / Double(count) + 0.5, sumY / Double(count) + 0.5), minX: minX, minY: minY, maxX: maxX, maxY: maxY
        )
    }

    /// The point deepest inside the pixels of any of `colors`: the middle of the largest square
    /// of them, with its clearance (half the square's side, in pixels); nil when none shows.
    ///
    /// A finger put there lands on what shows those colours however the rest of the screen is
    /// arranged — unlike a centroid, which can fall outside an L-shaped or split region.
    public func interiorPoint(of colors: [UInt32], tolerance: Int = 10) -> (x: Double, y: Double, clearance: Int)? {
        // Largest all-matching square ending at each pixel (dynamic programming, one row at a
        // time); raw pointers and `while` loops, as in `blob`, since the tests run unoptimized.
        let channels = colors.map { (red: Int($0 >> 16 & 0xFF), green: Int($0 >> 8 & 0xFF), blue: Int($0 & 0xFF)) }
        let width = width, height = height
        var rows = [Int](repeating: 0, count: 2 * (width + 1))
        var best: (x: Int, y: Int, side: Int)?
        var bestSide = 0
        pixels.withUnsafeBufferPointer { buffer in
            rows.withUnsafeMutableBufferPointer { rowsBuffer in
                channels.withUnsafeBufferPointer { channelsBuffer in
                    guard let base = buffer.baseAddress, var previous = rowsBuffer.baseAddress, let wanted = channelsBuffer.baseAddress
                    else { return }
                    var current = previous + (width + 1)
                    let wantedCount = channelsBuffer.count
                    var y = 0, index = 0
                    while y < height {
                        var x = 0
                        while x < width {
                            let pixel = base[index]
                            var matches = false
                            var c = 0
                            while c < wantedCount {
                                let colour = wanted[c]
                                let dr = Int(pixel &>> 16 & 0xFF) &- colour.red, dg = Int(pixel &>> 8 & 0xFF) &- colour.green
                                let db = Int(pixel & 0xFF) &- colour.blue
                                if dr <= tolerance, dr >= -tolerance, dg <= tolerance, dg >= -tolerance, db <= tolerance, db >= -tolerance {
                                    matches = true
                                    break
                                }
                                c &+= 1
                            }
                            if matches {
                                let up = previous[x], upLeft = previous[x &+ 1], left = current[x]
                                var side = up < upLeft ? up : upLeft
                                if left < side { side = left }
                                side &+= 1
                                current[x &+ 1] = side
                                if side > bestSide {
                                    bestSide = side
                                    best = (x, y, side)
                                }
                            } else {
                                current[x &+ 1] = 0
                            }
                            x &+= 1
                            index &+= 1
                        }
                        swap(&previous, &current)
                        y &+= 1
                    }
                }
            }
        }
        guard let best else { return nil }
        let half = Double(best.side) / 2
        return (Double(best.x + 1) - half, Double(best.y + 1) - half, best.side / 2)
    }

    /// Writes the screenshot as a PNG (through cairo).
    public func savePNG(to path: String) throws {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width)))
        var bytes = [UInt8](repeating: 0, count: stride * height)
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            for y in 0..<height {
                let row = base.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { row[x] = pixels[y * width + x] }
            }
            let surface = cairo_image_surface_create_for_data(
                base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, Int32(width), Int32(height), Int32(stride))
            cairo_surface_write_to_png(surface, path)
            cairo_surface_destroy(surface)
        }
    }
}

/// A set of pixels of one colour.
public struct Blob: Sendable, CustomStringConvertible {
    public let count: Int
    public let centroid: (x: Double, y: Double)
    public let minX: Int, minY: Int, maxX: Int, maxY: Int

    public var description: String {
        "\(count) px around (\(String(format: "%.1f", centroid.x)), \(String(format: "%.1f", centroid.y))) in x \(minX)…\(maxX), y \(minY)…\(maxY)"
    }
}

/// A test photo whose left and right halves have two unique flat colours, so its centre,
/// size and turn can be measured on a screenshot.
public struct PrintMeasure: Sendable, CustomStringConvertible {
    /// Middle of the picture, in screen pixels.
    public let center: (x: Double, y: Double)
    /// Distance between the halves' centroids: half the picture's drawn width.
    public let span: Double
    /// Turn of the picture in degrees (0 = upright, positive clockwise on screen).
    public let angle: Double

    public init?(_ screenshot: Screenshot, left: UInt32, right: UInt32, minimumPixels: Int = 200) {
        guard let leftBlob = screenshot.blob(of: left), let rightBlob = screenshot.blob(of: right),
            leftBlob.count >= minimumPixels, rightBlob.count >= minimumPixels
        else { return nil }
        let dx = rightBlob.centroid.x - leftBlob.centroid.x, dy = rightBlob.centroid.y - leftBlob.centroid.y
        center = ((leftBlob.centroid.x + rightBlob.centroid.x) / 2, (leftBlob.centroid.y + rightBlob.centroid.y) / 2)
        span = (dx * dx + dy * dy).squareRoot()
        angle = atan2(dy, dx) * 180 / .pi
    }

    public var description: String {
        String(format: "centre (%.1f, %.1f) span %.1f angle %.2f°", center.x, center.y, span, angle)
    }
}
