import Foundation
import SystemPackage
import Testing
import XBoard
import XorgHarness

@testable import XBoardPlatform

/// A region of a picture decoded alone, as the board asks for a tile (issue 39): asked for
/// upright, whatever orientation the file states, it is the pixels of that part of the whole
/// upright picture — at the picture's own size and at the DCT scales — its colours converted as
/// the whole picture's are; what cannot be decoded so is refused in one line.
@Suite struct PictureRegionTests {
    /// A noisy 301×203 picture (every pixel differs from its neighbours, and the sizes are not
    /// multiples of a JPEG block), so a region off by one pixel, or turned wrongly, cannot pass.
    static let upright: TestCanvas = {
        var random = SeededRandom(seed: 39)
        let (width, height) = (301, 203)
        let pixels = (0..<(width * height)).map { index -> UInt32 in
            let x = index % width, y = index / width
            let base: UInt32 = x < width / 2 ? (y < height / 2 ? 0xC0_3020 : 0x20_C040) : (y < height / 2 ? 0x30_40C0 : 0xC0_C020)
            return 0xFF00_0000 | (base ^ UInt32(truncatingIfNeeded: random.next() & 0x1F_1F1F))
        }
        return TestCanvas(width: width, height: height, pixels: pixels)
    }()

    func file(orientation: Int) throws -> (FileReader, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("region-\(UUID().uuidString).jpg").path
        try FormatFixtures.writeOriented(.jpeg, upright: Self.upright, orientation: orientation, to: path)
        return (try FileReader(path: FilePath(path)), path)
    }

    /// The pixels a decode sealed: `height` rows of `width` × 4 bytes (cairo's ARGB32).
    static func pixels(_ decoded: PictureDecoding.Pixels) throws -> [UInt8] {
        defer { try? FileDescriptor(rawValue: decoded.memoryFile).close() }
        var bytes = [UInt8](repeating: 0, count: decoded.width * decoded.height * 4)
        let read = try bytes.withUnsafeMutableBytes {
            try FileDescriptor(rawValue: decoded.memoryFile).read(fromAbsoluteOffset: 0, into: $0)
        }
        #expect(read == bytes.count)
        return bytes
    }

    /// The largest difference of any channel between `region` and the part of `whole` (of
    /// `wholeWidth` pixels a row) at (`x`, `y`).
    static func largestDifference(_ region: [UInt8], width: Int, height: Int, in whole: [UInt8], wholeWidth: Int, x: Int, y: Int) -> Int {
        var largest = 0
        for row in 0..<height {
            for column in 0..<(width * 4) {
                let a = Int(region[row * width * 4 + column]), b = Int(whole[(y + row) * wholeWidth * 4 + x * 4 + column])
                largest = max(largest, abs(a - b))
            }
        }
        return largest
    }

