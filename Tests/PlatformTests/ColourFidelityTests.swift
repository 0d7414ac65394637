import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

/// Pictures that state their colours, through the real decoders and Little CMS in this process
/// (the helpers run the same code; the end-to-end suite checks the screen and `--export`): each
/// shows what Little CMS computes for the numbers it stores, in sRGB and on a display with a
/// profile of its own.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ColourFidelityTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-colour-\(getpid())-\(UUID().uuidString.prefix(6))")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

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
}
