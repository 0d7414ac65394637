import CX11
import Foundation

extension PictureEncoders {
    /// The most profile bytes one JPEG APP2 segment holds (65,535 less the length, the
    /// "ICC_PROFILE\0" signature and the two numbers), as libjpeg-turbo's `jpeg_write_icc_profile`.
    public static let iccBytesPerSegment = 65_519

    /// A JPEG with `profile` in APP2 "ICC_PROFILE" segments right after SOI, cut into segments of
    /// at most `bytesPerSegment`, numbered 1…n of n (ICC.1:2010, B.4); `order` lists the
    /// segment numbers in the order they are written (all of them by default), so a test can
    /// leave one out or write them shuffled.
    public static func jpeg(
        _ jpeg: [UInt8], insertingICC profile: [UInt8], bytesPerSegment: Int = iccBytesPerSegment, order: [Int]? = nil
    ) -> [UInt8] {
        let chunks = stride(from: 0, to: profile.count, by: bytesPerSegment).map {
            Array(profile[$0..<min(profile.count, $0 + bytesPerSegment)])
        }
        var segments: [UInt8] = []
        for number in order ?? Array(1...chunks.count) {
            let body = Array("ICC_PROFILE".utf8) + [0, UInt8(number), UInt8(chunks.count)] + chunks[number - 1]
            segments += [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        return Array(jpeg.prefix(2)) + segments + jpeg.dropFirst(2)
    }

    /// A PNG with `chunks` (each whole: length, type, data, CRC) inserted right after IHDR, where
    /// colour chunks belong (before PLTE and IDAT).
    public static func png(_ png: [UInt8], inserting chunks: [[UInt8]]) -> [UInt8] {
        let afterHeader = 8 + 25  // signature, IHDR
        return Array(png.prefix(afterHeader)) + chunks.flatMap { $0 } + png.dropFirst(afterHeader)
    }

    /// An iCCP chunk: `name`, NUL, compression method 0, the profile compressed with zlib.
    public static func iccpChunk(_ profile: [UInt8], name: String = "ICC profile") -> [UInt8] {
        var length = compressBound(uLong(profile.count))
        var compressed = [UInt8](repeating: 0, count: Int(length))
        let status = profile.withUnsafeBufferPointer { source in
            compressed.withUnsafeMutableBufferPointer { compress2($0.baseAddress, &length, source.baseAddress, uLong(source.count), 9) }
        }
        precondition(status == Z_OK, "zlib cannot compress a profile")
        return chunk("iCCP", Array(name.utf8) + [0, 0] + compressed.prefix(Int(length)))
    }

    /// A cICP chunk: colour primaries, transfer characteristics, matrix coefficients (0 for RGB),
    /// full range (1).
    public static func cicpChunk(primaries: UInt8, transfer: UInt8, matrix: UInt8 = 0, fullRange: UInt8 = 1) -> [UInt8] {
        chunk("cICP", [primaries, transfer, matrix, fullRange])
    }

    /// A WebP with `profile` in an ICCP chunk: a simple file becomes an extended one (VP8X, ICC
    /// flag), the ICCP chunk right after VP8X as the container specification orders it.
    public static func webp(_ webp: [UInt8], insertingICC profile: [UInt8], width: Int, height: Int, hasAlpha: Bool) throws -> [UInt8] {
        guard webp.count > 20, Array(webp[0..<4]) == Array("RIFF".utf8), Array(webp[8..<12]) == Array("WEBP".utf8) else {
            throw HarnessError("not a WebP file")
        }
        var chunks = Array(webp[12...])
        let iccp = Array("ICCP".utf8) + littleEndian32(profile.count) + profile + (profile.count % 2 == 1 ? [0] : [])
        if Array(chunks[0..<4]) == Array("VP8X".utf8) {
            chunks[8] |= 0x20
            chunks = Array(chunks.prefix(18)) + iccp + chunks.dropFirst(18)
        } else {
            func three(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)] }
            let flags: UInt8 = 0x20 | (hasAlpha ? 0x10 : 0)
            chunks = Array("VP8X".utf8) + littleEndian32(10) + [flags, 0, 0, 0] + three(width - 1) + three(height - 1) + iccp + chunks
        }
        return Array("RIFF".utf8) + littleEndian32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    }

    /// A TIFF structure (what EXIF is), big-endian, whose first IFD points to an EXIF IFD with
    /// ColorSpace `colourSpace` (0xFFFF: uncalibrated) and an interoperability IFD with the
    /// index `index` ("R03": Adobe RGB, "R98": sRGB), as DCF cameras write them.
    public static func exifColourSpace(_ colourSpace: Int = 0xFFFF, interoperabilityIndex index: String = "R03") -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
            u16(tag) + u16(type) + bigEndian32(count) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        // Header (8), IFD0 at 8 (2 + 12 + 4 = 18), EXIF IFD at 26 (2 + 2 × 12 + 4 = 30), interop at 56.
        let ifd0 = u16(1) + entry(0x8769, 4, 1, bigEndian32(26)) + bigEndian32(0)
        let exif = u16(2) + entry(0xA001, 3, 1, u16(colourSpace)) + entry(0xA005, 4, 1, bigEndian32(56)) + bigEndian32(0)
        let interop = u16(1) + entry(0x0001, 2, 4, Array(index.utf8.prefix(3)) + [0]) + bigEndian32(0)
        return Array("MM".utf8) + [0, 42] + bigEndian32(8) + ifd0 + exif + interop
    }
}