    @Test(arguments: 1...8)
    func anUprightRegionIsThatPartOfTheWholeUprightPicture(orientation: Int) throws {
        let (file, path) = try file(orientation: orientation)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The whole picture as the board decodes it for a print (gdk-pixbuf's loader, turned upright).
        let whole = try PictureDecoding.decode(file, maximumLongEdge: 4096, colour: nil).get()
        #expect(whole.width == 301 && whole.height == 203, "upright: \(whole.width)x\(whole.height)")
        let wholePixels = try Self.pixels(whole)
        // The whole picture as one region: the same picture, upright the same way (another
        // decoder's rounding differs by a few levels; a wrong turn by a hundred).
        let all = try PictureDecoding.decode(file, region: .init(scaleDenominator: 1, x: 0, y: 0, width: 301, height: 203), colour: nil)
            .get()
        #expect(all.nativeWidth == 301 && all.nativeHeight == 203 && all.warning == nil)
        let allPixels = try Self.pixels(all)
        let turned = Self.largestDifference(allPixels, width: 301, height: 203, in: wholePixels, wholeWidth: 301, x: 0, y: 0)
        #expect(turned <= 8, "orientation \(orientation): the region decode differs from the loader's by \(turned)")
        // Across the middle (where the four colours meet) and at the far corner: exactly that part.
        for (x, y, width, height) in [(120, 70, 90, 60), (250, 160, 51, 43), (1, 1, 7, 9)] {
            let region = PictureDecoding.Region(scaleDenominator: 1, x: x, y: y, width: width, height: height)
            let decoded = try PictureDecoding.decode(file, region: region, colour: nil).get()
            #expect(decoded.width == width && decoded.height == height && decoded.warning == nil)
            let difference = Self.largestDifference(
                try Self.pixels(decoded), width: width, height: height, in: allPixels, wholeWidth: 301, x: x, y: y)
            #expect(difference == 0, "orientation \(orientation), region \(width)x\(height) at (\(x), \(y)): off by \(difference)")
        }
    }

    /// At 1/2 and 1/4 a region is that part of the whole level, decoded alone (the level's size
    /// rounded up, as libjpeg scales): turned upright as at full size.
    @Test(arguments: [(6, 2), (3, 4), (5, 2)])
    func atAScaleARegionIsThatPartOfTheLevel(orientation: Int, denominator: Int) throws {
        let (file, path) = try file(orientation: orientation)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let level = (width: (301 + denominator - 1) / denominator, height: (203 + denominator - 1) / denominator)
        let all = PictureDecoding.Region(scaleDenominator: denominator, x: 0, y: 0, width: level.width, height: level.height)
        let whole = try PictureDecoding.decode(file, region: all, colour: nil).get()
        let wholePixels = try Self.pixels(whole)
        let (x, y, width, height) = (level.width / 3, level.height / 4, level.width / 2, level.height / 2)
        let part = PictureDecoding.Region(scaleDenominator: denominator, x: x, y: y, width: width, height: height)
        let decoded = try Self.pixels(try PictureDecoding.decode(file, region: part, colour: nil).get())
        let difference = Self.largestDifference(decoded, width: width, height: height, in: wholePixels, wholeWidth: level.width, x: x, y: y)
        #expect(difference == 0, "orientation \(orientation) at 1/\(denominator): off by \(difference)")
        // The level, upright, is the whole picture scaled: its quarters keep their colours.
        let corner = Array(wholePixels[0..<4])  // B, G, R, A of the top left
        #expect(Int(corner[2]) > 150 && Int(corner[0]) < 90, "the upright top left is the red quarter: \(corner)")
    }

    /// Through the board's own path: a tile asked of `PhotoDecoder` is decoded in a confined
    /// helper, its bytes checked as a whole picture's, and is the same part as decoded here.
    @Test func aTileComesFromAConfinedHelper() throws {
        let (file, path) = try file(orientation: 6)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let region = DecodeMessage.Region(scaleDenominator: 1, x: 100, y: 60, width: 96, height: 80)
        let here = try Self.pixels(
            try PictureDecoding.decode(file, region: .init(scaleDenominator: 1, x: 100, y: 60, width: 96, height: 80), colour: .toSRGB)
                .get())
        let decoder = try PhotoDecoder(helperExecutable: HelperDecodingTests.boardBinary)
        defer { decoder.stop() }
        var request = DecodeRequest(photo: PhotoID(0), path: FilePath(path), maximumLongEdge: 96)
        request.region = region
        decoder.submit(request)
        let deadline = ContinuousClock.now + .seconds(30)
        var result: PhotoDecoder.Result?
        while result == nil, ContinuousClock.now < deadline {
            _ = try Poll.waitUntilReadable(decoder.wakeFileDescriptor, timeout: .seconds(1))
            result = decoder.takeResults().first
        }
        let picture = try #require(try result?.outcome.get())
        #expect(picture.image.pixelSize == Size(width: 96, height: 80))
        #expect(picture.image.nativeSize == Size(width: 301, height: 203), "the picture's upright size")
        for (x, y) in [(0, 0), (95, 0), (0, 79), (47, 40), (95, 79)] {
            let offset = (y * 96 + x) * 4
            let rgb = UInt32(here[offset + 2]) << 16 | UInt32(here[offset + 1]) << 8 | UInt32(here[offset])
            #expect(picture.image.rgb(x: x, y: y) == rgb, "(\(x), \(y))")
        }
        // A part outside the picture: one line, and the helper goes on.
        var outside = request
        outside.region = DecodeMessage.Region(scaleDenominator: 1, x: 290, y: 0, width: 64, height: 64)
        decoder.submit(outside)
        result = nil
        while result == nil, ContinuousClock.now < deadline {
            _ = try Poll.waitUntilReadable(decoder.wakeFileDescriptor, timeout: .seconds(1))
            result = decoder.takeResults().first
        }
        guard case .failure(let error)? = result?.outcome else {
            Issue.record("a part outside the picture was decoded")
            return
        }
        #expect("\(error)".contains("outside"), "\(error)")
    }

    @Test func whatCannotBeDecodedSoIsRefusedInOneLine() throws {
        let (file, path) = try file(orientation: 1)
        defer { try? FileManager.default.removeItem(atPath: path) }
        func reason(_ region: PictureDecoding.Region) -> String? {
            if case .failure(let failure) = PictureDecoding.decode(file, region: region, colour: nil) { return failure.reason }
            return nil
        }
        #expect(reason(.init(scaleDenominator: 3, x: 0, y: 0, width: 10, height: 10))?.contains("1/3") == true)
        #expect(reason(.init(scaleDenominator: 1, x: 290, y: 0, width: 20, height: 10))?.contains("outside") == true)
        #expect(reason(.init(scaleDenominator: 1, x: 0, y: 0, width: 0, height: 10)) != nil)
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("region-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: png) }
        try Data(PictureEncoders.png(Self.upright, layout: .rgb8)).write(to: URL(fileURLWithPath: png))
        let pngFile = try FileReader(path: FilePath(png))
        guard
            case .failure(let failure) = PictureDecoding.decode(
                pngFile, region: .init(scaleDenominator: 1, x: 0, y: 0, width: 8, height: 8), colour: nil)
        else {
            Issue.record("a PNG's region decoded")
            return
        }
        #expect(failure.reason.contains("JPEG files only") && !failure.reason.contains("\n"))
    }
}
