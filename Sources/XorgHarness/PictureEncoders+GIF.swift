import CX11
import Foundation

extension PictureEncoders {
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
}
