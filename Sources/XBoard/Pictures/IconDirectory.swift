/// The directory of an ICO (or CUR) file: where its icons lie, and which one the board shows.
///
/// gdk-pixbuf's ICO loader refuses an icon whose entries are PNG-compressed ("Compressed icons
/// are not supported"), which is what Pillow, GIMP 2.10 and later and Windows Vista and later
/// write for all or the largest of their sizes. So the board reads the directory itself and, when
/// the icon it shows is a PNG, decodes those bytes as a PNG file; bitmap icons still go to the
/// loader whole. Every offset and length is checked against the file's size.
public struct IconDirectory: Hashable, Sendable {
    /// One icon in the file.
    public struct Entry: Hashable, Sendable {
        /// Size in pixels as the directory states it (a stored 0 means 256).
        public var width: Int
        public var height: Int
        /// Bits per pixel as the directory states it (0 when it does not say).
        public var bitCount: Int
        /// Where the icon's bytes start in the file, and how many there are.
        public var offset: Int
        public var length: Int
        /// The bytes are a PNG file (they start with the PNG signature).
        public var isPNG: Bool
    }

    /// The PNG file signature, which starts a PNG-compressed icon.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public var entries: [Entry]

    /// Reads the directory of a file of `fileSize` bytes; `nil` when the header cannot be read or
    /// an entry's bytes lie outside the file.
    public init?(_ bytes: EmbeddedOrientation.ByteReader, fileSize: Int) {
        let header = bytes(0, 6)
        guard header.count == 6 else { return nil }
        let count = DeclaredSize.littleEndian(header[4..<6])
        guard count > 0 else { return nil }
        let table = bytes(6, count * 16)
        guard table.count == count * 16 else { return nil }
        var entries: [Entry] = []
        for index in 0..<count {
            let start = table.startIndex + index * 16
            let length = DeclaredSize.littleEndian(table[(start + 8)..<(start + 12)])
            let offset = DeclaredSize.littleEndian(table[(start + 12)..<(start + 16)])
            guard length > 0, offset >= 6 + count * 16, offset <= fileSize, length <= fileSize - offset else { return nil }
            entries.append(
                Entry(
                    width: table[start] == 0 ? 256 : Int(table[start]), height: table[start + 1] == 0 ? 256 : Int(table[start + 1]),
                    bitCount: DeclaredSize.littleEndian(table[(start + 6)..<(start + 8)]), offset: offset, length: length,
                    isPNG: bytes(offset, 8).elementsEqual(Self.pngSignature)))
        }
        self.entries = entries
    }

    /// The icon the board shows: the most pixels, then the most bits per pixel, then the first —
    /// the one gdk-pixbuf's loader would pick.
    public var largest: Entry? {
        entries.indices.max { a, b in
            let left = (entries[a].width * entries[a].height, entries[a].bitCount, -a)
            let right = (entries[b].width * entries[b].height, entries[b].bitCount, -b)
            return left < right
        }.map { entries[$0] }
    }
}
