import Testing
import XBoard

/// BMP and WebP files measured against the length their headers declare.
@Suite struct DeclaredLengthTests {
    private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    private func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }

    /// A Windows BMP (40-byte info header) of `width`×`height` at `bits` per pixel, pixels zero.
    private func bmp(width: Int, height: Int, bits: Int, compression: Int = 0, imageSize: Int = 0, pixels: Int? = nil) -> [UInt8] {
        let rowBytes = (width * bits + 31) / 32 * 4
        let count = pixels ?? rowBytes * abs(height)
        let info =
            le32(40) + le32(width) + le32(height) + le16(1) + le16(bits) + le32(compression) + le32(imageSize)
            + [UInt8](repeating: 0, count: 16)
        return Array("BM".utf8) + le32(54 + count) + le32(0) + le32(54) + info + [UInt8](repeating: 0, count: count)
    }

    private func bmpShortfall(_ file: [UInt8]) -> String? {
        DeclaredLength.bmpShortfall(EmbeddedOrientation.reader(over: file), fileSize: file.count)
    }

    private func webpShortfall(_ file: [UInt8]) -> String? {
        DeclaredLength.webpShortfall(EmbeddedOrientation.reader(over: file), fileSize: file.count)
    }

    @Test(arguments: [1, 4, 8, 16, 24, 32])
    func aWholeBMPIsSoundAndOneByteLessIsTruncated(bits: Int) {
        let whole = bmp(width: 13, height: 7, bits: bits)  // 13 px: rows padded to 4 bytes
        #expect(bmpShortfall(whole) == nil)
        #expect(
            bmpShortfall(Array(whole.dropLast()))
                == "truncated BMP (the file has \(whole.count - 1) of the \(whole.count) bytes its header promises)")
    }

    @Test func topDownOS2AndRunLengthBMPsAreMeasuredAsTheirHeadersSay() {
        #expect(bmpShortfall(bmp(width: 5, height: -3, bits: 24)) == nil)  // top-down rows
        #expect(bmpShortfall(Array(bmp(width: 5, height: -3, bits: 24).dropLast(4))) != nil)
        // OS/2's 12-byte core header: 16-bit sizes.
        let core = Array("BM".utf8) + le32(26 + 2 * 12) + le32(0) + le32(26) + le32(12) + le16(4) + le16(2) + le16(1) + le16(24)
        #expect(bmpShortfall(core + [UInt8](repeating: 0, count: 24)) == nil)
        #expect(bmpShortfall(core + [UInt8](repeating: 0, count: 23)) != nil)
        // RLE8: the stated image size; none stated, nothing to measure.
        #expect(bmpShortfall(bmp(width: 64, height: 64, bits: 8, compression: 1, imageSize: 100, pixels: 100)) == nil)
        #expect(bmpShortfall(bmp(width: 64, height: 64, bits: 8, compression: 1, imageSize: 100, pixels: 60)) != nil)
        #expect(bmpShortfall(bmp(width: 64, height: 64, bits: 8, compression: 1, imageSize: 0, pixels: 60)) == nil)
    }

    @Test func bmpHeadersThatSayNothingMeasurableAreLeftAlone() {
        #expect(bmpShortfall(bmp(width: 64, height: 64, bits: 24, compression: 4, pixels: 10)) == nil)  // an embedded JPEG
        // A size past Int: the pixel limit refuses such a picture before it is checked.
        #expect(bmpShortfall(bmp(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, bits: 32, pixels: 10)) == nil)
        #expect(bmpShortfall(bmp(width: 64, height: 64, bits: 3, pixels: 10)) == nil)  // no such depth
        #expect(bmpShortfall(Array("BM".utf8) + [UInt8](repeating: 0, count: 20)) == nil)
        #expect(bmpShortfall(Array("not a bitmap at all".utf8)) == nil)
    }

    /// A WebP: RIFF header and `chunks` (type, length of data), with the RIFF size `riffSize`
    /// (by default what they make).
    private func webp(_ chunks: [(String, Int)], riffSize: Int? = nil) -> [UInt8] {
        let body = chunks.flatMap { type, length in
            Array(type.utf8) + le32(length) + [UInt8](repeating: 0x5A, count: length + (length & 1))
        }
        return Array("RIFF".utf8) + le32(riffSize ?? 4 + body.count) + Array("WEBPE".utf8).dropLast() + body
    }

    @Test func aWholeWebPIsSoundAndACutOneSaysWhichChunkIsCutOff() {
        let whole = webp([("VP8X", 10), ("VP8L", 300), ("EXIF", 41)])
        #expect(webpShortfall(whole) == nil)
        #expect(webpShortfall(Array(whole.prefix(200))) == "truncated WebP (chunk VP8L at byte 30 is cut off)")
        #expect(webpShortfall(Array(whole.prefix(32))) == "truncated WebP (it ends inside the chunk header at byte 30)")
        #expect(webpShortfall(Array(webp([("VP8 ", 500)]).prefix(100))) == "truncated WebP (chunk VP8 at byte 12 is cut off)")
    }

    @Test func aRIFFSizeLargerThanTheFileIsTruncationButAMissingPaddingByteIsNot() {
        let whole = webp([("VP8L", 300)])
        #expect(
            webpShortfall(webp([("VP8L", 300)], riffSize: 4 + 308 + 100))
                == "truncated WebP (the file has \(whole.count) of the \(whole.count + 100) bytes its RIFF header promises)")
        let odd = webp([("VP8L", 301)])
        #expect(webpShortfall(Array(odd.dropLast())) == nil)  // the last chunk's padding byte
        #expect(webpShortfall(Array(odd.dropLast(2))) == "truncated WebP (chunk VP8L at byte 12 is cut off)")
    }

    @Test func aChunkNameThatIsNotTextIsShownInHex() {
        let file = Array("RIFF".utf8) + le32(1000) + Array("WEBP".utf8) + [0x01, 0xFF, 0x20, 0x41] + le32(900) + [0, 0]
        #expect(webpShortfall(file) == "truncated WebP (chunk 0x01FF2041 at byte 12 is cut off)")
        #expect(webpShortfall(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
    }
}
