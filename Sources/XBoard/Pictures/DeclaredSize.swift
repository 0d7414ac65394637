/// The size a picture file declares in its header, and how its pixels are stored, read without
/// decoding anything — for every format the board opens.
///
/// The board refuses a decompression bomb from this before any decoder sees the file, and budgets
/// the decode's memory from it (`DecodePlan`). Loaders cannot be asked instead: gdk-pixbuf's WebP
/// loader builds the whole animation canvas to report a size (a 3-byte canvas width of 8,421,505
/// kept it busy 20 s), and the HEIF/AVIF loaders decode the image. Every offset and length read
/// from the file is checked against what was read; a header that cannot be read gives `nil`.
public struct DeclaredSize: Hashable, Sendable, CustomStringConvertible {
    /// Width and height in pixels as stored (before any orientation is applied).
    public var width: Int
    public var height: Int
    /// The whole picture must be held while it decodes: a progressive JPEG's coefficients, an
    /// interlaced PNG's passes.
    public var isProgressive = false
    /// A WebP animation (its loader composes a canvas) — only the first frame is shown.
    public var isAnimated = false
    /// A lossless WebP: its decoder keeps every pixel, since back-references reach anywhere.
    public var isLossless = false
    /// TIFF: rows in each strip; `nil` for a tiled TIFF or one that does not say (one strip).
    public var rowsPerStrip: Int?
    /// TIFF: stored in tiles rather than strips of rows.
    public var isTiled = false

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The pixel count, saturating (a forged header cannot overflow it).
    public var pixelCount: Int { width.multipliedReportingOverflow(by: height).overflow ? .max : width * height }

    public var description: String { "\(width)×\(height)" }

    /// Reads the header of a file holding `format`.
    public static func read(_ format: PictureFormat, from bytes: EmbeddedOrientation.ByteReader) -> DeclaredSize? {
        switch format {
        case .jpeg: jpeg(bytes)
        case .png: png(bytes)
        case .gif: gif(bytes)
        case .webp: webp(bytes)
        case .tiff: tiff(bytes)
        case .bmp: bmp(bytes)
        case .heif, .avif: isoMedia(bytes)
        case .ico: ico(bytes)
        }
    }

    /// The same, from bytes in memory (recognizing the format by content).
    public static func read(from file: [UInt8]) -> DeclaredSize? {
        guard case .picture(let format) = PictureContent(head: Array(file.prefix(PictureContent.headLength))) else { return nil }
        return read(format, from: EmbeddedOrientation.reader(over: file))
    }

