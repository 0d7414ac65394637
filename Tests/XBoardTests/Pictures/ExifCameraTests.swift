import Testing

@testable import XBoard

/// The camera a JPEG names, from its EXIF's first directory.
@Suite struct ExifCameraTests {
    /// A JPEG holding only an APP1 EXIF segment whose first directory has `entries` (tag, text).
    static func jpeg(_ entries: [(Int, String)], bigEndian: Bool = false) -> [UInt8] {
        func number(_ value: Int, _ count: Int) -> [UInt8] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return bigEndian ? bytes.reversed() : bytes
        }
        let directoryStart = 8
        let valuesStart = directoryStart + 2 + entries.count * 12 + 4
        var tiff: [UInt8] = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + number(42, 2) + number(directoryStart, 4)
        tiff += number(entries.count, 2)
        var values: [UInt8] = []
        for (tag, text) in entries {
            let value = Array(text.utf8) + [0]
            tiff += number(tag, 2) + number(2, 2) + number(value.count, 4)
            if value.count <= 4 {
                tiff += value + [UInt8](repeating: 0, count: 4 - value.count)
            } else {
                tiff += number(valuesStart + values.count, 4)
                values += value
            }
        }
        tiff += number(0, 4) + values
        let segment: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = segment.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + segment + [0xFF, 0xD9]
    }

    @Test func makeAndModelReadAsOneName() {
        #expect(ExifCamera.name(inJPEG: Self.jpeg([(271, "FUJIFILM"), (272, "X-T4")])) == "FUJIFILM X-T4")
        #expect(ExifCamera.name(inJPEG: Self.jpeg([(271, "Canon"), (272, "Canon EOS R5")], bigEndian: true)) == "Canon EOS R5")
        #expect(ExifCamera.name(inJPEG: Self.jpeg([(272, "Pixel 8  ")])) == "Pixel 8")
        #expect(ExifCamera.name(inJPEG: Self.jpeg([(271, "ab")])) == "ab")  // a short value inside its entry
    }

    @Test func nothingUsableIsNoName() {
        #expect(ExifCamera.name(inJPEG: Self.jpeg([])) == nil)
        #expect(ExifCamera.name(inJPEG: Self.jpeg([(272, "\u{1}\u{2}")])) == nil)
        #expect(ExifCamera.name(inJPEG: [0xFF, 0xD8, 0xFF, 0xD9]) == nil)
        // Truncated anywhere: no name, no trap.
        let whole = Self.jpeg([(271, "FUJIFILM"), (272, "X-T4")])
        for length in 0..<whole.count { _ = ExifCamera.name(inJPEG: Array(whole.prefix(length))) }
    }
}
