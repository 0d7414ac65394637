import Foundation

/// Pictures in every format and pixel layout the board opens, made by the tests: flat colours
/// (does every layout show its true colour?) and quadrant pictures stored in any of the eight
/// EXIF orientations (does every format stand upright?).
///
/// PNG, BMP, TIFF, GIF and PNG-compressed ICO are written byte by byte (`PictureEncoders`), JPEG
/// and bitmap ICO by gdk-pixbuf's savers; the rest by the encoders `scripts/setup test` installs: `cwebp` (webp),
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
        case tiffRGB, tiffRGBA, tiffRGBAHalfTransparent, tiffGrey, tiffRGB16, tiffCMYK
        case ico
        /// An ICO of PNG-compressed icons (a smaller one first, in another colour): its largest shows.
        case icoPNG
        case webpLossless, webpLossy, webpAlpha
        case heif, avif

        public var description: String { rawValue }

        public var fileExtension: String {
            switch self {
            case .jpeg, .jpegProgressive, .jpegCMYK: "jpg"
            case .gif, .gifTransparent: "gif"
            case .bmp24, .bmp32, .bmp32Alpha: "bmp"
            case .tiffRGB, .tiffRGBA, .tiffRGBAHalfTransparent, .tiffGrey, .tiffRGB16, .tiffCMYK: "tif"
            case .ico, .icoPNG: "ico"
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
                .tiffRGBA, .tiffRGBAHalfTransparent, .ico, .icoPNG, .webpAlpha,
            ]
            .contains(self)
        }

        /// The inside's alpha (255 but for the half-transparent cases).
        public var insideAlpha: UInt8 { self == .pngRGBAHalfTransparent || self == .tiffRGBAHalfTransparent ? 128 : 255 }

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
        case .tiffRGBA, .tiffRGBAHalfTransparent: bytes = PictureEncoders.tiff(canvas, layout: .rgba8)
        case .tiffGrey: bytes = PictureEncoders.tiff(canvas, layout: .grey8)
        case .tiffRGB16: bytes = PictureEncoders.tiff(canvas, layout: .rgb16)
        case .tiffCMYK: bytes = PictureEncoders.tiff(canvas, layout: .cmyk8)
        case .ico: bytes = try PictureEncoders.savedByGdkPixbuf(canvas, type: "ico")
        case .icoPNG: bytes = PictureEncoders.icoOfPNGs([TestCanvas.flat(0xFF_00FF, width: 16, height: 16), canvas])
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
}
