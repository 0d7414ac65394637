/// Whether a file holds as many bytes as its header says, for the formats whose loaders show a
/// cut-off file's missing part black without a word: BMP (the pixel array its header sizes) and
/// WebP (the RIFF size, and each chunk's). Truncated JPEG and PNG are found by `FileIntegrity`.
///
/// Each check returns the reason for a one-line warning ("truncated BMP (…)"), or `nil` when the
/// file is long enough or its header does not say how long it should be.
public enum DeclaredLength {
    /// The most chunks walked in a WebP (an animation has one per frame); a file with more is
    /// not checked past them.
    public static let maximumWebPChunks = 100_000

    /// A BMP shorter than its pixel array: the rows the header's width, height and bit depth
    /// make (each padded to 4 bytes) for an uncompressed or bit-field picture, or its stated
    /// image size for a run-length-encoded one, after the offset the file header gives. Other
    /// compressions (embedded JPEG or PNG, OS/2 Huffman) and a zero pixel offset are not checked.
    public static func bmpShortfall(_ bytes: EmbeddedOrientation.ByteReader, fileSize: Int) -> String? {
        let fileHeader = bytes(10, 4), header = bytes(14, 24)
        guard fileHeader.count == 4, header.count >= 12 else { return nil }
        let pixelsOffset = le(fileHeader, 0, 4), infoSize = le(header, 0, 4)
        guard pixelsOffset > 0, DeclaredSize.bmpInfoSizes.contains(infoSize) else { return nil }
        let width: Int, height: Int, bitsPerPixel: Int
        var compression = 0, imageSize = 0
        if infoSize == 12 {  // OS/2 core header: 16-bit sizes, never compressed
            (width, height, bitsPerPixel) = (le(header, 4, 2), le(header, 6, 2), le(header, 10, 2))
        } else {
            guard header.count == 24 else { return nil }
            width = abs(Int(Int32(truncatingIfNeeded: le(header, 4, 4))))
            height = abs(Int(Int32(truncatingIfNeeded: le(header, 8, 4))))
            bitsPerPixel = le(header, 14, 2)
            if infoSize >= 20 { compression = le(header, 16, 4) }
            if infoSize >= 24 { imageSize = le(header, 20, 4) }
        }
        let isWindows = infoSize != 12 && infoSize != 16 && infoSize != 64
        let pixelBytes: Int
        switch compression {
        case 0,
            3 where isWindows, 6 where isWindows:  // BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS
            guard [1, 2, 4, 8, 16, 24, 32].contains(bitsPerPixel) else { return nil }
            let (bits, overflow) = width.multipliedReportingOverflow(by: bitsPerPixel)
            let (size, overflowToo) = ((bits + 31) / 32 * 4).multipliedReportingOverflow(by: height)
            guard !overflow, !overflowToo else { return nil }
            pixelBytes = size
        case 1, 2:  // BI_RLE8, BI_RLE4: only the header's image size says how long
            guard imageSize > 0 else { return nil }
            pixelBytes = imageSize
        default:
            return nil
        }
        let needed = pixelsOffset + pixelBytes
        guard fileSize < needed else { return nil }
        return "truncated BMP (the file has \(fileSize) of the \(needed) bytes its header promises)"
    }

    /// A WebP with a chunk that runs past the file's end, or shorter than its RIFF header says
    /// (a final padding byte alone missing is no loss: every chunk is whole).
    public static func webpShortfall(_ bytes: EmbeddedOrientation.ByteReader, fileSize: Int) -> String? {
        let header = bytes(0, 12)
        guard header.count == 12, header[0..<4].elementsEqual("RIFF".utf8), header[8..<12].elementsEqual("WEBP".utf8) else {
            return nil
        }
        let riffEnd = 8 + le(header, 4, 4)
        var offset = 12
        for _ in 0..<maximumWebPChunks {
            guard offset + 8 <= riffEnd else { break }
            let chunk = bytes(offset, 8)
            if chunk.isEmpty { break }  // the file ends between chunks: the RIFF size says how much is missing
            guard chunk.count == 8 else { return "truncated WebP (it ends inside the chunk header at byte \(offset))" }
            let length = le(chunk, 4, 4)
            guard offset + 8 + length <= fileSize else {
                return "truncated WebP (chunk \(chunkName(chunk[0..<4])) at byte \(offset) is cut off)"
            }
            offset += 8 + length + (length & 1)
        }
        guard riffEnd > fileSize + 1 else { return nil }
        return "truncated WebP (the file has \(fileSize) of the \(riffEnd) bytes its RIFF header promises)"
    }

    /// A chunk's type as it reads, without trailing spaces ("VP8L", "VP8"), or in hex when it is
    /// not letters, digits and spaces.
    static func chunkName(_ bytes: ArraySlice<UInt8>) -> String {
        let isText = bytes.allSatisfy {
            (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x20
        }
        guard !isText else { return String(decoding: bytes.reversed().drop { $0 == 0x20 }.reversed(), as: UTF8.self) }
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    /// The little-endian number of `count` bytes at `offset` into `bytes`.
    private static func le(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        DeclaredSize.littleEndian(bytes[offset..<(offset + count)])
    }
}
