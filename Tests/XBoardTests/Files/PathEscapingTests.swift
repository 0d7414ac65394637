import Foundation
import SystemPackage
import Testing
import XBoard

@Suite struct PathEscapingTests {
    static let latin1Cafe: [UInt8] = Array("/photos/caf".utf8) + [0xE9] + Array(".png".utf8)

    @Test func bytesThatAreNotUTF8AreShownEscapedNeverAsReplacementCharacters() throws {
        let path = try #require(FilePath(bytes: Self.latin1Cafe))
        #expect(path.escaped == "/photos/caf\\xe9.png")
        #expect(!path.escaped.unicodeScalars.contains("\u{FFFD}"))
        #expect(FilePath("/photos/café.png").escaped == "/photos/café.png")
        #expect(path != FilePath("/photos/caf\u{FFFD}.png"), "two different files must not collide")
    }

    @Test func controlCharactersAndBackslashesAreEscapedSoOneNameIsOneLine() {
        #expect(PathEscaping.escape(Array("a\nb\tc\\d\u{7F}\u{85}.jpg".utf8)) == "a\\x0ab\\x09c\\\\d\\x7f\\xc2\\x85.jpg")
    }

    @Test func escapingReadsBackToTheSameBytes() throws {
        var random = SeededRandom(seed: 3)
        let samples: [[UInt8]] = [
            Self.latin1Cafe, Array("plain/ascii.jpg".utf8), Array("ünïcödé 写真.heic".utf8), Array("back\\slash\\x41".utf8),
            [0xFF, 0xFE, 0x80, 0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x93, 0xB7, 0xF0, 0x9F],
        ]
        let randomNames = (0..<500).map { _ in (0..<(1 + random.next() % 24)).map { _ in UInt8(1 + random.next() % 255) } }
        for bytes in samples + randomNames {
            let text = PathEscaping.escape(bytes)
            #expect(PathEscaping.unescape(text) == bytes, "\(text)")
            #expect(!text.unicodeScalars.contains("\u{FFFD}") || String(decoding: bytes, as: UTF8.self).contains("\u{FFFD}"))
        }
    }

    @Test func malformedEscapesAreRefused() {
        for text in ["a\\", "a\\q", "a\\x4", "a\\xZZ", "\\x"] { #expect(PathEscaping.unescape(text) == nil, "\(text)") }
        #expect(FilePath(escaped: "a\\x00b") == nil, "no file is named with a NUL")
        #expect(FilePath(bytes: []) == nil)
    }

    @Test func componentsKeepTheirBytes() throws {
        let path = try #require(FilePath(bytes: Self.latin1Cafe))
        #expect(path.lastComponent?.bytes == Array("caf".utf8) + [0xE9] + Array(".png".utf8))
        #expect(path.bytes == Self.latin1Cafe)
    }
}
