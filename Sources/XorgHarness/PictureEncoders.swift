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

    // MARK: BMP

    public enum BMPLayout: Sendable {
        /// BITMAPINFOHEADER, BI_RGB, BGR.
        case rgb24
        /// BITMAPINFOHEADER, BI_RGB, BGRX with the alpha byte in the fourth place.
        case rgb32
        /// BITMAPV5HEADER, BI_BITFIELDS with an alpha mask: 32-bit with alpha.
        case argb32
    }

    public static func bmp(_ canvas: TestCanvas, layout: BMPLayout) -> [UInt8] {
        let bytesPerPixel = layout == .rgb24 ? 3 : 4
        let rowBytes = (canvas.width * bytesPerPixel + 3) / 4 * 4
        var pixelData: [UInt8] = []
        for y in (0..<canvas.height).reversed() {  // bottom-up
            var row: [UInt8] = []
            for x in 0..<canvas.width {
                row += [canvas.blue(x, y), canvas.green(x, y), canvas.red(x, y)]
                if bytesPerPixel == 4 { row.append(canvas.alpha(x, y)) }
            }
            pixelData += row + [UInt8](repeating: 0, count: rowBytes - row.count)
        }
        var info = littleEndian32(layout == .argb32 ? 124 : 40) + littleEndian32(canvas.width) + littleEndian32(canvas.height)
        info += littleEndian16(1) + littleEndian16(bytesPerPixel * 8) + littleEndian32(layout == .argb32 ? 3 : 0)
        info += littleEndian32(pixelData.count) + littleEndian32(2835) + littleEndian32(2835) + littleEndian32(0) + littleEndian32(0)
        if layout == .argb32 {
            info +=
                littleEndian32(0x00FF_0000) + littleEndian32(0x0000_FF00) + littleEndian32(0x0000_00FF) + littleEndian32(Int(0xFF00_0000))
            info += Array("BGRs".utf8.reversed())  // LCS_sRGB
            // Endpoints and gammas (unused for sRGB), the rendering intent, no profile.
            info += [UInt8](repeating: 0, count: 36 + 12) + littleEndian32(4) + [UInt8](repeating: 0, count: 12)
        }
        let offset = 14 + info.count
        return Array("BM".utf8) + littleEndian32(offset + pixelData.count) + littleEndian32(0) + littleEndian32(offset) + info + pixelData
    }

    // MARK: TIFF

    public enum TIFFLayout: Sendable {
        case rgb8, rgba8, grey8, rgb16
        /// Photometric "separated": the canvas's colours as naive CMYK ink.
        case cmyk8
    }

    /// An uncompressed little-endian TIFF, one strip, with an Orientation tag when given.
    public static func tiff(_ canvas: TestCanvas, layout: TIFFLayout, orientation: Int? = nil) -> [UInt8] {
        let bitsPerSample: Int, samples: Int, photometric: Int
        let pixelBytes: [UInt8]
        switch layout {
        case .rgb8:
            (bitsPerSample, samples, photometric) = (8, 3, 2)
            pixelBytes = canvas.rows { [canvas.red($0, $1), canvas.green($0, $1), canvas.blue($0, $1)] }.flatMap { $0 }
        case .rgba8:
            (bitsPerSample, samples, photometric) = (8, 4, 2)
            pixelBytes = canvas.rows { [canvas.red($0, $1), canvas.green($0, $1), canvas.blue($0, $1), canvas.alpha($0, $1)] }.flatMap {
                $0
            }
        case .grey8:
            (bitsPerSample, samples, photometric) = (8, 1, 1)
            pixelBytes = canvas.rows { [canvas.red($0, $1)] }.flatMap { $0 }
        case .rgb16:
            (bitsPerSample, samples, photometric) = (16, 3, 2)
            pixelBytes = canvas.rows { x, y in [canvas.red(x, y), canvas.green(x, y), canvas.blue(x, y)].flatMap { [$0, $0] } }.flatMap {
                $0
            }
        case .cmyk8:
            (bitsPerSample, samples, photometric) = (8, 4, 5)
            pixelBytes = canvas.rows { x, y in
                let red = Int(canvas.red(x, y)), green = Int(canvas.green(x, y)), blue = Int(canvas.blue(x, y))
                let black = 255 - max(red, green, blue)
                func ink(_ value: Int) -> UInt8 {
                    black == 255 ? 0 : UInt8(((255 - value - black) * 255 + (255 - black) / 2) / (255 - black))
                }
                return [ink(red), ink(green), ink(blue), UInt8(black)]
            }.flatMap { $0 }
        }
        // Tags, ascending; values over four bytes go after the directory.
        var tags: [(tag: Int, type: Int, count: Int, value: [UInt8])] = [
            (256, 4, 1, littleEndian32(canvas.width)), (257, 4, 1, littleEndian32(canvas.height)),
            (258, 3, samples, (0..<samples).flatMap { _ in littleEndian16(bitsPerSample) }), (259, 3, 1, littleEndian16(1)),
            (262, 3, 1, littleEndian16(photometric)), (273, 4, 1, []), (277, 3, 1, littleEndian16(samples)),
            (278, 4, 1, littleEndian32(canvas.height)), (279, 4, 1, littleEndian32(pixelBytes.count)), (284, 3, 1, littleEndian16(1)),
        ]
        if let orientation { tags.append((274, 3, 1, littleEndian16(orientation))) }
        if layout == .rgba8 { tags.append((338, 3, 1, littleEndian16(2))) }  // unassociated alpha
        tags.sort { $0.tag < $1.tag }
        let directoryOffset = 8, directorySize = 2 + tags.count * 12 + 4
        var extraOffset = directoryOffset + directorySize
        var extra: [UInt8] = []
        var entries: [UInt8] = []
        let pixelOffset = extraOffset + tags.filter { $0.value.count > 4 }.reduce(0) { $0 + $1.value.count }
        for (tag, type, count, value) in tags {
            entries += littleEndian16(tag) + littleEndian16(type) + littleEndian32(count)
            let bytes = tag == 273 ? littleEndian32(pixelOffset) : value
            if bytes.count > 4 {
                entries += littleEndian32(extraOffset)
                extra += bytes
                extraOffset += bytes.count
            } else {
                entries += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
            }
        }
        return Array("II".utf8) + littleEndian16(42) + littleEndian32(directoryOffset) + littleEndian16(tags.count) + entries
            + littleEndian32(0)
            + extra + pixelBytes
    }

    // MARK: GIF

    /// A GIF89a of the canvas (at most 256 colours); a fully transparent colour becomes the
    /// transparent index.
    public static func gif(_ canvas: TestCanvas) -> [UInt8] {
        let palette = canvas.palette
        precondition(palette.count <= 256, "a GIF holds at most 256 colours")
        var bits = 2
        while 1 << bits < palette.count { bits += 1 }
        let tableSize = 1 << bits
        var bytes = Array("GIF89a".utf8) + littleEndian16(canvas.width) + littleEndian16(canvas.height) + [0x80 | UInt8(bits - 1), 0, 0]
        for index in 0..<tableSize {
            let color = index < palette.count ? palette[index] : 0
            bytes += [UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)]
        }
        if let transparent = palette.firstIndex(where: { $0 >> 24 == 0 }) {
            bytes += [0x21, 0xF9, 4, 1, 0, 0, UInt8(transparent), 0]
        }
        bytes += [0x2C] + littleEndian16(0) + littleEndian16(0) + littleEndian16(canvas.width) + littleEndian16(canvas.height) + [0]
        let index = Dictionary(uniqueKeysWithValues: palette.enumerated().map { ($1, $0) })
        let indices = canvas.pixels.map { index[$0] ?? 0 }
        bytes += [UInt8(bits)] + subBlocks(lzwLiterals(indices, minimumCodeSize: bits)) + [0, 0x3B]
        return bytes
    }

    /// LZW that only ever sends literals, with a clear code before the table would grow: valid
    /// for every decoder, just not small.
    static func lzwLiterals(_ indices: [Int], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1, width = minimumCodeSize + 1
        var output: [UInt8] = [], buffer = 0, bitCount = 0
        func emit(_ code: Int) {
            buffer |= code << bitCount
            bitCount += width
            while bitCount >= 8 {
                output.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                bitCount -= 8
            }
        }
        let run = (1 << width) - clear - 3  // literals per clear: the table never reaches 2^width
        for (offset, value) in indices.enumerated() {
            if offset % run == 0 { emit(clear) }
            emit(value)
        }
        emit(end)
        if bitCount > 0 { output.append(UInt8(buffer & 0xFF)) }
        return output
    }

    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        stride(from: 0, to: data.count, by: 255).flatMap { start -> [UInt8] in
            let block = data[start..<min(data.count, start + 255)]
            return [UInt8(block.count)] + block
        } + [0]
    }

    // MARK: gdk-pixbuf's savers (JPEG, ICO)

    /// Saves the canvas with gdk-pixbuf's saver for `type` ("jpeg" drops alpha, "ico" keeps it).
    public static func savedByGdkPixbuf(_ canvas: TestCanvas, type: String, options: [(String, String)] = []) throws -> [UInt8] {
        let hasAlpha = type != "jpeg"
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, Int32(canvas.width), Int32(canvas.height)),
            let pixels = gdk_pixbuf_get_pixels(pixbuf)
        else { throw HarnessError("cannot allocate a \(canvas.width)×\(canvas.height) pixbuf") }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = hasAlpha ? 4 : 3
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let pixel = pixels + y * stride + x * channels
                pixel[0] = canvas.red(x, y)
                pixel[1] = canvas.green(x, y)
                pixel[2] = canvas.blue(x, y)
                if hasAlpha { pixel[3] = canvas.alpha(x, y) }
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "photoboard-saver-\(getpid())-\(UUID().uuidString).\(type)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var keys: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.0) } + [nil]
        var values: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.1) } + [nil]
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
        }
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_savev(pixbuf, path, type, &keys, &values, &error) != 0 else {
            let message = cx11_take_error_message(error).map { pointer in
                defer { cx11_g_free(pointer) }
                return String(cString: pointer)
            }
            throw HarnessError("gdk-pixbuf cannot save \(type): \(message ?? "no reason")")
        }
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    // MARK: EXIF

    /// A TIFF structure (what EXIF is) whose first IFD holds just the Orientation.
    public static func exifOrientation(_ value: Int, bigEndian: Bool = true) -> [UInt8] {
        if bigEndian {
            return Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(value), 0, 0, 0, 0, 0, 0]
        }
        return Array("II".utf8) + [42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(value), 0, 0, 0, 0, 0, 0, 0]
    }

    /// A JPEG with an APP1 "Exif" segment holding `exif`, right after SOI.
    public static func jpeg(_ jpeg: [UInt8], insertingEXIF exif: [UInt8]) -> [UInt8] {
        let body = Array("Exif".utf8) + [0, 0] + exif
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body + jpeg.dropFirst(2)
    }

    /// An animated WebP (VP8X, ANIM, one ANMF per frame) of `width`×`height` from simple
    /// (VP8L or VP8) WebP files of that size, each shown for 100 ms.
    public static func animatedWebP(frames: [[UInt8]], width: Int, height: Int) throws -> [UInt8] {
        func three(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)] }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            Array(type.utf8) + littleEndian32(body.count) + body + (body.count % 2 == 1 ? [0] : [])
        }
        var chunks = chunk("VP8X", [0x02 | 0x10, 0, 0, 0] + three(width - 1) + three(height - 1))
        chunks += chunk("ANIM", [255, 255, 255, 255, 0, 0])
        for frame in frames {
            guard frame.count > 20, Array(frame[8..<12]) == Array("WEBP".utf8) else { throw HarnessError("a frame is not a WebP file") }
            chunks += chunk("ANMF", three(0) + three(0) + three(width - 1) + three(height - 1) + three(100) + [0] + Array(frame[12...]))
        }
        return Array("RIFF".utf8) + littleEndian32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    }

    /// A WebP with an EXIF chunk: a simple file (VP8 or VP8L) becomes an extended one (VP8X)
    /// of canvas `width`×`height`; an extended one gets the EXIF flag.
    public static func webp(_ webp: [UInt8], insertingEXIF exif: [UInt8], width: Int, height: Int, hasAlpha: Bool) throws -> [UInt8] {
        guard webp.count > 20, Array(webp[0..<4]) == Array("RIFF".utf8), Array(webp[8..<12]) == Array("WEBP".utf8) else {
            throw HarnessError("not a WebP file")
        }
        var chunks = Array(webp[12...])
        if Array(chunks[0..<4]) == Array("VP8X".utf8) {
            chunks[8] |= 0x08
        } else {
            func three(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)] }
            let flags: UInt8 = 0x08 | (hasAlpha ? 0x10 : 0)
            chunks = Array("VP8X".utf8) + littleEndian32(10) + [flags, 0, 0, 0] + three(width - 1) + three(height - 1) + chunks
        }
        chunks += Array("EXIF".utf8) + littleEndian32(exif.count) + exif + (exif.count % 2 == 1 ? [0] : [])
        return Array("RIFF".utf8) + littleEndian32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    }
}