    static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }
    static func littleEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reversed().reduce(0) { $0 << 8 | Int($1) } }

    /// PNG: the IHDR chunk, which must come first.
    static func png(_ bytes: EmbeddedOrientation.ByteReader) -> DeclaredSize? {
        let header = bytes(8, 25)
        guard header.count == 25, header[4..<8].elementsEqual("IHDR".utf8) else { return nil }
        var size = DeclaredSize(width: bigEndian(header[8..<12]), height: bigEndian(header[12..<16]))
        size.isProgressive = header[20] == 1  // Adam7
        return size
    }

    /// JPEG: the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC), before the scan.
    static func jpeg(_ bytes: EmbeddedOrientation.ByteReader) -> DeclaredSize? {
        var offset = 2
        for _ in 0..<EmbeddedOrientation.maximumBlocks {
            let marker = bytes(offset, 9)
            guard marker.count >= 2, marker[0] == 0xFF else { return nil }
            let code = marker[1]
            if code == 0xFF {  // fill byte
                offset += 1
                continue
            }
            if code == 0xD9 || code == 0xDA { return nil }  // the image ended or its data began without a frame
            if code == 0x01 || (0xD0...0xD7).contains(code) {
                offset += 2
                continue
            }
            guard marker.count >= 4 else { return nil }
            let length = bigEndian(marker[2..<4])
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code) {
                guard marker.count == 9, length >= 8 else { return nil }
                var size = DeclaredSize(width: bigEndian(marker[7..<9]), height: bigEndian(marker[5..<7]))
                size.isProgressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(code)
                return size
            }
            offset += 2 + length
        }
        return nil
    }

    /// GIF: the logical screen, which is the canvas gdk-pixbuf's loader composes frames on.
    static func gif(_ bytes: EmbeddedOrientation.ByteReader) -> DeclaredSize? {
        let header = bytes(6, 4)
        guard header.count == 4 else { return nil }
        return DeclaredSize(width: littleEndian(header[0..<2]), height: littleEndian(header[2..<4]))
    }

    /// The sizes a BMP info header comes in: OS/2's core (12) and version 2 (16, 64), Windows'
    /// 40, the 52 and 56 of Adobe's variants, and versions 4 (108) and 5 (124).
    static let bmpInfoSizes: Set<Int> = [12, 16, 40, 52, 56, 64, 108, 124]

    /// BMP: the info header after the 14-byte file header (OS/2's 12-byte core header, or
    /// Windows' 40 bytes and up with signed dimensions; a negative height means top-down rows).
    /// Any other info header size is no BMP, nor is one whose pixels would start past its end,
    /// nor one of up to 8 bits a pixel whose palette has more colours than the bits can index:
    /// gdk-pixbuf's loader allocates whatever a file claims for each (the fuzzer found 104-, 54-
    /// and 141-byte files making it reallocate 3.7, 4.0 and 4.0 GiB, the last for a palette of
    /// 2³²−1 colours, times four bytes, wrapped to 32 bits).
    static func bmp(_ bytes: EmbeddedOrientation.ByteReader) -> DeclaredSize? {
        let fileHeader = bytes(10, 4), header = bytes(14, 36)
        guard fileHeader.count == 4, header.count >= 12 else { return nil }
        let infoSize = littleEndian(header[0..<4]), pixelsOffset = littleEndian(fileHeader[0..<4])
        guard bmpInfoSizes.contains(infoSize), pixelsOffset == 0 || bytes(pixelsOffset - 1, 1).count == 1 else { return nil }
        if infoSize == 12 { return DeclaredSize(width: littleEndian(header[4..<6]), height: littleEndian(header[6..<8])) }
        if infoSize >= 36 {  // biClrUsed is the info header's ninth field: 0 means "as many as the bits index"
            guard header.count == 36 else { return nil }
            let bitsPerPixel = littleEndian(header[14..<16]), coloursUsed = littleEndian(header[32..<36])
            guard bitsPerPixel > 8 || coloursUsed <= 1 << bitsPerPixel else { return nil }
        }
        let width = Int(Int32(truncatingIfNeeded: littleEndian(header[4..<8])))
        let height = Int(Int32(truncatingIfNeeded: littleEndian(header[8..<12])))
        return DeclaredSize(width: abs(width), height: abs(height))
    }

    /// ICO and CUR: the largest of the icons in the directory — each entry's own size byte and
    /// the size its bitmap header (or embedded PNG) states, whichever is larger, since the loader
    /// believes the bitmap.
    static func ico(_ bytes: EmbeddedOrientation.ByteReader) -> DeclaredSize? {
        let header = bytes(0, 6)
        guard header.count == 6 else { return nil }
        let count = littleEndian(header[4..<6])
        guard count > 0 else { return nil }
        let entries = bytes(6, count * 16)
        guard entries.count == count * 16 else { return nil }
        var largest: DeclaredSize?
        for index in 0..<count {
            let entry = entries[(index * 16)..<(index * 16 + 16)]
            let start = entry.startIndex
            var width = Int(entry[start]) == 0 ? 256 : Int(entry[start])
            var height = Int(entry[start + 1]) == 0 ? 256 : Int(entry[start + 1])
            let offset = littleEndian(entry[(start + 12)..<(start + 16)])
            let image = bytes(offset, 24)
            if image.count == 24, image.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                width = max(width, bigEndian(image[16..<20]))
                height = max(height, bigEndian(image[20..<24]))
            } else if image.count >= 12 {
                width = max(width, abs(Int(Int32(truncatingIfNeeded: littleEndian(image[4..<8])))))
                height = max(height, abs(Int(Int32(truncatingIfNeeded: littleEndian(image[8..<12])))) / 2)  // colours, then the mask
            }
            let size = DeclaredSize(width: width, height: height)
            if size.pixelCount > largest?.pixelCount ?? -1 { largest = size }
        }
        return largest
    }

    /// TIFF: ImageWidth (256) and ImageLength (257) of the first IFD — the image gdk-pixbuf's
    /// loader shows — and RowsPerStrip (278), or tiles (TileWidth, 322). A tag given twice counts
    /// once, as libtiff reads it: the first time (the fuzzer found a second, smaller width slip a
    /// 4-billion-pixel-wide TIFF past the limit when the last one counted).
    static func tiff(_ bytes: EmbeddedOrientation.ByteReader) -> DeclaredSize? {
        let header = bytes(0, 8)
        guard header.count == 8 else { return nil }
        let isLittleEndian = header[0] == 0x49
        func number(_ slice: ArraySlice<UInt8>) -> Int { isLittleEndian ? littleEndian(slice) : bigEndian(slice) }
        let directory = number(header[4..<8])
        let countBytes = bytes(directory, 2)
        guard directory >= 8, countBytes.count == 2 else { return nil }
        let count = number(countBytes[0..<2])
        let entries = bytes(directory + 2, count * 12)
        guard count > 0, entries.count == count * 12 else { return nil }
        var tags: [Int: Int] = [:]
        for index in 0..<count {
            let entry = entries[(index * 12)..<(index * 12 + 12)]
            let start = entry.startIndex
            let tag = number(entry[start..<(start + 2)])
            guard [256, 257, 278, 322].contains(tag), tags[tag] == nil, number(entry[(start + 4)..<(start + 8)]) >= 1 else { continue }
            switch number(entry[(start + 2)..<(start + 4)]) {
            case 3: tags[tag] = number(entry[(start + 8)..<(start + 10)])  // SHORT, left-justified
            case 4: tags[tag] = number(entry[(start + 8)..<(start + 12)])  // LONG
            default: continue
            }
        }
        guard let width = tags[256], let height = tags[257] else { return nil }
        var size = DeclaredSize(width: width, height: height)
        size.isTiled = tags[322] != nil
        size.rowsPerStrip = size.isTiled ? nil : tags[278].map { min($0, height) }
        return size
    }

    /// WebP: the extended header's canvas, or the first frame's VP8L or VP8 header.
    static func webp(_ bytes: EmbeddedOrientation.ByteReader) -> DeclaredSize? {
        let header = bytes(12, 30)
        guard header.count >= 13 else { return nil }
        func le(_ offset: Int, _ count: Int) -> Int { littleEndian(header[offset..<(offset + count)]) }
        switch String(decoding: header[0..<4], as: UTF8.self) {
        case "VP8X" where header.count >= 18:
            var size = DeclaredSize(width: le(12, 3) + 1, height: le(15, 3) + 1)
            size.isAnimated = header[8] & 0x02 != 0
            size.isLossless = firstFrameIsLossless(bytes)
            return size
        case "VP8L" where header.count >= 13 && header[8] == 0x2F:
            let bits = le(9, 4)
            var size = DeclaredSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
            size.isLossless = true
            return size
        case "VP8 " where header.count >= 18:
            return DeclaredSize(width: le(14, 2) & 0x3FFF, height: le(16, 2) & 0x3FFF)
        default:
            return nil
        }
    }

    /// Whether an extended WebP's first frame (its first VP8 or VP8L chunk) is lossless.
    static func firstFrameIsLossless(_ bytes: EmbeddedOrientation.ByteReader) -> Bool {
        var offset = 12
        for _ in 0..<64 {
            let chunk = bytes(offset, 8)
            guard chunk.count == 8 else { return false }
            let type = String(decoding: chunk[0..<4], as: UTF8.self)
            if type == "VP8L" { return true }
            if type == "VP8 " { return false }
            // An animation frame holds its image's chunks after a 16-byte frame header.
            offset += type == "ANMF" ? 8 + 16 : 8 + littleEndian(chunk[4..<8]) + (littleEndian(chunk[4..<8]) & 1)
        }
        return false
    }

    /// HEIF/AVIF: the largest `ispe` (image spatial extents) property in the meta box — the
    /// primary image's, or a grid's, which is larger than its tiles. (As stored: `irot` may turn
    /// it; the area is the same.)
    static func isoMedia(_ bytes: EmbeddedOrientation.ByteReader) -> DeclaredSize? {
        // Walk top-level boxes to `meta`, then meta → iprp → ipco, reading only headers.
        func boxes(from start: Int, to end: Int) -> [(type: String, body: Range<Int>)] {
            withoutActuallyEscaping(bytes) { ISOBoxes(bytes: $0).children(from: start, to: end) }
        }
        guard let meta = boxes(from: 0, to: Int(Int32.max)).first(where: { $0.type == "meta" }),
            let iprp = boxes(from: meta.body.lowerBound + 4, to: meta.body.upperBound).first(where: { $0.type == "iprp" }),
            let ipco = boxes(from: iprp.body.lowerBound, to: iprp.body.upperBound).first(where: { $0.type == "ipco" })
        else { return nil }
        var largest: DeclaredSize?
        for property in boxes(from: ipco.body.lowerBound, to: ipco.body.upperBound) where property.type == "ispe" {
            let body = bytes(property.body.lowerBound, 12)
            guard body.count == 12 else { continue }
            let size = DeclaredSize(width: bigEndian(body[4..<8]), height: bigEndian(body[8..<12]))
            if size.pixelCount > largest?.pixelCount ?? -1 { largest = size }
        }
        return largest
    }
}
