import CX11
import Foundation

extension PictureEncoders {
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
