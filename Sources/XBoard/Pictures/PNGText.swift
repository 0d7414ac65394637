/// The text a PNG file carries (`tEXt`, `zTXt` and `iTXt` chunks, PNG 1.2, 4.2.3), read from
/// its bytes: how thumbnails state what they were made from (`ThumbnailRecord`).
///
/// The bytes are another program's, so the walk checks every length against what is there and
/// stops at `IEND`, at the end of the bytes, or after `maximumChunks` chunks. Compressed text
/// is handed back compressed (the core inflates nothing; the platform does, with zlib and a
/// limit). Chunk checksums are not verified here: a thumbnail is decoded in full, checksums
/// and all, by a confined helper before it is shown.
public enum PNGText {
    /// One text entry.
    public struct Entry: Hashable, Sendable {
        public enum Value: Hashable, Sendable {
            case text(String)
            /// A zlib stream; inflated, Latin-1 text (`zTXt`) or UTF-8 (`iTXt`).
            case compressed([UInt8], isUTF8: Bool)
        }

        public var key: String
        public var value: Value

        public init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Far more chunks than a thumbnail has: a bound on the walk.
    public static let maximumChunks = 100_000

    /// The text entries of the PNG `bytes`, in file order; `nil` when the bytes are not a PNG or
    /// a chunk runs past their end before `IEND`.
    public static func entries(in bytes: [UInt8]) -> [Entry]? {
        guard bytes.count >= signature.count + 12, Array(bytes.prefix(signature.count)) == signature else { return nil }
        var entries: [Entry] = []
        var offset = signature.count
        for _ in 0..<maximumChunks {
            guard bytes.count - offset >= 12 else { return nil }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard length <= Int(Int32.max), bytes.count - start - 4 >= length else { return nil }
            let data = bytes[start..<(start + length)]
            switch type {
            case "tEXt":
                if let (key, rest) = keyword(data) { entries.append(Entry(key: key, value: .text(latin1(rest)))) }
            case "zTXt":
                if let (key, rest) = keyword(data), rest.first == 0 {
                    entries.append(Entry(key: key, value: .compressed(Array(rest.dropFirst()), isUTF8: false)))
                }
            case "iTXt":
                if let entry = international(data) { entries.append(entry) }
            case "IEND":
                return entries
            default:
                break
            }
            offset = start + length + 4
        }
        return nil
    }

    /// A keyword (1–79 Latin-1 bytes) and the bytes after its NUL.
    private static func keyword(_ data: ArraySlice<UInt8>) -> (String, ArraySlice<UInt8>)? {
        guard let end = data.firstIndex(of: 0), end > data.startIndex, end - data.startIndex <= 79 else { return nil }
        return (latin1(data[data.startIndex..<end]), data[(end + 1)...])
    }

    /// An `iTXt` entry: keyword, compression flag and method, language tag, translated keyword, text.
    private static func international(_ data: ArraySlice<UInt8>) -> Entry? {
        guard let (key, rest) = keyword(data), rest.count >= 2 else { return nil }
        let isCompressed = rest[rest.startIndex] == 1
        guard rest[rest.startIndex] <= 1, rest[rest.startIndex + 1] == 0 else { return nil }
        let afterFlags = rest.dropFirst(2)
        guard let languageEnd = afterFlags.firstIndex(of: 0) else { return nil }
        let afterLanguage = afterFlags[(languageEnd + 1)...]
        guard let translatedEnd = afterLanguage.firstIndex(of: 0) else { return nil }
        let text = afterLanguage[(translatedEnd + 1)...]
        if isCompressed { return Entry(key: key, value: .compressed(Array(text), isUTF8: true)) }
        guard let value = String(validating: text, as: UTF8.self) else { return nil }
        return Entry(key: key, value: .text(value))
    }

    /// Latin-1 bytes as text (every byte is a character).
    public static func latin1(_ bytes: some Collection<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
