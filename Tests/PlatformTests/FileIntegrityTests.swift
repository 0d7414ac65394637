import Foundation
import Testing
import XBoardPlatform
import XorgHarness

/// The board's own checks of a file's structure, on the files people have: only real damage
/// refuses a picture or warns about it.
@Suite(.serialized)
final class FileIntegrityTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-integrity-\(getpid())-\(UUID().uuidString.prefix(6))")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private func write(_ bytes: [UInt8], as name: String) throws -> String {
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A PNG with `chunk` inserted after IHDR.
    private func png(inserting chunk: [UInt8]) throws -> [UInt8] {
        let path = folder + "/plain.png"
        try TestPhotos.write(to: path, width: 120, height: 80, left: 0xC0_4020, right: 0x20_40C0)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes.insert(contentsOf: chunk, at: 33)
        return bytes
    }

    @Test func aTextChunkWithABadChecksumIsDroppedAndThePictureShown() throws {
        var chunk = PictureEncoders.textChunk(keyword: "Comment", text: "from an old scanner")
        chunk.replaceSubrange((chunk.count - 4)..., with: [0, 0, 0, 0])  // its CRC
        let picture = try ImageLoader.load(path: write(png(inserting: chunk), as: "text-bad-crc.png"))
        #expect(picture.warning == nil)
        #expect(picture.image.nativeSize.width == 120)
    }

    @Test func aDamagedCriticalChunkStillRefusesThePicture() throws {
        var bytes = try png(inserting: [])
        let idat = try #require((0..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == Array("IDAT".utf8) })
        bytes[idat + 6] ^= 0x5A  // a byte of the compressed pixels
        #expect(throws: PlatformError.self) { try ImageLoader.load(path: self.write(bytes, as: "idat-bad-crc.png")) }
    }

    @Test func aMotionPhotosVideoAfterThePictureIsNoTruncation() throws {
        let jpegPath = folder + "/still.jpg"
        try TestPhotos.writeJPEG(to: jpegPath, width: 640, height: 480, left: 0xFF_0000, right: 0x00_00FF)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: jpegPath)))
        // 300 KB of video-like data with no FF D9 pair in it, as a phone appends its clip.
        var random = SystemRandomNumberGenerator()
        var video = [UInt8](Array("....ftypmp42".utf8))
        while video.count < 300_000 {
            let byte = UInt8.random(in: 0...255, using: &random)
            if byte == 0xD9, video.last == 0xFF { continue }
            video.append(byte)
        }
        bytes += video
        let picture = try ImageLoader.load(path: write(bytes, as: "PXL_20240101_MP.jpg"))
        #expect(picture.warning == nil, "\(picture.warning ?? "")")
        #expect(picture.image.nativeSize.width == 640)
    }

    /// Files from real encoders, whole and cut at two thirds: the whole file opens without a
    /// word; the cut one shows the part that arrived, with a warning naming the format (its
    /// loader would show the rest black and say nothing). BMP rows are stored bottom up, so its
    /// bottom arrives; a WebP's top does.
    @Test(arguments: ["bmp by gdk-pixbuf", "bmp by ImageMagick", "lossy webp by cwebp", "lossless webp by cwebp"])
    func aTruncatedBMPOrWebPShowsWhatArrivedWithAWarning(kind: String) throws {
        let (left, right): (UInt32, UInt32) = (0x336699, 0x996633)
        var canvas = FormatFixtures.quadrants(width: 1600, height: 1200, colors: [left, right, left, right])
        // A little noise, as a photograph has: flat colours make files too small to cut where a download stops.
        var seed: UInt32 = 7
        for index in canvas.pixels.indices {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let step = UInt32(seed >> 29)  // 0…7 added to each channel
            canvas.pixels[index] += step << 16 | step << 8 | step
        }
        let whole = folder + "/whole-\(kind.split(separator: " ").joined(separator: "-"))"
        switch kind {
        case "bmp by gdk-pixbuf": try Data(PictureEncoders.savedByGdkPixbuf(canvas, type: "bmp")).write(to: URL(fileURLWithPath: whole))
        case "bmp by ImageMagick":
            try Data(FormatFixtures.converted(canvas, arguments: [], to: "bmp")).write(to: URL(fileURLWithPath: whole))
        case "lossy webp by cwebp": try FormatFixtures.write(.webpLossy, canvas, to: whole)
        default: try FormatFixtures.write(.webpLossless, canvas, to: whole)
        }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: whole)))
        let format = kind.contains("bmp") ? "BMP" : "WebP"
        let cut = try write(Array(bytes.prefix(bytes.count * 2 / 3)), as: "cut-\(format)")
        // The scaled decode (the board's first copy; libwebp's own scaling for a WebP) and the full-size one.
        for longEdge in [1024, 4096] {
            #expect(try ImageLoader.load(path: whole, maximumLongEdge: longEdge).warning == nil, "\(kind) whole at \(longEdge)")
            let picture = try ImageLoader.load(path: cut, maximumLongEdge: longEdge)
            let warning = try #require(picture.warning, "\(kind) cut at \(longEdge): no warning")
            #expect(warning.hasPrefix("truncated \(format) (") && warning.hasSuffix("); shown as far as it decodes"), "\(warning)")
            let width = Int(picture.image.pixelSize.width), height = Int(picture.image.pixelSize.height)
            #expect(width == min(longEdge, 1600) && height == width * 3 / 4)
            let arrived = format == "BMP" ? height * 7 / 8 : height / 8
            for (x, color) in [(width / 4, left), (width * 3 / 4, right)] {
                let pixel = try #require(picture.image.rgb(x: x, y: arrived))
                let close = [16, 8, 0].allSatisfy { abs(Int(pixel >> UInt32($0) & 0xFF) - Int(color >> UInt32($0) & 0xFF)) <= 16 }
                #expect(close, "\(kind) at \(longEdge): \(String(pixel, radix: 16)) where \(String(color, radix: 16)) was drawn")
            }
        }
    }

    @Test func aCutOffPhotoIsStillTruncatedThoughItsThumbnailEnds() throws {
        let jpegPath = folder + "/camera.jpg"
        try TestPhotos.writeJPEG(to: jpegPath, width: 1200, height: 900, left: 0xFF_0000, right: 0x00_00FF, noise: 30)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: jpegPath)))
        // An EXIF-like APP1 segment that holds a whole little JPEG (with its own FF D9).
        let thumbnail: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x02, 0xFF, 0xD9]
        let app1 =
            [0xFF, 0xE1] + [UInt8((thumbnail.count + 8) >> 8), UInt8((thumbnail.count + 8) & 0xFF)] + Array("Exif\0\0".utf8) + thumbnail
        let withThumbnail = Array(bytes[0..<2]) + app1 + Array(bytes[2...])
        let cut = Array(withThumbnail.prefix(withThumbnail.count * 2 / 3))
        let picture = try ImageLoader.load(path: write(cut, as: "cut.jpg"))
        #expect(picture.warning?.contains("truncated JPEG") == true, "\(picture.warning ?? "no warning")")
    }
}
