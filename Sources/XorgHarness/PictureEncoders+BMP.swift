import CX11
import Foundation

extension PictureEncoders {
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
}
