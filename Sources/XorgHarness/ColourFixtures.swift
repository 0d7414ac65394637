import Foundation

/// Flat pictures that state what their colours mean — in each format, each way the format says
/// it — and the profiles they state: the real ones Debian's `colord-data` ships (sRGB, Adobe RGB
/// (1998), ProPhoto RGB), and Display P3, made here with Little CMS from its primaries. Nothing is
/// downloaded. What such a picture must show is `ColourReference.convert`'s answer.
public enum ColourFixtures {
    /// Where `colord-data` puts its profiles (`scripts/setup test` installs it).
    public static let colordFolder = "/usr/share/color/icc/colord"

    /// A profile pictures are tagged with.
    public enum Profile: String, CaseIterable, Sendable, CustomStringConvertible {
        case sRGB, displayP3, adobeRGB, proPhotoRGB

        public var description: String { rawValue }

        /// The profile's bytes.
        public func bytes() throws -> [UInt8] {
            switch self {
            case .sRGB: try ColourFixtures.colord("sRGB.icc")
            case .adobeRGB: try ColourFixtures.colord("AdobeRGB1998.icc")
            case .proPhotoRGB: try ColourFixtures.colord("ProPhotoRGB.icc")
            case .displayP3:
                try ColourReference.matrixProfile(
                    chromaticities: displayP3Chromaticities, curveType: 4, parameters: sRGBCurve, description: "Display P3 (test)")
            }
        }
    }

    /// D65 white; SMPTE EG 432-1 red, green and blue (x, y each).
    public static let displayP3Chromaticities = [0.3127, 0.3290, 0.680, 0.320, 0.265, 0.690, 0.150, 0.060]
    /// IEC 61966-2-1's curve as Little CMS's parametric type 4 (the ICC's 3): g, a, b, c, d.
    public static let sRGBCurve = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]

    static func colord(_ name: String) throws -> [UInt8] {
        let path = colordFolder + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HarnessError("\(path) is missing: scripts/setup test installs colord-data")
        }
        return [UInt8](data)
    }

    /// How a picture says what its colours mean.
    public enum Statement: Hashable, Sendable, CustomStringConvertible {
        /// An embedded ICC profile.
        case profile(Profile)
        /// EXIF ColorSpace 0xFFFF with the interoperability index R03, and no profile (JPEG).
        case exifAdobeRGB
        /// PNG cICP: Display P3 (primaries 12, the sRGB transfer 13).
        case pngCICPDisplayP3

        public var description: String {
            switch self {
            case .profile(let profile): "\(profile)"
            case .exifAdobeRGB: "EXIF Adobe RGB"
            case .pngCICPDisplayP3: "cICP Display P3"
            }
        }

        /// The profile the picture's numbers are in, for `ColourReference`.
        public func sourceProfile() throws -> [UInt8] {
            switch self {
            case .profile(let profile): try profile.bytes()
            case .exifAdobeRGB: try Profile.adobeRGB.bytes()
            case .pngCICPDisplayP3: try Profile.displayP3.bytes()
            }
        }
    }

    /// The formats pictures are tagged in.
    public enum Format: String, CaseIterable, Sendable, CustomStringConvertible {
        case jpeg, png, webp, tiff, avif, heif

        public var description: String { rawValue }
        public var fileExtension: String { ["jpeg": "jpg", "tiff": "tif", "heif": "heic"][rawValue] ?? rawValue }
    }

    /// The table the board is held to: each of JPEG, PNG, WebP, TIFF and AVIF with each profile,
    /// a JPEG marked Adobe RGB by EXIF alone, and a PNG stating Display P3 by cICP.
    public static var table: [(format: Format, statement: Statement)] {
        [Format.jpeg, .png, .webp, .tiff, .avif].flatMap { format in Profile.allCases.map { (format, Statement.profile($0)) } }
            + [(.jpeg, .exifAdobeRGB), (.png, .pngCICPDisplayP3)]
    }

    /// A flat picture of `colour` (0xRRGGBB) in `format`, stating `statement`. JPEG is lossy
    /// (quality 95), the rest lossless (AVIF and HEIF in RGB, identity matrix), so a test reads
    /// the numbers stored by decoding without colour management.
    public static func writeFlat(
        _ format: Format, colour: UInt32, stating statement: Statement, width: Int = 240, height: Int = 160, to path: String
    ) throws {
        let canvas = TestCanvas.flat(colour, width: width, height: height)
        let bytes: [UInt8]
        switch (format, statement) {
        case (.jpeg, .exifAdobeRGB):
            bytes = PictureEncoders.jpeg(
                try PictureEncoders.savedByGdkPixbuf(canvas, type: "jpeg", options: [("quality", "95")]),
                insertingEXIF: PictureEncoders.exifColourSpace())
        case (.jpeg, .profile(let profile)):
            bytes = PictureEncoders.jpeg(
                try PictureEncoders.savedByGdkPixbuf(canvas, type: "jpeg", options: [("quality", "95")]), insertingICC: try profile.bytes())
        case (.png, .pngCICPDisplayP3):
            bytes = PictureEncoders.png(
                PictureEncoders.png(canvas, layout: .rgb8), inserting: [PictureEncoders.cicpChunk(primaries: 12, transfer: 13)])
        case (.png, .profile(let profile)):
            bytes = PictureEncoders.png(
                PictureEncoders.png(canvas, layout: .rgb8), inserting: [PictureEncoders.iccpChunk(try profile.bytes())])
        case (.webp, .profile(let profile)):
            let webp = try FormatFixtures.encodedFromPNG(
                canvas, tool: "cwebp", arguments: ["-quiet", "-lossless", "-exact"], output: "-o", outputExtension: "webp")
            bytes = try PictureEncoders.webp(webp, insertingICC: try profile.bytes(), width: width, height: height, hasAlpha: false)
        case (.tiff, .profile(let profile)):
            bytes = PictureEncoders.tiff(canvas, layout: .rgb8, iccProfile: try profile.bytes())
        case (.avif, .profile(let profile)):
            let iccPath = FormatFixtures.temporaryPath("icc")
            try Data(profile.bytes()).write(to: URL(fileURLWithPath: iccPath))
            defer { try? FileManager.default.removeItem(atPath: iccPath) }
            bytes = try FormatFixtures.encodedFromPNG(
                canvas, tool: "avifenc", arguments: ["-l", "-s", "8", "--icc", iccPath], output: nil, outputExtension: "avif")
        case (.heif, .profile(let profile)):
            // heif-enc embeds the profile of the PNG it reads.
            let png = PictureEncoders.png(
                PictureEncoders.png(canvas, layout: .rgb8), inserting: [PictureEncoders.iccpChunk(try profile.bytes())])
            bytes = try FormatFixtures.encoded(
                png, inputExtension: "png", tool: "heif-enc", arguments: ["-L", "--matrix_coefficients=0"], output: "-o",
                outputExtension: "heic")
        default:
            throw HarnessError("no \(format) picture stating \(statement) is made")
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
