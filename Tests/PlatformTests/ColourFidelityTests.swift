import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

/// Pictures that state their colours, through the real decoders and Little CMS in this process
/// (the helpers run the same code; the end-to-end suite checks the screen and `--export`): each
/// shows what Little CMS computes for the numbers it stores, in sRGB and on a display with a
/// profile of its own.
@Suite(.serialized, .timeLimit(.minutes(15)))
final class ColourFidelityTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-colour-\(getpid())-\(UUID().uuidString.prefix(6))")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it: a run leaves nothing in the temporary directory.
    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A colour inside every gamut tested, that each profile moves.
    static let colour: UInt32 = 0xC8_7840

    static func close(_ a: UInt32, _ b: UInt32, within tolerance: Int) -> Bool {
        [16, 8, 0].allSatisfy { abs(Int(a >> UInt32($0) & 0xFF) - Int(b >> UInt32($0) & 0xFF)) <= tolerance }
    }

    static func hex(_ colour: UInt32) -> String { String(colour, radix: 16) }

    static let cases: [(ColourFixtures.Format, ColourFixtures.Statement)] =
        ColourFixtures.table.map { ($0.format, $0.statement) } + [(.heif, .profile(.displayP3)), (.heif, .profile(.adobeRGB))]

    @Test(arguments: cases)
    func aPictureShowsTheColourLittleCMSComputesForWhatItStores(_ format: ColourFixtures.Format, _ statement: ColourFixtures.Statement)
        throws
    {
        let path = folder + "/flat-\(format)-\(statement).\(format.fileExtension)".replacingOccurrences(of: " ", with: "-")
        try ColourFixtures.writeFlat(format, colour: Self.colour, stating: statement, to: path)
        let stored = try #require(try ImageLoader.load(path: path, colour: nil).image.rgb(x: 120, y: 80))
        let source = try statement.sourceProfile()

        let inSRGB = try ImageLoader.load(path: path)
        let expected = try ColourReference.convert(stored, from: source, to: nil)
        let got = try #require(inSRGB.image.rgb(x: 120, y: 80))
        #expect(inSRGB.warning == nil, "\(format) \(statement): \(inSRGB.warning ?? "")")
        #expect(
            Self.close(got, expected, within: 2),
            "\(format) \(statement) in sRGB: \(Self.hex(got)), Little CMS says \(Self.hex(expected)) (stored \(Self.hex(stored)))")
        if statement != .profile(.sRGB) {
            #expect(!Self.close(stored, expected, within: 4), "\(format) \(statement): the profile must move the colour to tell")
        }

        let displayProfile = try ColourFixtures.Profile.adobeRGB.bytes()
        let display = ColourConversion(target: .display(DisplayProfile(bytes: displayProfile, origin: "a test")))
        #expect(display.targetProblem == nil)
        let onDisplay = try #require(try ImageLoader.load(path: path, colour: display).image.rgb(x: 120, y: 80))
        let expectedOnDisplay = try ColourReference.convert(stored, from: source, to: displayProfile)
        #expect(
            Self.close(onDisplay, expectedOnDisplay, within: 2),
            "\(format) \(statement) on an Adobe RGB display: \(Self.hex(onDisplay)), Little CMS says \(Self.hex(expectedOnDisplay))")
    }

    static let adobeDisplay = ColourConversion(
        target: .display(DisplayProfile(bytes: (try? ColourFixtures.Profile.adobeRGB.bytes()) ?? [], origin: "a test")))

    @Test(arguments: ColourFixtures.Damaged.allCases)
    func aDamagedOrAbsurdStatementIsOneLineAndThePictureShowsAsSRGB(_ damaged: ColourFixtures.Damaged) throws {
        let path = folder + "/damaged-\(damaged).\(damaged.fileExtension)"
        try damaged.write(colour: Self.colour, to: path)
        let stored = try #require(try ImageLoader.load(path: path, colour: nil).image.rgb(x: 120, y: 80))
        for (name, colour, target) in [
            ("sRGB", ColourConversion.toSRGB, nil),
            ("an Adobe RGB display", Self.adobeDisplay, try ColourFixtures.Profile.adobeRGB.bytes()),
        ] {
            let picture = try ImageLoader.load(path: path, colour: colour)
            let warning = picture.warning ?? ""
            #expect(
                warning.hasPrefix(damaged.reason) && warning.hasSuffix("; shown as sRGB") && !warning.contains("\n"),
                "\(damaged) on \(name): \(warning)")
            let got = try #require(picture.image.rgb(x: 120, y: 80))
            let expected = try ColourReference.convert(stored, from: nil, to: target)
            #expect(Self.close(got, expected, within: 2), "\(damaged) on \(name): \(Self.hex(got)), as sRGB \(Self.hex(expected))")
        }
    }

    @Test func everyRGBProfileColordShipsIsUsedAndItsNamedColourOnesAreNot() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ColourFixtures.colordFolder).filter { $0.hasSuffix(".icc") }
            .sorted()
        #expect(names.count >= 20, "\(names)")
        let canvas = TestCanvas.flat(Self.colour, width: 32, height: 32)
        for name in names {
            let profile = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ColourFixtures.colordFolder + "/" + name)))
            let path = folder + "/tagged-\(name).png"
            let png = PictureEncoders.png(PictureEncoders.png(canvas, layout: .rgb8), inserting: [PictureEncoders.iccpChunk(profile)])
            try Data(png).write(to: URL(fileURLWithPath: path))
            let picture = try ImageLoader.load(path: path)
            let got = try #require(picture.image.rgb(x: 16, y: 16))
            if profile[12..<16].elementsEqual("nmcl".utf8) {
                #expect(
                    picture.warning == "its ICC profile is a named-colour profile, which describes no picture; shown as sRGB", "\(name)")
                #expect(got == Self.colour, "\(name)")
            } else {
                #expect(picture.warning == nil, "\(name): \(picture.warning ?? "")")
                let expected = try ColourReference.convert(Self.colour, from: profile, to: nil)
                #expect(Self.close(got, expected, within: 2), "\(name): \(Self.hex(got)), Little CMS says \(Self.hex(expected))")
            }
        }
    }

    @Test func aGreyPictureWithAGreyProfileShowsItsGreysThroughIt() throws {
        let profile = try ColourReference.greyProfile(gamma: 1.0)
        let path = folder + "/grey-linear.png"
        let canvas = TestCanvas.flat(0x80_8080, width: 32, height: 32)
        try Data(PictureEncoders.png(PictureEncoders.png(canvas, layout: .grey8), inserting: [PictureEncoders.iccpChunk(profile)]))
            .write(to: URL(fileURLWithPath: path))
        let picture = try ImageLoader.load(path: path)
        let got = try #require(picture.image.rgb(x: 16, y: 16))
        let expected = try ColourReference.convert(grey: 0x80, from: profile, to: nil)
        #expect(picture.warning == nil, "\(picture.warning ?? "")")
        #expect(
            Self.close(got, expected, within: 2) && !Self.close(got, 0x80_8080, within: 20),
            "\(Self.hex(got)), Little CMS says \(Self.hex(expected))")
    }

    @Test func aJPEGProfileOverOneSegmentIsReadFromItsChunksInAnyOrder() throws {
        // ProPhoto-like primaries in a lookup table of 33 points a side: about 215 KB, four segments.
        let profile = try ColourReference.lookupTableProfile(
            chromaticities: [0.3457, 0.3585, 0.7347, 0.2653, 0.1596, 0.8404, 0.0366, 0.0001], curveType: 1, parameters: [1.8], grid: 33)
        #expect(profile.count > 3 * PictureEncoders.iccBytesPerSegment, "\(profile.count) bytes")
        let jpeg = try PictureEncoders.savedByGdkPixbuf(
            TestCanvas.flat(Self.colour, width: 64, height: 64), type: "jpeg", options: [("quality", "95")])
        for order in [[1, 2, 3, 4], [3, 1, 4, 2]] {
            let path = folder + "/lut-\(order.map(String.init).joined()).jpg"
            try Data(PictureEncoders.jpeg(jpeg, insertingICC: profile, order: order)).write(to: URL(fileURLWithPath: path))
            let stored = try #require(try ImageLoader.load(path: path, colour: nil).image.rgb(x: 32, y: 32))
            let picture = try ImageLoader.load(path: path)
            let got = try #require(picture.image.rgb(x: 32, y: 32))
            let expected = try ColourReference.convert(stored, from: profile, to: nil)
            #expect(picture.warning == nil, "\(order): \(picture.warning ?? "")")
            #expect(Self.close(got, expected, within: 2), "\(order): \(Self.hex(got)), Little CMS says \(Self.hex(expected))")
            #expect(!Self.close(got, stored, within: 4), "\(order): the profile must move the colour to tell")
        }
    }

    @Test func withoutColourManagementAPictureShowsTheNumbersItStores() throws {
        let path = folder + "/p3.png"
        try ColourFixtures.writeFlat(.png, colour: Self.colour, stating: .profile(.displayP3), to: path)
        #expect(try ImageLoader.load(path: path, colour: nil).image.rgb(x: 120, y: 80) == Self.colour)
        #expect(try ImageLoader.load(path: path).image.rgb(x: 120, y: 80) != Self.colour)
    }

    /// round(c × a / 255), as cairo holds a colour.
    static func premultiplied(_ colour: UInt32, alpha: UInt32) -> UInt32 {
        [16, 8, 0].reduce(UInt32(0)) { $0 | (((colour >> UInt32($1) & 0xFF) * alpha + 127) / 255) << UInt32($1) }
    }

    @Test func halfTransparentPicturesAreConvertedStraightAndPremultipliedAgain() throws {
        let profile = try ColourFixtures.Profile.adobeRGB.bytes()
        let canvas = TestCanvas.flat(Self.colour, alpha: 128, width: 240, height: 160)
        let png = folder + "/half.png", tiff = folder + "/half.tif"
        try Data(PictureEncoders.png(PictureEncoders.png(canvas, layout: .rgba8), inserting: [PictureEncoders.iccpChunk(profile)]))
            .write(to: URL(fileURLWithPath: png))
        try Data(PictureEncoders.tiff(canvas, layout: .rgba8, iccProfile: profile)).write(to: URL(fileURLWithPath: tiff))
        let expected = Self.premultiplied(try ColourReference.convert(Self.colour, from: profile, to: nil), alpha: 128)
        // 1024 px: gdk-pixbuf's loaders (the TIFF one hands over premultiplied colours); 120 px:
        // the row decoders.
        for (path, longEdge) in [(png, 1024), (png, 120), (tiff, 1024), (tiff, 120)] {
            let picture = try ImageLoader.load(path: path, maximumLongEdge: longEdge)
            let size = picture.image.pixelSize
            let got = try #require(picture.image.rgb(x: Int(size.width) / 2, y: Int(size.height) / 2))
            #expect(picture.warning == nil && picture.image.hasAlpha, "\(path) at \(longEdge): \(picture.warning ?? "")")
            #expect(
                Self.close(got, expected, within: 2),
                "\(path) at \(longEdge): \(Self.hex(got)), Little CMS's colour at half alpha \(Self.hex(expected))")
        }
    }
}
