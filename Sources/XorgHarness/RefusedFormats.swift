import Foundation

/// Pictures in the formats the board refuses by their content — TGA, XBM, XPM, ICNS, ANI, SVG,
/// PNM and QTIF — each a real file that one of gdk-pixbuf's loaders claims (the tests check that
/// too), so the board's refusal is what keeps it from a loader, not a broken sample.
public enum RefusedFormats {
    /// One sample: the format's name, the gdk-pixbuf loader that would claim it, its bytes.
    public struct Sample: Sendable, CustomStringConvertible {
        public let name: String
        public let loader: String
        public let bytes: [UInt8]

        public var description: String { name }
    }

    /// Every refused format, an 8×8 (or 16×16) orange picture each.
    public static func samples() throws -> [Sample] {
        [
            Sample(name: "TGA", loader: "tga", bytes: tga()),
            Sample(name: "XBM", loader: "xbm", bytes: Array(xbm.utf8)),
            Sample(name: "XPM", loader: "xpm", bytes: Array(xpm.utf8)),
            Sample(name: "ICNS", loader: "icns", bytes: icns()),
            Sample(name: "ANI", loader: "ani", bytes: try ani()),
            Sample(name: "SVG", loader: "svg", bytes: Array(svg.utf8)),
            Sample(name: "PNM", loader: "pnm", bytes: pnm()),
            Sample(name: "QTIF", loader: "qtif", bytes: qtif()),
        ]
    }

    static let orange: [UInt8] = [0xFF, 0x80, 0x00]

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16) }
    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Uncompressed true-colour Targa, top-left origin, BGR.
    static func tga() -> [UInt8] {
        let header: [UInt8] = [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0] + le16(8) + le16(8) + [24, 0x20]
        return header + Array(repeating: [orange[2], orange[1], orange[0]], count: 64).flatMap { $0 }
    }

    static let xbm = """
        #define orange_width 8
        #define orange_height 8
        static unsigned char orange_bits[] = {
           0xff, 0x81, 0x81, 0x81, 0x81, 0x81, 0x81, 0xff };

        """

    static let xpm = """
        /* XPM */
        static char *orange[] = {
        "8 8 1 1",
        "a c #FF8000",
        \(Array(repeating: "\"aaaaaaaa\",", count: 7).joined(separator: "\n"))
        "aaaaaaaa"
        };

        """

    static let svg = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#ff8000"/></svg>

        """

    /// A Mac OS icon: a 16×16 `is32` (run-length coded channels) with its `s8mk` mask.
    static func icns() -> [UInt8] {
        // 256 samples a channel: runs of 130 (0xFF) and 126 (0xFB) of the same value.
        let channels: [UInt8] = orange.flatMap { [0xFF, $0, 0xFB, $0] }
        let image = Array("is32".utf8) + be32(8 + channels.count) + channels
        let mask = Array("s8mk".utf8) + be32(8 + 256) + Array(repeating: 0xFF, count: 256)
        return Array("icns".utf8) + be32(8 + image.count + mask.count) + image + mask
    }

    /// A Windows animated cursor: one frame, an ICO made by gdk-pixbuf's own ICO saver.
    static func ani() throws -> [UInt8] {
        let icon = try PictureEncoders.savedByGdkPixbuf(TestCanvas.flat(0xFF_8000, width: 16, height: 16), type: "ico")
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            Array(type.utf8) + le32(body.count) + body + (body.count % 2 == 1 ? [0] : [])
        }
        // anih: size, frames, steps, width, height, bit count, planes, rate (jiffies), flags (1: frames are icons).
        let header = chunk("anih", [36, 1, 1, 0, 0, 0, 0, 10, 1].flatMap(le32))
        let frames = chunk("LIST", Array("fram".utf8) + chunk("icon", icon))
        let body = Array("ACON".utf8) + header + frames
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    /// Binary portable pixmap.
    static func pnm() -> [UInt8] { Array("P6\n8 8\n255\n".utf8) + Array(repeating: orange, count: 64).flatMap { $0 } }

    /// A QuickTime image: an image description (`idsc`) for a PNG codec and the PNG as `idat`.
    static func qtif() -> [UInt8] {
        let png = PictureEncoders.png(TestCanvas.flat(0xFF_8000, width: 8, height: 8), layout: .rgb8)
        var description = be32(86) + Array("png ".utf8) + [UInt8](repeating: 0, count: 6) + [0, 1] + [UInt8](repeating: 0, count: 4)
        description += Array("appl".utf8) + [UInt8](repeating: 0, count: 8) + [0, 8, 0, 8] + [0, 0x48, 0, 0, 0, 0x48, 0, 0]
        description += be32(png.count) + [0, 1] + [UInt8](repeating: 0, count: 32) + [0, 24, 0xFF, 0xFF]
        return be32(8 + description.count) + Array("idsc".utf8) + description + be32(8 + png.count) + Array("idat".utf8) + png
    }
}
