import Foundation

extension FormatFixtures {
    /// The formats whose files state an orientation: EXIF in JPEG (APP1), PNG (eXIf), WebP
    /// (EXIF chunk), TIFF's own tag 274, and HEIF/AVIF's irot and imir.
    public enum OrientedKind: String, CaseIterable, Sendable, CustomStringConvertible {
        case jpeg, png, tiff, webp, heif, avif

        public var description: String { rawValue }
        public var fileExtension: String { ["jpeg": "jpg", "tiff": "tif", "heif": "heic"][rawValue] ?? rawValue }
    }

    /// A picture that shows `upright` when its `orientation` (EXIF value 1…8) is honoured: the
    /// pixels are stored turned the other way, and the file says how to turn them back.
    ///
    /// HEIF and AVIF files also carry EXIF stating the same orientation (libheif's encoder keeps
    /// it so), which a viewer must not apply on top of irot/imir.
    public static func writeOriented(_ kind: OrientedKind, upright: TestCanvas, orientation: Int, to path: String) throws {
        let stored = Self.stored(upright, forOrientation: orientation)
        let exif = PictureEncoders.exifOrientation(orientation)
        let bytes: [UInt8]
        switch kind {
        case .jpeg:
            bytes = PictureEncoders.jpeg(
                try PictureEncoders.savedByGdkPixbuf(stored, type: "jpeg", options: [("quality", "95")]), insertingEXIF: exif)
        case .png: bytes = PictureEncoders.png(stored, layout: .rgb8, exif: exif)
        case .tiff: bytes = PictureEncoders.tiff(stored, layout: .rgb8, orientation: orientation)
        case .webp:
            let webp = try encodedFromPNG(stored, tool: "cwebp", arguments: ["-quiet", "-q", "95"], output: "-o", outputExtension: "webp")
            bytes = try PictureEncoders.webp(webp, insertingEXIF: exif, width: stored.width, height: stored.height, hasAlpha: false)
        case .heif:
            // heif-enc keeps a JPEG's EXIF (orientation and all) but writes no irot/imir for it.
            let jpeg = PictureEncoders.jpeg(
                try PictureEncoders.savedByGdkPixbuf(stored, type: "jpeg", options: [("quality", "95")]), insertingEXIF: exif)
            let heif = try encoded(
                jpeg, inputExtension: "jpg", tool: "heif-enc", arguments: ["-q", "90"], output: "-o", outputExtension: "heic")
            let (rotation, mirror) = transformProperties(forOrientation: orientation)
            bytes = try HEIFTransforms.adding(rotation: rotation, mirrorAxis: mirror, to: heif)
        case .avif:
            let (rotation, mirror) = transformProperties(forOrientation: orientation)
            let exifPath = temporaryPath("exif")
            try Data(exif).write(to: URL(fileURLWithPath: exifPath))
            defer { try? FileManager.default.removeItem(atPath: exifPath) }
            var arguments = ["-s", "8", "--min", "0", "--max", "12", "--exif", exifPath]
            if let rotation { arguments += ["--irot", "\(rotation)"] }
            if let mirror { arguments += ["--imir", "\(mirror)"] }
            bytes = try encodedFromPNG(stored, tool: "avifenc", arguments: arguments, output: nil, outputExtension: "avif")
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The irot (anticlockwise quarter turns) and imir (0: top↔bottom, 1: left↔right) that
    /// show stored pixels as EXIF orientation `value` would; irot applies first.
    public static func transformProperties(forOrientation value: Int) -> (rotation: Int?, mirrorAxis: Int?) {
        switch value {
        case 2: (nil, 1)
        case 3: (2, nil)
        case 4: (nil, 0)
        case 5: (3, 1)
        case 6: (3, nil)
        case 7: (3, 0)
        case 8: (1, nil)
        default: (nil, nil)
        }
    }

    /// The stored pixels that EXIF orientation `value` shows as `upright`, from the table of
    /// EXIF 2.32 (tag 274): e.g. 6 = "the 0th row is the visual right-hand side, the 0th column
    /// the visual top". Written from the standard's words, independently of the board's code.
    public static func stored(_ upright: TestCanvas, forOrientation value: Int) -> TestCanvas {
        let swaps = value >= 5
        let width = swaps ? upright.height : upright.width, height = swaps ? upright.width : upright.height
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                // Where stored pixel (x, y) — row y, column x — appears when shown upright.
                let shown: (x: Int, y: Int)
                switch value {
                case 2: shown = (width - 1 - x, y)  // 0th row top, 0th column right
                case 3: shown = (width - 1 - x, height - 1 - y)  // 0th row bottom, 0th column right
                case 4: shown = (x, height - 1 - y)  // 0th row bottom, 0th column left
                case 5: shown = (y, x)  // 0th row left, 0th column top
                case 6: shown = (height - 1 - y, x)  // 0th row right, 0th column top
                case 7: shown = (height - 1 - y, width - 1 - x)  // 0th row right, 0th column bottom
                case 8: shown = (y, width - 1 - x)  // 0th row left, 0th column bottom
                default: shown = (x, y)
                }
                pixels[y * width + x] = upright.pixel(shown.x, shown.y)
            }
        }
        return TestCanvas(width: width, height: height, pixels: pixels)
    }

    /// Four flat quarters, `colors` in reading order: top left, top right, bottom left, bottom right.
    public static func quadrants(width: Int, height: Int, colors: [UInt32]) -> TestCanvas {
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = 0xFF00_0000 | colors[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)] }
        }
        return TestCanvas(width: width, height: height, pixels: pixels)
    }
}
