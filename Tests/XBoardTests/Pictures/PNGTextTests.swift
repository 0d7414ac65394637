import Testing
import XBoard

/// PNG text read from bytes written here chunk by chunk.
@Suite struct PNGTextTests {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let length = UInt32(data.count)
        return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    static let header = chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])

    @Test func textOfEveryKindIsReadInOrder() throws {
        let bytes =
            Self.signature + Self.header
            + Self.chunk("tEXt", Array("Thumb::URI".utf8) + [0] + Array("file:///a.png".utf8))
            + Self.chunk("tEXt", Array("Title".utf8) + [0, 0x63, 0x61, 0x66, 0xE9])  // Latin-1 "café"
            + Self.chunk("zTXt", Array("Comment".utf8) + [0, 0, 0x78, 0x9C])
            + Self.chunk("iTXt", Array("Thumb::MTime".utf8) + [0, 0, 0] + Array("en".utf8) + [0, 0] + Array("17".utf8))
            + Self.chunk("iTXt", Array("Note".utf8) + [0, 1, 0, 0, 0, 0x78])
            + Self.chunk("IDAT", [1, 2, 3]) + Self.chunk("IEND", [])
            + Self.chunk("tEXt", Array("After".utf8) + [0])  // after IEND: not read
        let entries = try #require(PNGText.entries(in: bytes))
        #expect(
            entries == [
                .init(key: "Thumb::URI", value: .text("file:///a.png")), .init(key: "Title", value: .text("caf\u{E9}")),
                .init(key: "Comment", value: .compressed([0x78, 0x9C], isUTF8: false)), .init(key: "Thumb::MTime", value: .text("17")),
                .init(key: "Note", value: .compressed([0x78], isUTF8: true)),
            ])
    }

    @Test func badEntriesAreSkippedAndBadStructureIsNoPNG() {
        let skipped =
            Self.signature + Self.header
            + Self.chunk("tEXt", [0] + Array("no key".utf8))
            + Self.chunk("tEXt", Array(repeating: 0x41, count: 80) + [0, 0x41])  // keyword too long
            + Self.chunk("tEXt", Array("no NUL".utf8))
            + Self.chunk("zTXt", Array("Method".utf8) + [0, 1, 2])  // not deflate
            + Self.chunk("iTXt", Array("Bad".utf8) + [0, 0, 0, 0, 0, 0xFF])  // not UTF-8
            + Self.chunk("IEND", [])
        #expect(PNGText.entries(in: skipped) == [])
        #expect(PNGText.entries(in: Array("not a png at all, no".utf8)) == nil)
        let cut = Self.signature + Self.header + Self.chunk("tEXt", Array("Key".utf8) + [0] + Array("value".utf8))
        #expect(PNGText.entries(in: Array(cut.dropLast(3))) == nil)
        #expect(PNGText.entries(in: cut) == nil, "no IEND")
        var lying = Self.signature + Self.header + Self.chunk("IEND", [])
        lying[8] = 0xFF  // IHDR claims gigabytes
        #expect(PNGText.entries(in: lying) == nil)
    }
}
