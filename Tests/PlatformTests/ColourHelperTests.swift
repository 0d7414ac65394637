import Foundation
import SystemPackage
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

/// Colour management in the real, confined helpers: they convert to the display profile the
/// board sends them (checked there; a bad one is one line and sRGB), follow it when it changes
/// — results finished for the old profile are decoded again — and leave colours alone when
/// colour management is off.
@Suite(.serialized, .timeLimit(.minutes(15)))
final class ColourHelperTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "photoboard-colour-helpers-\(getpid())-\(UUID().uuidString.prefix(6))"
            )
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    static let colour: UInt32 = 0xC8_7840

    /// A Display P3 JPEG and the numbers it stores.
    func displayP3JPEG(_ name: String = "p3.jpg") throws -> (path: String, stored: UInt32) {
        let path = folder + "/" + name
        try ColourFixtures.writeFlat(.jpeg, colour: Self.colour, stating: .profile(.displayP3), to: path)
        return (path, try #require(try ImageLoader.load(path: path, colour: nil).image.rgb(x: 120, y: 80)))
    }

    static func middle(_ result: PhotoDecoder.Result?) throws -> UInt32 {
        let outcome = try #require(result).outcome
        guard case .success(let picture) = outcome else { throw HarnessError("not decoded: \(outcome)") }
        return try #require(picture.image.rgb(x: 120, y: 80))
    }

    static func close(_ a: UInt32, _ b: UInt32) -> Bool {
        [16, 8, 0].allSatisfy { abs(Int(a >> UInt32($0) & 0xFF) - Int(b >> UInt32($0) & 0xFF)) <= 2 }
    }

    @Test func helpersConvertToTheDisplayProfileTheyAreSentAndBackToSRGBWhenItGoes() throws {
        let decoder = try HelperDecodingTests.decoder()
        defer { decoder.stop() }
        let (path, stored) = try displayP3JPEG()
        let source = try ColourFixtures.Profile.displayP3.bytes(), adobe = try ColourFixtures.Profile.adobeRGB.bytes()

        let inSRGB = try Self.middle(HelperDecodingTests.decodeAll([path], with: decoder)[path])
        #expect(Self.close(inSRGB, try ColourReference.convert(stored, from: source, to: nil)), "\(String(inSRGB, radix: 16))")

        #expect(decoder.setDisplayProfile(DisplayProfile(bytes: adobe, origin: "a test")))
        #expect(!decoder.setDisplayProfile(DisplayProfile(bytes: adobe, origin: "a test")), "the same profile again changes nothing")
        let onAdobe = try Self.middle(HelperDecodingTests.decodeAll([path], with: decoder)[path])
        let expected = try ColourReference.convert(stored, from: source, to: adobe)
        #expect(Self.close(onAdobe, expected), "\(String(onAdobe, radix: 16)), Little CMS says \(String(expected, radix: 16))")

        #expect(decoder.setDisplayProfile(nil))
        let back = try Self.middle(HelperDecodingTests.decodeAll([path], with: decoder)[path])
        #expect(back == inSRGB)
        // The helpers did it confined.
        #expect(decoder.helperProcessIDs.allSatisfy { HelperDecodingTests.status("Seccomp", of: $0) == "2" })
    }

    @Test func withColourManagementOffHelpersLeaveTheStoredNumbers() throws {
        let decoder = try HelperDecodingTests.decoder { $0.managesColour = false }
        defer { decoder.stop() }
        let (path, stored) = try displayP3JPEG()
        #expect(!decoder.setDisplayProfile(DisplayProfile(bytes: try ColourFixtures.Profile.adobeRGB.bytes(), origin: "a test")))
        #expect(try Self.middle(HelperDecodingTests.decodeAll([path], with: decoder)[path]) == stored)
    }

    @Test func aDamagedDisplayProfileIsOneLineAndPicturesGoToSRGB() throws {
        let decoder = try HelperDecodingTests.decoder()
        defer { decoder.stop() }
        let (path, stored) = try displayP3JPEG()
        let (second, _) = try displayP3JPEG("p3-again.jpg")
        var damaged = try ColourFixtures.Profile.adobeRGB.bytes()
        damaged.replaceSubrange(36..<40, with: Array("xxxx".utf8))
        decoder.setDisplayProfile(DisplayProfile(bytes: damaged, origin: "_ICC_PROFILE on the root window"))
        let (results, text) = try StandardErrorCapture.capturing { try HelperDecodingTests.decodeAll([path, second], with: decoder) }
        let expected = try ColourReference.convert(stored, from: try ColourFixtures.Profile.displayP3.bytes(), to: nil)
        #expect(Self.close(try Self.middle(results[path]), expected))
        #expect(Self.close(try Self.middle(results[second]), expected))
        let lines = text.split(separator: "\n").filter { $0.contains("colour profile") }
        #expect(
            lines == [
                "photoboard-x11: the display's colour profile (_ICC_PROFILE on the root window): its ICC profile is damaged (no acsp signature); pictures are shown as for sRGB"
            ], "\(lines)")
    }

    @Test func aResultFinishedForTheOldProfileIsDecodedAgainForTheNewOne() throws {
        let decoder = try HelperDecodingTests.decoder { $0.maximumHelpers = 1 }
        defer { decoder.stop() }
        let (path, stored) = try displayP3JPEG()
        decoder.submit(PhotoDecoder.Request(photo: PhotoID(0), path: FilePath(path), maximumLongEdge: 1024))
        // Finished (the wake descriptor says so) but not taken: the profile changes now.
        _ = try Poll.waitUntilReadable(decoder.wakeFileDescriptor, timeout: .seconds(30))
        let adobe = try ColourFixtures.Profile.adobeRGB.bytes()
        decoder.setDisplayProfile(DisplayProfile(bytes: adobe, origin: "a test"))
        var results: [PhotoDecoder.Result] = []
        let clock = ContinuousClock(), deadline = clock.now + .seconds(30)
        while results.isEmpty, clock.now < deadline {
            _ = try Poll.waitUntilReadable(decoder.wakeFileDescriptor, timeout: .seconds(1))
            results += decoder.takeResults()
        }
        #expect(results.count == 1)
        let expected = try ColourReference.convert(stored, from: try ColourFixtures.Profile.displayP3.bytes(), to: adobe)
        let got = try Self.middle(results.first)
        #expect(Self.close(got, expected), "\(String(got, radix: 16)), for Adobe RGB \(String(expected, radix: 16))")
    }
}
