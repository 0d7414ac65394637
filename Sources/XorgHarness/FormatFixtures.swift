import Foundation

/// Pictures in every format and pixel layout the board opens, made by the tests: flat colours
/// (does every layout show its true colour?) and quadrant pictures stored in any of the eight
/// EXIF orientations (does every format stand upright?).
///
/// PNG, BMP, TIFF and GIF are written byte by byte (`PictureEncoders`), JPEG and ICO by
/// gdk-pixbuf's savers; the rest by the encoders `scripts/setup test` installs: `cwebp` (webp),
/// `heif-enc` (libheif-examples), `avifenc` (libavif-bin), and ImageMagick's `convert` for CMYK
/// and progressive JPEGs.
public enum FormatFixtures {
    /// One format in one pixel layout.
    public enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case jpeg, jpegProgressive, jpegCMYK
        case pngRGB, pngRGBA, pngRGBAHalfTransparent, pngGrey, pngGreyAlpha, pngPalette, pngPaletteTransparent, pngPalette4Bit, pngRGB16,
            pngRGBA16, pngGrey16
        case gif, gifTransparent
        case bmp24, bmp32, bmp32Alpha
        case tiffRGB, tiffRGBA, tiffGrey, tiffRGB16, tiffCMYK
        case ico
        case webpLossless, webpLossy, webpAlpha
        case heif, avif

        public var description: String { rawValue }

        public var fileExtension: String {
            switch self {
            case .jpeg, .jpegProgressive, .jpegCMYK: "jpg"
            case .gif, .gifTransparent: "gif"
            case .bmp24, .bmp32, .bmp32Alpha: "bmp"
            case .tiffRGB, .tiffRGBA, .tiffGrey, .tiffRGB16, .tiffCMYK: "tif"
            case .ico: "ico"
            case .webpLossless, .webpLossy, .webpAlpha: "webp"
            case .heif: "heic"
            case .avif: "avif"
            default: "png"
            }
        }

        /// Grey layouts can only hold greys: their flat test colour is one.
        public var isGrey: Bool { [.pngGrey, .pngGreyAlpha, .pngGrey16, .tiffGrey].contains(self) }

        /// Layouts that hold transparency: their flat picture gets a transparent frame, so the
        /// file really carries alpha (and the loader hands the board RGBA).
        public var hasTransparentFrame: Bool {
            [
                .pngRGBA, .pngRGBAHalfTransparent, .pngGreyAlpha, .pngPaletteTransparent, .pngRGBA16, .gifTransparent, .bmp32Alpha,
                .tiffRGBA, .ico, .webpAlpha,
            ]
            .contains(self)
        }

        /// The inside's alpha (255 but for the half-transparent case).
        public var insideAlpha: UInt8 { self == .pngRGBAHalfTransparent ? 128 : 255 }

        /// How far a flat colour may come out per channel: lossy codecs round trip through YCbCr.
        public var tolerance: Int {
            switch self {
            case .jpeg, .jpegProgressive, .webpLossy: 6
            case .jpegCMYK: 10
            case .heif, .avif: 12
            default: 2
            }
        }

