import CX11
import Foundation

extension PictureEncoders {
    /// Writes a `width`×`height` 8-bit RGB PNG to `path` row by row, so a picture of hundreds of
    /// megapixels never exists in memory here: each row comes from `row(y)` (`width` × 3 bytes)
    /// and goes through one streaming deflate (zlib's fastest level) into IDAT chunks.
    public static func writeLargePNG(to path: String, width: Int, height: Int, row: (Int) -> [UInt8]) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let output = FileHandle(forWritingAtPath: path) else {
            throw HarnessError("cannot create \(path)")
        }
        defer { try? output.close() }
        let header = bigEndian32(width) + bigEndian32(height) + [8, 2, 0, 0, 0]
        try output.write(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header))
        var stream = z_stream()
        guard deflateInit_(&stream, Z_BEST_SPEED, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw HarnessError("zlib cannot start a deflate stream")
        }
        defer { deflateEnd(&stream) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        /// Deflates `input` (all of it; with `Z_FINISH`, to the stream's end) and writes each
        /// full output buffer as an IDAT chunk.
        func deflateAll(_ input: [UInt8], flush: Int32) throws {
            var input = input
            var status = Z_OK
            try input.withUnsafeMutableBufferPointer { source in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                repeat {
                    let produced = buffer.withUnsafeMutableBufferPointer { target -> Int in
                        stream.next_out = target.baseAddress
                        stream.avail_out = uInt(target.count)
                        status = deflate(&stream, flush)
                        return target.count - Int(stream.avail_out)
                    }
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                        throw HarnessError("zlib deflate failed with status \(status)")
                    }
                    if produced > 0 { try output.write(contentsOf: chunk("IDAT", Array(buffer.prefix(produced)))) }
                } while stream.avail_in > 0 || (flush == Z_FINISH && status != Z_STREAM_END)
            }
        }
        for y in 0..<height {
            let pixels = row(y)
            precondition(pixels.count == width * 3, "a row of an RGB PNG holds width × 3 bytes")
            try deflateAll([0] + pixels, flush: Z_NO_FLUSH)  // filter type 0
        }
        try deflateAll([], flush: Z_FINISH)
        try output.write(contentsOf: chunk("IEND", []))
    }
}
