import Foundation

extension ColourFixtures {
    /// Flat pictures whose statement about their colours is damaged or absurd — each must be
    /// shown as sRGB, with one line saying why (`reason`, then "; shown as sRGB").
    public enum Damaged: String, CaseIterable, Sendable, CustomStringConvertible {
        /// A JPEG whose profile has lost its `acsp` signature.
        case noSignature
        /// A JPEG whose profile's second APP2 chunk is gone.
        case missingChunk
        /// A TIFF whose profile's red tone curve is of a type no ICC version has.
        case unreadableCurve
        /// A WebP whose profile makes white dark grey (its colorants scaled down): absurd.
        case darkWhite
        /// A PNG whose iCCP data is not zlib.
        case notInflating
        /// A PNG stating HDR by cICP (BT.2020, PQ).
        case hdrCodePoints
        /// A PNG in colour with a grey profile.
        case greyProfileOnColour
        /// A JPEG (RGB) with a profile for CMYK.
        case cmykProfile
        /// A JPEG with a 5 MiB profile (in 81 APP2 chunks).
        case tooLarge

        public var description: String { rawValue }

        public var fileExtension: String {
            switch self {
            case .noSignature, .missingChunk, .cmykProfile, .tooLarge: "jpg"
            case .unreadableCurve: "tif"
            case .darkWhite: "webp"
            case .notInflating, .hdrCodePoints, .greyProfileOnColour: "png"
            }
        }

        /// The reason the board must give (the line is "PATH: REASON…; shown as sRGB").
        public var reason: String {
            switch self {
            case .noSignature: "its ICC profile is damaged (no acsp signature)"
            case .missingChunk: "its ICC profile is damaged (chunk 2 of 2 is missing)"
            case .unreadableCurve: "its ICC profile is damaged (Little CMS cannot"
            case .darkWhite: "its ICC profile is absurd (it makes white L*"
            case .notInflating: "its iCCP chunk is damaged (its profile does not inflate)"
            case .hdrCodePoints: "its cICP chunk is HDR (the PQ transfer of code point 16), which the board does not tone-map"
            case .greyProfileOnColour: "its ICC profile is for grey pictures and the picture is in colour"
            case .cmykProfile: "its ICC profile is for CMYK, which the board shows without it"
            case .tooLarge: "its ICC profile is 5242880 bytes, over the 4 MiB limit"
            }
        }

        /// Writes the picture, a flat `colour`, at `path`.
        public func write(colour: UInt32, width: Int = 240, height: Int = 160, to path: String) throws {
            let canvas = TestCanvas.flat(colour, width: width, height: height)
            let adobe = try Profile.adobeRGB.bytes()
            func jpeg() throws -> [UInt8] { try PictureEncoders.savedByGdkPixbuf(canvas, type: "jpeg", options: [("quality", "95")]) }
            let png = PictureEncoders.png(canvas, layout: .rgb8)
            let bytes: [UInt8]
            switch self {
            case .noSignature:
                var profile = adobe
                profile.replaceSubrange(36..<40, with: Array("xxxx".utf8))
                bytes = PictureEncoders.jpeg(try jpeg(), insertingICC: profile)
            case .missingChunk:
                bytes = PictureEncoders.jpeg(try jpeg(), insertingICC: adobe, bytesPerSegment: adobe.count / 2 + 1, order: [1])
            case .unreadableCurve:
                var profile = adobe
                let offset = try Self.tagOffset("rTRC", in: profile)
                profile.replaceSubrange(offset..<(offset + 4), with: Array("zzzz".utf8))
                bytes = PictureEncoders.tiff(canvas, layout: .rgb8, iccProfile: profile)
            case .darkWhite:
                var profile = adobe
                for tag in ["rXYZ", "gXYZ", "bXYZ"] {
                    // s15Fixed16 X, Y, Z after the type and reserved bytes: a tenth of each.
                    let offset = try Self.tagOffset(tag, in: profile) + 8
                    for component in 0..<3 {
                        let at = offset + component * 4
                        let value = profile[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } / 10
                        profile.replaceSubrange(at..<(at + 4), with: (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) })
                    }
                }
                let webp = try FormatFixtures.encodedFromPNG(
                    canvas, tool: "cwebp", arguments: ["-quiet", "-lossless", "-exact"], output: "-o", outputExtension: "webp")
                bytes = try PictureEncoders.webp(webp, insertingICC: profile, width: width, height: height, hasAlpha: false)
            case .notInflating:
                bytes = PictureEncoders.png(
                    png, inserting: [PictureEncoders.chunk("iCCP", Array("ICC profile".utf8) + [0, 0] + Array("not zlib at all".utf8))])
            case .hdrCodePoints:
                bytes = PictureEncoders.png(png, inserting: [PictureEncoders.cicpChunk(primaries: 9, transfer: 16)])
            case .greyProfileOnColour:
                bytes = PictureEncoders.png(png, inserting: [PictureEncoders.iccpChunk(try ColourReference.greyProfile(gamma: 2.2))])
            case .cmykProfile:
                var profile = adobe
                profile.replaceSubrange(16..<20, with: Array("CMYK".utf8))
                bytes = PictureEncoders.jpeg(try jpeg(), insertingICC: profile)
            case .tooLarge:
                bytes = PictureEncoders.jpeg(try jpeg(), insertingICC: adobe + [UInt8](repeating: 0, count: (5 << 20) - adobe.count))
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }

        /// Where the data of `signature`'s tag starts in an ICC profile.
        static func tagOffset(_ signature: String, in profile: [UInt8]) throws -> Int {
            func u32(_ at: Int) -> Int { profile[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            for index in 0..<u32(128) where profile[(132 + index * 12)..<(136 + index * 12)].elementsEqual(signature.utf8) {
                return u32(136 + index * 12)
            }
            throw HarnessError("the profile has no \(signature) tag")
        }
    }
}
