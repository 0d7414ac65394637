import CX11
import Foundation

/// Straight (not premultiplied) RGBA pixels the tests draw, then write in some file format.
public struct TestCanvas: Sendable {
    public let width: Int
    public let height: Int
    /// 0xAARRGGBB, row by row.
    public var pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "a canvas holds width × height pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// One colour (0xRRGGBB) with `alpha` everywhere.
    public static func flat(_ color: UInt32, alpha: UInt8 = 255, width: Int, height: Int) -> TestCanvas {
        TestCanvas(width: width, height: height, pixels: Array(repeating: UInt32(alpha) << 24 | color & 0xFF_FFFF, count: width * height))
    }

    public func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }
    public func red(_ x: Int, _ y: Int) -> UInt8 { UInt8(pixel(x, y) >> 16 & 0xFF) }
    public func green(_ x: Int, _ y: Int) -> UInt8 { UInt8(pixel(x, y) >> 8 & 0xFF) }
    public func blue(_ x: Int, _ y: Int) -> UInt8 { UInt8(pixel(x, y) & 0xFF) }
    public func alpha(_ x: Int, _ y: Int) -> UInt8 { UInt8(pixel(x, y) >> 24) }

    /// Rows, top first, of bytes made per pixel.
    func rows(_ bytes: (Int, Int) -> [UInt8]) -> [[UInt8]] {
        (0..<height).map { y in (0..<width).flatMap { x in bytes(x, y) } }
    }

    /// The distinct colours (with alpha), in first-seen order.
    var palette: [UInt32] {
        var seen = Set<UInt32>(), order: [UInt32] = []
        for pixel in pixels where seen.insert(pixel).inserted { order.append(pixel) }
        return order
    }
}

/// Writers for the pictures the tests open: every byte is written here (PNG in all its layouts,
/// BMP, TIFF, GIF) or by gdk-pixbuf's own savers (JPEG, ICO), so a test knows exactly what the
/// file holds. The EXIF helpers add an orientation to a file's bytes.
public enum PictureEncoders {
    // MARK: PNG

    public enum PNGLayout: Sendable {
        case rgb8, rgba8, grey8, greyAlpha8, rgb16, rgba16, grey16
        /// Indexed, with a tRNS chunk when any colour is not opaque.
        case palette(bitDepth: Int)
    }

    /// A PNG of the canvas in the layout, with an eXIf chunk holding `exif` when given.
    public static func png(_ canvas: TestCanvas, layout: PNGLayout, exif: [UInt8]? = nil) -> [UInt8] {
        var colorType: UInt8, bitDepth: UInt8
        var extraChunks: [[UInt8]] = []
        let rows: [[UInt8]]
        func sixteen(_ value: UInt8) -> [UInt8] { [value, value] }  // v × 257, big-endian
        func grey(_ x: Int, _ y: Int) -> UInt8 { canvas.red(x, y) }
        switch layout {
        case .rgb8: (colorType, bitDepth, rows) = (2, 8, canvas.rows { [canvas.red($0, $1), canvas.green($0, $1), canvas.blue($0, $1)] })
        case .rgba8:
            (colorType, bitDepth, rows) = (
                6, 8, canvas.rows { [canvas.red($0, $1), canvas.green($0, $1), canvas.blue($0, $1), canvas.alpha($0, $1)] }
            )
        case .grey8: (colorType, bitDepth, rows) = (0, 8, canvas.rows { [grey($0, $1)] })
        case .greyAlpha8: (colorType, bitDepth, rows) = (4, 8, canvas.rows { [grey($0, $1), canvas.alpha($0, $1)] })
        case .rgb16:
            (colorType, bitDepth, rows) = (
                2, 16, canvas.rows { sixteen(canvas.red($0, $1)) + sixteen(canvas.green($0, $1)) + sixteen(canvas.blue($0, $1)) }
            )
        case .rgba16:
            (colorType, bitDepth, rows) = (
                6, 16,
                canvas.rows {
                    sixteen(canvas.red($0, $1)) + sixteen(canvas.green($0, $1)) + sixteen(canvas.blue($0, $1))
                        + sixteen(canvas.alpha($0, $1))
                }
            )
        case .grey16: (colorType, bitDepth, rows) = (0, 16, canvas.rows { sixteen(grey($0, $1)) })
        case .palette(let depth):
            let palette = canvas.palette
            precondition(palette.count <= 1 << depth, "\(palette.count) colours do not fit \(depth)-bit indices")
            colorType = 3
            bitDepth = UInt8(depth)
            extraChunks.append(chunk("PLTE", palette.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }))
            if palette.contains(where: { $0 >> 24 != 255 }) { extraChunks.append(chunk("tRNS", palette.map { UInt8($0 >> 24) })) }
            let index = Dictionary(uniqueKeysWithValues: palette.enumerated().map { ($1, $0) })
            rows = (0..<canvas.height).map { y in
                packed((0..<canvas.width).map { index[canvas.pixel($0, y)] ?? 0 }, bits: depth)
            }
        }
        let header = bigEndian32(canvas.width) + bigEndian32(canvas.height) + [bitDepth, colorType, 0, 0, 0]
        let raw: [UInt8] = rows.flatMap { [UInt8(0)] + $0 }  // filter type 0 on every row
        var compressedLength = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = raw.withUnsafeBufferPointer { source in
            compressed.withUnsafeMutableBufferPointer { target in
                compress2(target.baseAddress, &compressedLength, source.baseAddress, uLong(source.count), Z_BEST_SPEED)
            }
        }
        precondition(status == Z_OK, "zlib cannot compress \(raw.count) bytes")
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + (exif.map { chunk("eXIf", $0) } ?? [])
            + extraChunks.flatMap { $0 } + chunk("IDAT", Array(compressed.prefix(Int(compressedLength)))) + chunk("IEND", [])
    }

    /// A PNG tEXt chunk (`keyword`, NUL, `text`), ready to insert after IHDR.
    public static func textChunk(keyword: String, text: String) -> [UInt8] {
        chunk("tEXt", Array(keyword.utf8) + [0] + Array(text.utf8))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian32(data.count) + body + bigEndian32(Int(crc32(0, body, uInt(body.count))))
    }

    static func bigEndian32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    static func littleEndian16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func littleEndian32(_ value: Int) -> [UInt8] { littleEndian16(value & 0xFFFF) + littleEndian16(value >> 16 & 0xFFFF) }

    /// Indices packed most significant bits first, the last byte padded.
    static func packed(_ values: [Int], bits: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: (values.count * bits + 7) / 8)
        for (index, value) in values.enumerated() {
            let offset = index * bits
            bytes[offset / 8] |= UInt8(value << (8 - bits - offset % 8) & 0xFF)
        }
        return bytes
    }
}
