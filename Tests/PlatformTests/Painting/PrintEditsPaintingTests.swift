import Foundation
import SystemPackage
import Testing
import XBoard
import XorgHarness

@testable import XBoardPlatform

/// The pixels of edited prints (issue 40) where no X server is needed: what Copy puts on the
/// clipboard and what an export draws — a picture half red, half blue, flipped, in black and
/// white, see-through.
@Suite struct PrintEditsPaintingTests {
    static let red: UInt32 = 0xD0_2020, blue: UInt32 = 0x20_40E0
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "photoboard-edits-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func halfRedHalfBlue() throws -> FilePath {
        let path = folder + "/half.png"
        try TestPhotos.write(to: path, width: 200, height: 100, left: Self.red, right: Self.blue)
        return FilePath(path)
    }

    func copied(_ edits: PrintEdits) throws -> DecodedImage {
        let png = try PictureCopy.png(
            of: try halfRedHalfBlue(), edits: edits, decoder: ConfinedDecoder(helperExecutable: HelperDecodingTests.boardBinary)
        ).get()
        return try ImageLoader.decode(bytes: png, maximumLongEdge: 4096).get().image
    }

    static func isGrey(_ pixel: UInt32) -> Bool {
        let (r, g, b) = (pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF)
        return max(r, g, b) - min(r, g, b) <= 1
    }

    /// Rec. 709 luminance of a 0xRRGGBB colour, 0–255.
    static func luminance(_ colour: UInt32) -> Double {
        0.2126 * Double(colour >> 16 & 0xFF) + 0.7152 * Double(colour >> 8 & 0xFF) + 0.0722 * Double(colour & 0xFF)
    }

    @Test func aCopyIsThePictureAsThePrintShowsIt() throws {
        let plain = try copied(.none)
        #expect(plain.rgb(x: 20, y: 50) == Self.red && plain.rgb(x: 180, y: 50) == Self.blue)

        let flipped = try copied(PrintEdits(flipsHorizontally: true))
        #expect(flipped.rgb(x: 20, y: 50) == Self.blue && flipped.rgb(x: 180, y: 50) == Self.red, "flipped, the red is on the other side")
        #expect(flipped.rgb(x: 99, y: 50) == Self.blue && flipped.rgb(x: 100, y: 50) == Self.red, "mirrored to the pixel")

        let grey = try copied(PrintEdits(isBlackAndWhite: true))
        for x in stride(from: 0, to: 200, by: 7) {
            let pixel = try #require(grey.rgb(x: x, y: 50))
            #expect(Self.isGrey(pixel), "no saturated pixel: \(String(pixel, radix: 16)) at \(x)")
        }
        let (left, right) = (try #require(grey.rgb(x: 20, y: 50)), try #require(grey.rgb(x: 180, y: 50)))
        #expect(abs(Double(left & 0xFF) - Self.luminance(Self.red)) <= 1, "\(String(left, radix: 16))")
        #expect(abs(Double(right & 0xFF) - Self.luminance(Self.blue)) <= 1, "\(String(right, radix: 16))")

        let half = try copied(PrintEdits(opacity: 0.5))
        let pixel = try #require(half.argb(x: 20, y: 50))
        #expect(abs(Int(pixel >> 24) - 128) <= 1, "half see-through: alpha \(pixel >> 24)")
    }

    @Test func anExportDrawsEachPrintAsItShows() throws {
        let image = try ImageLoader.decode(
            bytes: Array(try Data(contentsOf: URL(fileURLWithPath: halfRedHalfBlue().string))), maximumLongEdge: 4096
        )
        .get().image
        var board = Board(size: Size(width: 600, height: 200))
        let placements = [Point(x: 100, y: 100), Point(x: 300, y: 100), Point(x: 500, y: 100)]
        let edits = [PrintEdits(flipsHorizontally: true), PrintEdits(isBlackAndWhite: true), PrintEdits(opacity: 0.25)]
        for (index, center) in placements.enumerated() {
            var photo = Photo(
                id: PhotoID(index + 1), size: Size(width: 160, height: 80), pixelSize: Size(width: 200, height: 100),
                photoToBoard: AffineTransform(center: center, scale: 1, rotation: 0))
            photo.edits = edits[index]
            board.add(photo)
        }
        let list = SceneBuilder().build(board)
        let path = FilePath(folder + "/board.png")
        try PNGExport.write(list, to: path, pictures: [PhotoID(1): image, PhotoID(2): image, PhotoID(3): image])
        let written = try ImageLoader.decode(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path.string))), maximumLongEdge: 4096)
            .get().image
        // Flipped: blue on the left of the print, red on the right.
        #expect(written.rgb(x: 50, y: 100) == Self.blue && written.rgb(x: 150, y: 100) == Self.red)
        // Black and white: each side the grey of its colour's luminance (this red and this blue
        // are nearly as light: black and white tells them apart by little).
        let (grey1, grey2) = (try #require(written.rgb(x: 250, y: 100)), try #require(written.rgb(x: 350, y: 100)))
        #expect(Self.isGrey(grey1) && Self.isGrey(grey2), "\(String(grey1, radix: 16)) \(String(grey2, radix: 16))")
        #expect(abs(Double(grey1 & 0xFF) - Self.luminance(Self.red)) <= 1 && abs(Double(grey2 & 0xFF) - Self.luminance(Self.blue)) <= 1)
        // A quarter opaque: the table shows through three quarters.
        let table = BoardStyle().background
        let seen = try #require(written.rgb(x: 450, y: 100))
        let expected = 0.25 * Double(Self.red >> 16 & 0xFF) + 0.75 * table.red * 255
        #expect(abs(Double(seen >> 16 & 0xFF) - expected) <= 2, "\(String(seen, radix: 16)) against red over the table")
    }
}
