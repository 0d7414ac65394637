import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

/// Every format and layout through the real loaders: the true colour, and upright for each of the
/// eight orientations, as decoded (the end-to-end suite checks the same on screen and in exports).
@Suite(.serialized, .timeLimit(.minutes(15)))
final class PictureFidelityTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-fidelity-\(getpid())-\(UUID().uuidString.prefix(6))")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it: a run leaves nothing in the temporary directory.
    deinit { try? FileManager.default.removeItem(atPath: folder) }

    static let orange: UInt32 = 0xFF_8000
    static let grey: UInt32 = 0x80_8080
    /// Quarter colours, top left to bottom right, apart from each other and from the board.
    static let quadrantColors: [UInt32] = [0xE0_2020, 0x20_C040, 0x20_40E0, 0xE0_D020]

    static func channelsClose(_ a: UInt32, _ b: UInt32, within tolerance: Int) -> Bool {
        [16, 8, 0].allSatisfy { abs(Int(a >> UInt32($0) & 0xFF) - Int(b >> UInt32($0) & 0xFF)) <= tolerance }
    }

    @Test(arguments: FormatFixtures.Kind.allCases)
    func aFlatPictureDecodesToItsColour(_ kind: FormatFixtures.Kind) throws {
        let path = folder + "/flat.\(kind).\(kind.fileExtension)"
        let color = kind.isGrey ? Self.grey : Self.orange
        try FormatFixtures.writeFlat(kind, color: color, to: path)
        let picture = try ImageLoader.load(path: path)
        #expect(picture.warning == nil, "\(kind): \(picture.warning ?? "")")
        #expect(picture.image.nativeSize == Size(width: 240, height: 160), "\(kind)")
        // Premultiplied, as cairo holds it: colour × alpha.
        let alpha = UInt32(kind.insideAlpha)
        let want = [16, 8, 0].reduce(UInt32(0)) { $0 | (((color >> UInt32($1) & 0xFF) * alpha + 127) / 255) << UInt32($1) }
        for (x, y) in [(120, 80), (10, 10), (229, 149)] {
            let got = try #require(picture.image.rgb(x: x, y: y))
            #expect(
                Self.channelsClose(got, want, within: kind.tolerance),
                "\(kind) at \(x),\(y): \(String(got, radix: 16)), want \(String(want, radix: 16))")
        }
        #expect(picture.image.hasAlpha == (kind.hasTransparentFrame), "\(kind)")
    }

    @Test(arguments: FormatFixtures.OrientedKind.allCases, 1...8)
    func everyOrientationDecodesUpright(_ kind: FormatFixtures.OrientedKind, _ orientation: Int) throws {
        let path = folder + "/turned\(orientation).\(kind.fileExtension)"
        let upright = FormatFixtures.quadrants(width: 300, height: 200, colors: Self.quadrantColors)
        try FormatFixtures.writeOriented(kind, upright: upright, orientation: orientation, to: path)
        let picture = try ImageLoader.load(path: path)
        #expect(picture.image.nativeSize == Size(width: 300, height: 200), "\(kind) \(orientation): \(picture.image.nativeSize)")
        #expect(picture.image.pixelSize == Size(width: 300, height: 200), "\(kind) \(orientation): \(picture.image.pixelSize)")
        let tolerance = kind == .png || kind == .tiff ? 0 : 40
        for (index, (x, y)) in [(75, 50), (225, 50), (75, 150), (225, 150)].enumerated() {
            let got = try #require(picture.image.rgb(x: x, y: y))
            #expect(
                Self.channelsClose(got, Self.quadrantColors[index], within: tolerance),
                "\(kind) orientation \(orientation): quarter \(index) is \(String(got, radix: 16)), want \(String(Self.quadrantColors[index], radix: 16))"
            )
        }
        #expect(picture.warning == nil, "\(picture.warning ?? "")")
    }

    @Test func heifAndAVIFOrientationComesFromIrotAndImirNotFromTheirEXIF() throws {
        // The fixtures above carry EXIF stating the same turn as irot/imir: applied twice, a
        // quarter turn would come out half a turn. Here the EXIF says 6 with no irot at all.
        for kind in [FormatFixtures.OrientedKind.heif, .avif] {
            let path = folder + "/exif-only.\(kind.fileExtension)"
            let upright = FormatFixtures.quadrants(width: 300, height: 200, colors: Self.quadrantColors)
            try FormatFixtures.writeOriented(kind, upright: upright, orientation: 1, to: path)
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let stated = PictureEncoders.exifOrientation(1), lying = PictureEncoders.exifOrientation(6)
            let at = try #require(bytes.firstRange(of: stated), "\(kind) holds its EXIF")
            bytes.replaceSubrange(at, with: lying)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let picture = try ImageLoader.load(path: path)
            #expect(picture.image.nativeSize == Size(width: 300, height: 200), "\(kind)")
            let topLeft = try #require(picture.image.rgb(x: 75, y: 50))
            #expect(Self.channelsClose(topLeft, Self.quadrantColors[0], within: 40), "\(kind): \(String(topLeft, radix: 16))")
        }
    }
}