        /// The colour a flat picture of `color` must show over a print's border colour.
        public func expected(_ color: UInt32, over background: UInt32 = 0xFA_F9F5) -> UInt32 {
            let alpha = Double(insideAlpha) / 255
            return [16, 8, 0].reduce(UInt32(0)) { result, shift in
                let mixed = Double(color >> UInt32(shift) & 0xFF) * alpha + Double(background >> UInt32(shift) & 0xFF) * (1 - alpha)
                return result | UInt32(mixed.rounded()) << UInt32(shift)
            }
        }
    }

    /// A flat picture of `color` (a grey for grey layouts), framed transparent where the layout
    /// holds alpha, written in `kind` at `path`.
    public static func writeFlat(_ kind: Kind, color: UInt32, width: Int = 240, height: Int = 160, to path: String) throws {
        var canvas = TestCanvas.flat(color, alpha: kind.insideAlpha, width: width, height: height)
        if kind.hasTransparentFrame {
            let frame = 3
            for y in 0..<height {
                for x in 0..<width where x < frame || y < frame || x >= width - frame || y >= height - frame {
                    canvas.pixels[y * width + x] = 0x0000_0000
                }
            }
        }
        try write(kind, canvas, to: path)
    }

    /// Writes `canvas` as `kind`.
    public static func write(_ kind: Kind, _ canvas: TestCanvas, to path: String) throws {
        let bytes: [UInt8]
        switch kind {
        case .jpeg: bytes = try PictureEncoders.savedByGdkPixbuf(canvas, type: "jpeg", options: [("quality", "95")])
        case .jpegProgressive: bytes = try converted(canvas, arguments: ["-quality", "95", "-interlace", "JPEG"], to: "jpg")
        case .jpegCMYK: bytes = try converted(canvas, arguments: ["-colorspace", "CMYK", "-quality", "95"], to: "jpg")
        case .pngRGB: bytes = PictureEncoders.png(canvas, layout: .rgb8)
        case .pngRGBA, .pngRGBAHalfTransparent: bytes = PictureEncoders.png(canvas, layout: .rgba8)
        case .pngGrey: bytes = PictureEncoders.png(canvas, layout: .grey8)
        case .pngGreyAlpha: bytes = PictureEncoders.png(canvas, layout: .greyAlpha8)
        case .pngPalette, .pngPaletteTransparent: bytes = PictureEncoders.png(canvas, layout: .palette(bitDepth: 8))
        case .pngPalette4Bit: bytes = PictureEncoders.png(canvas, layout: .palette(bitDepth: 4))
        case .pngRGB16: bytes = PictureEncoders.png(canvas, layout: .rgb16)
        case .pngRGBA16: bytes = PictureEncoders.png(canvas, layout: .rgba16)
        case .pngGrey16: bytes = PictureEncoders.png(canvas, layout: .grey16)
        case .gif, .gifTransparent: bytes = PictureEncoders.gif(canvas)
        case .bmp24: bytes = PictureEncoders.bmp(canvas, layout: .rgb24)
        case .bmp32: bytes = PictureEncoders.bmp(canvas, layout: .rgb32)
        case .bmp32Alpha: bytes = PictureEncoders.bmp(canvas, layout: .argb32)
        case .tiffRGB: bytes = PictureEncoders.tiff(canvas, layout: .rgb8)
        case .tiffRGBA: bytes = PictureEncoders.tiff(canvas, layout: .rgba8)
        case .tiffGrey: bytes = PictureEncoders.tiff(canvas, layout: .grey8)
        case .tiffRGB16: bytes = PictureEncoders.tiff(canvas, layout: .rgb16)
        case .tiffCMYK: bytes = PictureEncoders.tiff(canvas, layout: .cmyk8)
        case .ico: bytes = try PictureEncoders.savedByGdkPixbuf(canvas, type: "ico")
        case .webpLossless, .webpAlpha:
            bytes = try encodedFromPNG(
                canvas, tool: "cwebp", arguments: ["-quiet", "-lossless", "-exact"], output: "-o", outputExtension: "webp")
        case .webpLossy:
            bytes = try encodedFromPNG(canvas, tool: "cwebp", arguments: ["-quiet", "-q", "95"], output: "-o", outputExtension: "webp")
        case .heif: bytes = try encodedFromPNG(canvas, tool: "heif-enc", arguments: ["-q", "95"], output: "-o", outputExtension: "heic")
        case .avif:
            bytes = try encodedFromPNG(
                canvas, tool: "avifenc", arguments: ["-s", "8", "--min", "0", "--max", "8"], output: nil, outputExtension: "avif")
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    // MARK: Orientation

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

    // MARK: Damaged files that make loaders log

    /// A GIF whose screen and image are 0 pixels wide: gdk-pixbuf logs "GdkPixbuf-CRITICAL …
    /// assertion 'width > 0 && height > 0' failed" while sniffing its size.
    public static func zeroWidthGIF() -> [UInt8] {
        var bytes = PictureEncoders.gif(TestCanvas.flat(0xFF_8000, width: 1, height: 1))
        bytes[6] = 0  // logical screen width
        bytes[7] = 0
        return bytes
    }

    /// A two-frame animated WebP whose frames' data is damaged: the WebP loader logs
    /// "Could not instantiate WebPAnimDecoder" and gdk-pixbuf a CRITICAL about the missing
    /// animation iterator.
    public static func brokenAnimatedWebP() throws -> [UInt8] {
        var bytes = try animatedWebP()
        // Damage both frames' VP8L headers (after "VP8L" and its size), keeping the container whole.
        var searchFrom = 0
        while let range = bytes[searchFrom...].firstRange(of: Array("VP8L".utf8)) {
            bytes[range.upperBound + 4] ^= 0xFF
            bytes[range.upperBound + 5] ^= 0x5A
            searchFrom = range.upperBound
        }
        return bytes
    }

    /// A sound two-frame animated WebP (red, then blue), 32×32.
    public static func animatedWebP() throws -> [UInt8] {
        let frames = try [0xE0_2020, 0x20_40E0].map { color in
            try encodedFromPNG(
                TestCanvas.flat(UInt32(color), width: 32, height: 32), tool: "cwebp", arguments: ["-quiet", "-lossless"], output: "-o",
                outputExtension: "webp")
        }
        return try PictureEncoders.animatedWebP(frames: frames, width: 32, height: 32)
    }

    // MARK: Encoders run as processes

    static func temporaryPath(_ suffix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-fixture-\(getpid())-\(UUID().uuidString).\(suffix)").path
    }

    /// ImageMagick: `convert input.png operators output.EXT`.
    static func converted(_ canvas: TestCanvas, arguments: [String], to outputExtension: String) throws -> [UInt8] {
        try encodedFromPNG(canvas, tool: "convert", arguments: [], afterInput: arguments, output: nil, outputExtension: outputExtension)
    }

    static func encodedFromPNG(
        _ canvas: TestCanvas, tool: String, arguments: [String], afterInput: [String] = [], output: String?, outputExtension: String? = nil
    ) throws -> [UInt8] {
        try encoded(
            PictureEncoders.png(canvas, layout: canvas.pixels.contains { $0 >> 24 != 255 } ? .rgba8 : .rgb8), inputExtension: "png",
            tool: tool,
            arguments: arguments, afterInput: afterInput, output: output, outputExtension: outputExtension ?? tool)
    }

    /// Runs `tool arguments input afterInput [output] outputFile` and returns what it wrote.
    static func encoded(
        _ input: [UInt8], inputExtension: String, tool: String, arguments: [String], afterInput: [String] = [], output: String?,
        outputExtension: String
    ) throws -> [UInt8] {
        let executable = "/usr/bin/" + tool
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw HarnessError("\(executable) is missing: scripts/setup test installs the encoders the format tests use")
        }
        let inputPath = temporaryPath(inputExtension), outputPath = temporaryPath(outputExtension)
        let logPath = temporaryPath("log")
        defer { [inputPath, outputPath, logPath].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        try Data(input).write(to: URL(fileURLWithPath: inputPath))
        let process = try ChildProcess(
            path: executable, arguments: arguments + [inputPath] + afterInput + (output.map { [$0] } ?? []) + [outputPath],
            stdoutPath: logPath,
            stderrPath: logPath)
        let status = try process.waitForExit(timeout: .seconds(60))
        guard status == 0, let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: outputPath))), !bytes.isEmpty else {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw HarnessError("\(tool) failed with status \(status): \(log.suffix(400))")
        }
        return bytes
    }
}
