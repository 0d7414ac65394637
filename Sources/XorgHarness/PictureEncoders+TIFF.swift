import CX11
import Foundation

extension PictureEncoders {
    public enum TIFFLayout: Sendable {
        case rgb8, rgba8, grey8, rgb16
        /// Photometric "separated": the canvas's colours as naive CMYK ink.
        case cmyk8
    }

    /// An uncompressed little-endian TIFF, one strip, with an Orientation tag when given, and an
    /// ICC profile (tag 34675) when given.
    public static func tiff(_ canvas: TestCanvas, layout: TIFFLayout, orientation: Int? = nil, iccProfile: [UInt8]? = nil) -> [UInt8] {
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
        if let iccProfile { tags.append((34675, 7, iccProfile.count, iccProfile)) }
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
}
