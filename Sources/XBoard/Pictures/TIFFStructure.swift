/// A TIFF structure (a TIFF file, or the EXIF of a JPEG, PNG or WebP) read entry by entry, every
/// offset checked against `limit`.
struct TIFFStructure {
    let bytes: EmbeddedColour.ByteReader
    let base: Int
    let limit: Int
    let isLittleEndian: Bool

    /// One IFD entry: its type, count and the four bytes of its value or offset.
    struct Entry {
        var type: Int
        var count: Int
        /// Indexed from 0.
        var value: ArraySlice<UInt8>
        let isLittleEndian: Bool

        /// A SHORT or LONG held in the entry itself.
        var number: Int? {
            switch (type, count) {
            case (3, 1): number(value.prefix(2))
            case (4, 1): number(value)
            default: nil
            }
        }

        /// Where a value of more than four bytes lies, relative to the structure's base.
        var offset: Int? { count * Self.byteSize(type) > 4 ? number(value) : nil }

        func number(_ slice: ArraySlice<UInt8>) -> Int {
            isLittleEndian ? EmbeddedColour.littleEndian(slice) : EmbeddedColour.bigEndian(slice)
        }

        static func byteSize(_ type: Int) -> Int {
            switch type {
            case 3, 8: 2
            case 4, 9, 11: 4
            case 5, 10, 12: 8
            default: 1
            }
        }
    }

    init?(_ bytes: @escaping EmbeddedColour.ByteReader, base: Int, limit: Int) {
        let header = bytes(base, 8)
        guard header.count == 8, limit >= 8 else { return nil }
        switch (header[0], header[1], header[2], header[3]) {
        case (0x49, 0x49, 42, 0): isLittleEndian = true
        case (0x4D, 0x4D, 0, 42): isLittleEndian = false
        default: return nil
        }
        self.bytes = bytes
        self.base = base
        self.limit = limit
    }

    /// The first IFD's offset.
    var firstDirectory: Int? {
        let header = bytes(base, 8)
        guard header.count == 8 else { return nil }
        let offset = isLittleEndian ? EmbeddedColour.littleEndian(header[4..<8]) : EmbeddedColour.bigEndian(header[4..<8])
        return offset >= 8 ? offset : nil
    }

    /// The entries of the IFD at `offset`, by tag (the first of a tag given twice, as libtiff
    /// reads it); `nil` when the IFD lies outside the structure.
    func entries(at offset: Int) -> [Int: Entry]? {
        guard offset >= 8, offset <= limit - 2 else { return nil }
        let countBytes = bytes(base + offset, 2)
        guard countBytes.count == 2 else { return nil }
        let count = isLittleEndian ? EmbeddedColour.littleEndian(countBytes[0..<2]) : EmbeddedColour.bigEndian(countBytes[0..<2])
        guard count > 0, offset + 2 + count * 12 <= limit else { return nil }
        let table = bytes(base + offset + 2, count * 12)
        guard table.count == count * 12 else { return nil }
        var entries: [Int: Entry] = [:]
        for index in 0..<count {
            let start = table.startIndex + index * 12
            let entry = table[start..<(start + 12)]
            func number(_ slice: ArraySlice<UInt8>) -> Int {
                isLittleEndian ? EmbeddedColour.littleEndian(slice) : EmbeddedColour.bigEndian(slice)
            }
            let tag = number(entry[start..<(start + 2)])
            guard entries[tag] == nil else { continue }
            entries[tag] = Entry(
                type: number(entry[(start + 2)..<(start + 4)]), count: number(entry[(start + 4)..<(start + 8)]),
                value: ArraySlice(Array(entry[(start + 8)..<(start + 12)])), isLittleEndian: isLittleEndian)
        }
        return entries
    }

    /// Whether `ifd` (a first IFD) points to EXIF that marks Adobe RGB.
    func isAdobeRGB(ifd: [Int: Entry]) -> Bool {
        guard let exifOffset = ifd[0x8769]?.number, let exif = entries(at: exifOffset), exif[0xA001]?.number == 0xFFFF,
            let interopOffset = exif[0xA005]?.number, let interop = entries(at: interopOffset), let index = interop[0x0001],
            index.type == 2 || index.type == 7, index.count == 4
        else { return false }
        return index.value.prefix(3).elementsEqual("R03".utf8)
    }
}
