import Foundation
import SystemPackage

/// Reading a damaged board file: every intact entry is kept. A bad number or token, a stray
/// byte, bytes that are not UTF-8 spoil only the entry they are in; a file cut off (a full disk,
/// a crash of another program, a hand edit) keeps every entry before the cut.
extension BoardFile {
    /// What a damaged file still holds.
    public struct Salvage: Hashable, Sendable {
        public var contents: Contents
        /// The offset of the first damaged byte (the file's length when it was cut off).
        public var damageOffset: Int
        /// Photo entries that were there but could not be read (one for an entry cut off).
        public var lostEntries: Int
    }

    /// The keys of a board file's top level, which reading resumes at after damage.
    private static let topLevelKeys = ["format", "version", "boardWidth", "boardHeight", "view", "arguments", "photos"]

    /// The intact part of a board file (`file`, to name it in problems) that `decode` refused,
    /// or `nil` when nothing of a board can be told in it (its `"format"` is not found). A file
    /// from a newer version is not salvaged: it throws `.newerVersion`, so it is never written
    /// over.
    public static func salvage(
        _ data: Data, relativeTo folder: FilePath? = nil, file: FilePath? = nil, limits: MemoryLimits = MemoryLimits()
    ) throws(ReadError) -> Salvage? {
        guard data.count <= sizeLimit else { return nil }
        let scanner = JSONScanner([UInt8](data))
        var reader = SalvageReader(scanner: scanner)
        reader.readTopLevel()
        guard reader.format == format else { return nil }
        if let version = reader.version {
            guard version <= currentVersion else { throw .newerVersion(version) }
            guard version == currentVersion else { return nil }
        }
        var raw = RawFile(
            format: format, version: currentVersion, boardWidth: reader.boardWidth, boardHeight: reader.boardHeight,
            arguments: reader.arguments, photos: reader.photos)
        (raw.view, raw.hasView) = (reader.view, reader.hasView)
        // Entries lost are said in the keeper's one line, not one line each.
        return Salvage(
            contents: contents(of: raw, relativeTo: folder, file: file, limits: limits), damageOffset: reader.damageOffset ?? data.count,
            lostEntries: reader.lost)
    }

    /// Reads what it can of a board file's top level and photo list, resuming after damage.
    private struct SalvageReader {
        let scanner: JSONScanner
        var format: String?
        var version: Int?
        var boardWidth: Double?
        var boardHeight: Double?
        var view: [Double]?
        var hasView = false
        var arguments: [FilePath]?
        var photos: [RawPhoto] = []
        /// Entries damaged, cut off, or valid JSON but not a photo.
        var lost = 0
        var damageOffset: Int?

        init(scanner: JSONScanner) {
            self.scanner = scanner
        }

        private var bytes: [UInt8] { scanner.bytes }

        mutating func damage(at offset: Int) {
            damageOffset = min(damageOffset ?? offset, offset)
        }

        private func decode<T: Decodable>(_ type: T.Type, _ range: Range<Int>) -> T? {
            try? JSONDecoder().decode(T.self, from: Data(bytes[range]))
        }

        mutating func readTopLevel() {
            var index = 0
            scanner.skipWhitespace(&index)
            guard scanner.isAt(UInt8(ascii: "{"), index) else { return damage(at: index) }
            index += 1
            while true {
                scanner.skipWhitespace(&index)
                if scanner.isAt(UInt8(ascii: "}"), index) { return }
                if scanner.isAt(UInt8(ascii: ","), index) {
                    index += 1
                    continue
                }
                let keyStart = index
                var valueStart = index
                guard scanner.isAt(UInt8(ascii: "\""), index), scanner.scanString(&index),
                    let key = decode(String.self, keyStart..<index), skipColon(&valueStart, after: index)
                else {
                    damage(at: max(index, keyStart))
                    guard let next = resumption(after: keyStart) else { return }
                    index = next
                    continue
                }
                index = valueStart
                if key == "photos", scanner.isAt(UInt8(ascii: "["), index) {
                    readPhotos(&index)
                    continue
                }
                guard scanner.scanValue(&index) else {
                    damage(at: index)
                    guard let next = resumption(after: valueStart) else { return }
                    index = next
                    continue
                }
                store(key, valueStart..<index)
            }
        }

        /// Steps past whitespace and the colon after a key ending at `end`; `index` is then the
        /// value's start.
        private func skipColon(_ index: inout Int, after end: Int) -> Bool {
            index = end
            scanner.skipWhitespace(&index)
            guard scanner.isAt(UInt8(ascii: ":"), index) else { return false }
            index += 1
            scanner.skipWhitespace(&index)
            return true
        }

        /// Where the next known top-level key begins after damage at `offset`.
        private func resumption(after offset: Int) -> Int? {
            topLevelKeys.compactMap { scanner.firstIndex(of: Array("\"\($0)\"".utf8), from: offset + 1) }.min()
        }

        private mutating func store(_ key: String, _ range: Range<Int>) {
            switch key {
            case "format": format = decode(String.self, range)
            case "version": version = decode(Int.self, range)
            case "boardWidth": boardWidth = decode(Double.self, range)
            case "boardHeight": boardHeight = decode(Double.self, range)
            case "view": (view, hasView) = (decode([Double].self, range), true)
            case "arguments": arguments = decode([StoredPath].self, range)?.map(\.path)
            default: break
            }
        }

        /// Reads the photo list at `index` (its `[`) entry by entry: a damaged entry is counted
        /// lost and reading resumes at the next entry (a `,` then a `{`).
        private mutating func readPhotos(_ index: inout Int) {
            index += 1
            while true {
                scanner.skipWhitespace(&index)
                guard index < bytes.count else { return damage(at: index) }
                if scanner.isAt(UInt8(ascii: "]"), index) {
                    index += 1
                    return
                }
                if scanner.isAt(UInt8(ascii: ","), index) {
                    index += 1
                    continue
                }
                let start = index
                guard scanner.isAt(UInt8(ascii: "{"), index) else {
                    // A stray byte between entries costs nothing but itself.
                    damage(at: index)
                    guard let next = scanner.firstIndex(of: [UInt8(ascii: "{")], from: index + 1) else { return }
                    index = next
                    continue
                }
                guard scanner.scanValue(&index) else {
                    damage(at: index)
                    lost += 1
                    guard let next = nextEntry(after: start) else { return }
                    index = next
                    continue
                }
                if let photo = decode(RawPhoto.self, start..<index) {
                    photos.append(photo)
                } else {
                    damage(at: start)
                    lost += 1
                }
            }
        }

        /// The `{` of the next entry after `offset`: one that follows a comma.
        private func nextEntry(after offset: Int) -> Int? {
            var index = offset + 1
            while let comma = scanner.firstIndex(of: [UInt8(ascii: ",")], from: index) {
                var brace = comma + 1
                scanner.skipWhitespace(&brace)
                if scanner.isAt(UInt8(ascii: "{"), brace) { return brace }
                if scanner.isAt(UInt8(ascii: "]"), brace) { return brace }
                index = comma + 1
            }
            return nil
        }
    }
}
