import Testing
import XBoard

/// The format is decided by content: the photo formats by their signatures, the refused picture
/// formats by theirs, text as text — whatever a file is called.
@Suite struct PictureContentTests {
    static func content(_ bytes: [UInt8]) -> PictureContent { PictureContent(head: bytes + [UInt8](repeating: 0x11, count: 24)) }

    static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let body = Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
        let size = 8 + body.count
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array("ftyp".utf8) + body
    }

    @Test func photoFormatsAreKnownByTheirSignatures() {
        let table: [([UInt8], PictureFormat)] = [
            ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg), ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png), (Array("GIF87a".utf8), .gif),
            (Array("GIF89a".utf8), .gif), (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8), .webp), ([0x49, 0x49, 0x2A, 0], .tiff),
            ([0x4D, 0x4D, 0, 0x2A], .tiff), (Array("BM".utf8) + [0x36, 0x10, 0, 0, 0, 0, 0, 0], .bmp), ([0, 0, 1, 0, 1, 0], .ico),
            ([0, 0, 2, 0, 1, 0], .ico), (Self.ftyp("heic", ["mif1", "heic"]), .heif), (Self.ftyp("mif1", ["mif1", "miaf"]), .heif),
            (Self.ftyp("avif", ["mif1", "avif"]), .avif), (Self.ftyp("mif1", ["avif", "mif1"]), .avif),
            (Self.ftyp("avis", ["avis"]), .avif),
        ]
        for (bytes, format) in table { #expect(Self.content(bytes) == .picture(format), "\(format)") }
    }

    @Test func otherPictureFormatsAreNamedAndRefused() {
        let refused: [([UInt8], String)] = [
            (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("ACON".utf8), "ANI"), (Array("icns".utf8) + [0, 0, 1, 0], "ICNS"),
            (Array("P6\n8 8\n255\n".utf8), "PNM"), (Array("P1 8".utf8), "PNM"), ([0, 0, 0, 86] + Array("idsc".utf8), "QTIF"),
            (Array("/* XPM */\nstatic char *x[] = {\n".utf8), "XPM"), (Array("#define a_width 8\n#define a_height 8\n".utf8), "XBM"),
            (Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), "SVG"),
            ([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 8, 0, 24, 0x20], "TGA"),
        ]
        for (bytes, name) in refused {
            guard case .refused(let found) = PictureContent(head: bytes) else {
                Issue.record("\(name): \(PictureContent(head: bytes))")
                continue
            }
            #expect(found.hasPrefix(name), "\(found)")
        }
    }

    @Test func textVideosAndNoiseAreNotPictures() {
        #expect(PictureContent(head: Array("Dear diary, no photos today.\n".utf8)) == .text)
        #expect(Self.content(Self.ftyp("isom", ["isom", "mp41"])) == .unknown, "an MP4 video")
        #expect(PictureContent(head: Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0]) == .unknown)
        #expect(PictureContent(head: []) == .unknown)
        #expect(PictureContent(head: [0xFF, 0xD8]) == .unknown, "two bytes are no JPEG")
        #expect(PictureFormat.listed == "JPEG, PNG, GIF, WebP, TIFF, BMP, HEIF, AVIF and ICO")
    }
}
