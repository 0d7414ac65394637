import Foundation
import SystemPackage
import Testing
import XBoard
import XorgHarness

@testable import XBoardPlatform

/// Pictures without a file, through the real confined helpers of the built board: decoded
/// before they are kept, kept once by their content (0600 in a 0700 folder), refused in one line
/// when they are not a photo the board opens; and the PNG a copied print is offered as.
@Suite(.serialized, .timeLimit(.minutes(15)))
final class PastedPicturesTests {
    let root: String
    let pasted: PastedPictures
    let decoder = ConfinedDecoder(helperExecutable: HelperDecodingTests.boardBinary)

    init() throws {
        root =
            FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-pasted-\(getpid())-\(UUID().uuidString.prefix(6))")
            .path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        pasted = PastedPictures(folder: FilePath(root + "/board-pasted"), decoder: decoder)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    private var files: [String] { (try? FileManager.default.contentsOfDirectory(atPath: root + "/board-pasted")) ?? [] }

    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func bytesAreKeptOnceNamedByTheirContentPrivately() throws {
        let png = ClipboardPictures.png(0x11_8844)
        let kept = try pasted.keep(.bytes(png, offeredAs: "image/png")).get()
        #expect(kept == FilePath(root + "/board-pasted/" + GLibChecksum.hex(.sha256, of: png) + ".png"))
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: kept.string))) == png)
        #expect(try mode(kept.string) == 0o600)
        #expect(try mode(root + "/board-pasted") == 0o700)
        #expect(try pasted.keep(.bytes(png, offeredAs: "application/octet-stream")).get() == kept)
        #expect(files == [GLibChecksum.hex(.sha256, of: png) + ".png"])
    }

    @Test func theNameTakesTheExtensionOfTheContentNotOfTheLabel() throws {
        let jpeg = try PictureEncoders.savedByGdkPixbuf(.flat(0x40_6080, width: 20, height: 10), type: "jpeg")
        let kept = try pasted.keep(.bytes(jpeg, offeredAs: "image/png")).get()
        #expect(kept.lastComponent?.string == GLibChecksum.hex(.sha256, of: jpeg) + ".jpg")
    }

    @Test(arguments: try RefusedFormats.samples().filter { ["TGA", "SVG", "XPM"].contains($0.name) })
    func aFormatTheBoardDoesNotOpenIsRefusedInOneLine(sample: RefusedFormats.Sample) {
        let outcome = pasted.keep(.bytes(sample.bytes, offeredAs: "image/png"))
        guard case .failure(let refusal) = outcome else {
            Issue.record("\(sample) was kept")
            return
        }
        #expect(refusal.description.hasPrefix("the image/png picture (\(sample.bytes.count) bytes): holds a picture in a format"))
        #expect(refusal.description.contains(sample.name) && !refusal.description.contains("\n"))
        #expect(files.isEmpty)
    }

    @Test func damagedAndOversizedPicturesAreRefusedByTheirDecodeCheck() throws {
        var png = ClipboardPictures.png(0x22_3344, width: 200, height: 200)
        png[png.count / 2] ^= 0xFF  // a damaged IDAT: its CRC no longer matches
        let damaged = pasted.keep(.bytes(png, offeredAs: "image/png"))
        #expect(throws: PastedPictures.Refusal.self) { try damaged.get() }
        let bomb = pasted.keep(.bytes(TestPhotos.pngDeclaring(width: 60000, height: 60000), offeredAs: "image/png"))
        #expect(
            (try? bomb.get()) == nil
                && "\(bomb)".contains("declares 60000×60000 pixels (3600 megapixels), over the 200-megapixel limit"))
        #expect(
            pasted.keep(.bytes(Array("just text".utf8), offeredAs: "image/png")).map { _ in "" }
                == .failure(
                    PastedPictures.Refusal(description: "the image/png picture (9 bytes): not a picture: the file holds text")))
        #expect(files.isEmpty)
    }

    @Test func aFileADragSourceSavedIsKeptByItsContentAndRemoved() throws {
        let png = ClipboardPictures.png(0x66_2211)
        try FileManager.default.createDirectory(atPath: root + "/board-pasted", withIntermediateDirectories: true)
        let saved = root + "/board-pasted/xds-1234.png"
        try Data(png).write(to: URL(fileURLWithPath: saved))
        let kept = try pasted.keep(.savedFile(FilePath(saved))).get()
        #expect(kept.lastComponent?.string == GLibChecksum.hex(.sha256, of: png) + ".png")
        #expect(files == [GLibChecksum.hex(.sha256, of: png) + ".png"])
    }

    @Test func theFolderBesideADocumentIsNamedAfterIt() {
        #expect(PastedPictures.folder(besideDocument: FilePath("/photos/trip/trip.photoboard")) == FilePath("/photos/trip/trip-pasted"))
    }

    /// A JPEG stored on its side with EXIF orientation 6 is copied upright, at its full size.
    @Test func aCopiedPrintIsItsOriginalUprightAsPNG() throws {
        let path = root + "/turned.jpg"
        try TestPhotos.writeJPEG(to: path, width: 120, height: 80, left: 0xE0_2020, right: 0x20_40E0, orientation: 6)
        let png = try PictureCopy.png(of: FilePath(path), decoder: decoder).get()
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let copy = try ImageLoader.decode(bytes: png, maximumLongEdge: 4096).get().image
        #expect(copy.pixelSize == Size(width: 80, height: 120))
        // Turned a quarter clockwise: the stored left half is the top half.
        let top = try #require(copy.rgb(x: 40, y: 20)), bottom = try #require(copy.rgb(x: 40, y: 100))
        #expect(top >> 16 > 0xB0 && top & 0xFF < 0x50, "top \(String(top, radix: 16))")
        #expect(bottom & 0xFF > 0xB0 && bottom >> 16 < 0x50, "bottom \(String(bottom, radix: 16))")
    }
}
