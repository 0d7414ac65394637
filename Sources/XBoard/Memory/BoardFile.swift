import Foundation
import SystemPackage

/// A board as stored: the state file each board keeps, or a board document (`NAME.photoboard`)
/// whose paths are relative to the document, so a folder and its board move together.
///
/// JSON: `{"format": "photoboard", "version": 2, "boardWidth": …, "boardHeight": …, "view": [x,
/// y, width, height], "arguments": [paths], "photos": [{"path", "fingerprint", "baseLongEdge",
/// "placement", "initialPlacement", "stack", "removed", "added", "changed", "unplaced", "flip",
/// "blackAndWhite", "opacity", "crop"}],
/// "document": path}` ("document": in a state file, the board document the board was saved as;
/// "view": the board rectangle the window showed, optional — older builds skip it, and a file
/// without it shows (0, 0, boardWidth, boardHeight)). Paths are `StoredPath`s (a string, or
/// `{"escaped": …}` when not UTF-8).
///
/// Reading trusts nothing: the file is size-capped, a photo whose entry cannot be read is
/// skipped, and every number is checked (`MemoryLimits`) — a photo with numbers out of range is
/// remembered as laid out anew, with one line saying so, and the rest open as they were.
public enum BoardFile {
    public static let format = "photoboard"
    public static let currentVersion = 2
    /// The largest board file read, in bytes (32 MiB: some 80,000 photos).
    public static let sizeLimit = 32 << 20
    /// The extension of board documents.
    public static let documentExtension = "photoboard"

    /// Whether `path` names a board document (by its extension, in any case): its last
    /// component ends in `.photoboard` after a name of at least one character.
    ///
    /// Read from the path's end, not through `FilePath.extension`, which parses every component
    /// of the path: a drop of a thousand files asks this of each, and that parse was most of the
    /// drop's listing (seconds in a debug build).
    public static func isDocument(_ path: FilePath) -> Bool {
        var name = path.string.utf8[...]
        while name.last == UInt8(ascii: "/") { name = name.dropLast() }
        if let slash = name.lastIndex(of: UInt8(ascii: "/")) { name = name[name.index(after: slash)...] }
        let suffix = Array(("." + documentExtension).utf8)
        guard name.count > suffix.count else { return false }
        return zip(name.suffix(suffix.count), suffix).allSatisfy { character, wanted in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(character) ? character + 32 == wanted : character == wanted
        }
    }

    /// What a board file holds, checked.
    public struct Contents: Hashable, Sendable {
        public var memory: BoardMemory
        /// The paths the board was opened with (state files only; absolute).
        public var arguments: [FilePath]
        /// The board document the board was saved as (state files only; absolute): opening its
        /// paths again opens that document.
        public var document: FilePath?
        /// One line per photo whose remembered numbers were refused or whose entry was
        /// unreadable, naming it and what was wrong; one line for a view refused, naming the file.
        public var problems: [String]
    }

    /// Why a board file cannot be used at all, worded to follow its path.
    public enum ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        case tooLarge(Int)
        case notABoard
        case newerVersion(Int)

        public var description: String {
            switch self {
            case .tooLarge(let size): "is \(size) bytes, more than a board file holds (\(BoardFile.sizeLimit))"
            case .notABoard: "is damaged or not a board file"
            case .newerVersion(let version): "was written by a newer version of this program (format \(version))"
            }
        }
    }

    /// Reads a board file (`file`, to name it in problems). Relative paths are read against
    /// `folder` (a document's folder); a relative path without one is skipped.
    public static func decode(
        _ data: Data, relativeTo folder: FilePath? = nil, file: FilePath? = nil, limits: MemoryLimits = MemoryLimits()
    ) throws(ReadError) -> Contents {
        guard data.count <= sizeLimit else { throw .tooLarge(data.count) }
        let raw: RawFile
        do {
            raw = try JSONDecoder().decode(RawFile.self, from: data)
        } catch {
            throw .notABoard
        }
        guard raw.format == format else { throw .notABoard }
        guard raw.version <= currentVersion else { throw .newerVersion(raw.version) }
        guard raw.version == currentVersion else { throw .notABoard }
        return contents(of: raw, relativeTo: folder, file: file, limits: limits)
    }

    /// The checked contents of a file as read (whole, or salvaged); `file` names it in problems.
    static func contents(of raw: RawFile, relativeTo folder: FilePath?, file: FilePath?, limits: MemoryLimits) -> Contents {
        var problems: [String] = []
        var view: Rect?
        if raw.hasView {
            switch limits.view(raw.view) {
            case .success(let rect): view = rect
            case .failure(let refusal):
                let name = file.map { "\($0.escaped): " } ?? ""
                problems.append("\(name)remembered view \(refusal); the whole table is shown")
            }
        }
        if raw.unreadable > 0 {
            let count =
                raw.unreadable == 1
                ? "1 remembered photo could not be read and is" : "\(raw.unreadable) remembered photos could not be read and are"
            problems.append("\(count) forgotten")
        }
        var entries: [PhotoMemory] = []
        for photo in raw.photos {
            let path = folder.map { photo.path.resolved(against: $0) } ?? photo.path
            guard path.isAbsolute else {
                problems.append("\(path.escaped): a remembered photo's path is relative; forgotten")
                continue
            }
            let (entry, problem) = checked(photo, path: path, file: file, limits: limits)
            entries.append(entry)
            if let problem { problems.append(problem) }
        }
        let size = raw.boardWidth.flatMap { width in raw.boardHeight.map { Size(width: width, height: $0) } }
        let boardSize = size.flatMap { $0.width.isFinite && $0.height.isFinite && $0.width > 0 && $0.height > 0 ? $0 : nil }
        return Contents(
            memory: BoardMemory(boardSize: boardSize, view: view, entries: entries), arguments: (raw.arguments ?? []).filter(\.isAbsolute),
            document: raw.document.flatMap { $0.isAbsolute ? $0 : nil }, problems: problems)
    }

    /// The memory as a board file; with `folder`, paths are written relative to it (a document).
    public static func encode(
        _ memory: BoardMemory, arguments: [FilePath] = [], document: FilePath? = nil, relativeTo folder: FilePath? = nil
    ) throws -> Data {
        let photos = memory.entries.map { entry in
            RawPhoto(
                path: folder.flatMap { entry.path.relative(to: $0) } ?? entry.path, fingerprint: entry.fingerprint?.description,
                baseLongEdge: entry.baseLongEdge, placement: numbers(entry.placement), initialPlacement: numbers(entry.initialPlacement),
                stack: entry.stack, removed: entry.isRemoved ? true : nil, added: entry.isAdded ? true : nil, changed: entry.changed,
                unplaced: entry.isUnplaced ? true : nil, edits: entry.edits)
        }
        var file = RawFile(
            format: format, version: currentVersion, boardWidth: memory.boardSize?.width, boardHeight: memory.boardSize?.height,
            arguments: arguments.isEmpty ? nil : arguments, photos: photos)
        file.document = document
        file.view = memory.view.map { [$0.minX, $0.minY, $0.size.width, $0.size.height] }
        file.hasView = memory.view != nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(file)
    }

    /// One photo's entry with its numbers checked: refused numbers leave it laid out anew
    /// (`isUnplaced`), with a line naming it and why.
    static func checked(_ photo: RawPhoto, path: FilePath, file: FilePath? = nil, limits: MemoryLimits) -> (PhotoMemory, String?) {
        var refusals: [String] = []
        let base = limits.baseLongEdge(photo.baseLongEdge)
        let placement = limits.placement(photo.placement)
        if case .failure(let refusal) = base { refusals.append("size \(refusal)") }
        if case .failure(let refusal) = placement { refusals.append("placement \(refusal)") }
        var entry = PhotoMemory(
            path: path, fingerprint: photo.fingerprint.flatMap(PhotoFingerprint.init(stored:)), baseLongEdge: 1,
            placement: .identity, initialPlacement: .identity, stack: photo.stack.flatMap { $0.isFinite ? $0 : nil } ?? 0,
            isRemoved: photo.removed ?? false, isAdded: photo.added ?? false,
            changed: photo.changed.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 0)
        if photo.unplaced == true || !refusals.isEmpty {
            entry.isUnplaced = true
        } else if case .success(let size) = base, case .success(let transform) = placement {
            entry.baseLongEdge = size
            entry.placement = transform
            // A first placement that is unusable is forgotten quietly: triple tap returns the
            // photo to where it lies.
            entry.initialPlacement = (try? limits.placement(photo.initialPlacement).get()) ?? transform
        }
        var editRefusals: [String] = []
        (entry.edits, editRefusals) = photo.checkedEdits
        let lines = [
            refusals.isEmpty ? nil : "\(path.escaped): remembered \(refusals.joined(separator: ", ")); laid out anew",
            editRefusals.isEmpty
                ? nil
                : "\(file.map { "\($0.escaped): " } ?? "")\(path.escaped): remembered \(editRefusals.joined(separator: ", ")); the rest of it opens",
        ].compactMap { $0 }
        return (entry, lines.isEmpty ? nil : lines.joined(separator: "; "))
    }

    static func numbers(_ t: AffineTransform) -> [Double] { [t.a, t.b, t.c, t.d, t.tx, t.ty] }
}

/// The file as JSON, each photo read on its own so one bad entry costs only that photo.
struct RawFile: Codable {
    var format: String?
    var version: Int
    var boardWidth: Double?
    var boardHeight: Double?
    var arguments: [FilePath]?
    var photos: [RawPhoto]
    var document: FilePath?
    /// The board rectangle shown, [x, y, width, height] as stored (checked by `MemoryLimits`);
    /// `nil` when missing or not a list of numbers.
    var view: [Double]?
    /// Whether the file has a `"view"` at all (one that cannot be read is a problem to say).
    var hasView = false
    /// Entries that could not be read at all (no path, not an object).
    var unreadable = 0

    enum CodingKeys: String, CodingKey { case format, version, boardWidth, boardHeight, view, arguments, photos, document }

    init(format: String, version: Int, boardWidth: Double?, boardHeight: Double?, arguments: [FilePath]?, photos: [RawPhoto]) {
        (self.format, self.version, self.boardWidth, self.boardHeight, self.arguments, self.photos) =
            (format, version, boardWidth, boardHeight, arguments, photos)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try? container.decode(String.self, forKey: .format)
        version = try container.decode(Int.self, forKey: .version)
        boardWidth = try? container.decode(Double.self, forKey: .boardWidth)
        boardHeight = try? container.decode(Double.self, forKey: .boardHeight)
        arguments = (try? container.decode([StoredPath].self, forKey: .arguments))?.map(\.path)
        document = (try? container.decode(StoredPath.self, forKey: .document))?.path
        hasView = container.contains(.view)
        view = try? container.decode([Double].self, forKey: .view)
        var list = try container.nestedUnkeyedContainer(forKey: .photos)
        photos = []
        while !list.isAtEnd {
            if let photo = try? list.decode(RawPhoto.self) {
                photos.append(photo)
            } else {
                unreadable += 1
                _ = try list.decode(Skipped.self)
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(format, forKey: .format)
        try container.encode(version, forKey: .version)
        try container.encodeIfPresent(boardWidth, forKey: .boardWidth)
        try container.encodeIfPresent(boardHeight, forKey: .boardHeight)
        try container.encodeIfPresent(view, forKey: .view)
        try container.encodeIfPresent(arguments?.map(StoredPath.init), forKey: .arguments)
        try container.encodeIfPresent(document.map(StoredPath.init), forKey: .document)
        try container.encode(photos, forKey: .photos)
    }
}

/// One photo's entry as stored; every field but the path may be missing or unreadable (`nil`).
struct RawPhoto: Codable {
    var path: FilePath
    var fingerprint: String?
    var baseLongEdge: Double?
    var placement: [Double]?
    var initialPlacement: [Double]?
    var stack: Double?
    var removed: Bool?
    var added: Bool?
    var changed: Double?
    var unplaced: Bool?
    /// The edits (issue 40), each left out when it is not made: `"flip"` is `"horizontal"`,
    /// `"vertical"` or `"both"`; `"blackAndWhite"` true; `"opacity"` 0.25, 0.5 or 0.75. Read as
    /// any JSON value, so that a wrong one is said, not taken for the entry's end. `"crop"` is
    /// the part of the picture shown, `[x, y, width, height]` in its unit square (as its pixels
    /// lie, before the flips).
    var flip: String?
    var blackAndWhite: Bool?
    var opacity: Double?
    var crop: [Double]?
    /// Whether each edit was there at all, and as the file wrote it (one there but unreadable is
    /// said, in the file's own words).
    var hasFlip = false, hasBlackAndWhite = false, hasOpacity = false, hasCrop = false
    var flipText: String?, blackAndWhiteText: String?, opacityText: String?, cropText: String?

    enum CodingKeys: String, CodingKey {
        case path, fingerprint, baseLongEdge, placement, initialPlacement, stack, removed, added, changed, unplaced, flip, blackAndWhite,
            opacity, crop
    }

    init(
        path: FilePath, fingerprint: String?, baseLongEdge: Double?, placement: [Double]?, initialPlacement: [Double]?, stack: Double?,
        removed: Bool?, added: Bool?, changed: Double?, unplaced: Bool?, edits: PrintEdits = .none
    ) {
        switch (edits.flipsHorizontally, edits.flipsVertically) {
        case (true, true): flip = "both"
        case (true, false): flip = "horizontal"
        case (false, true): flip = "vertical"
        case (false, false): flip = nil
        }
        blackAndWhite = edits.isBlackAndWhite ? true : nil
        opacity = edits.isOpaque ? nil : edits.opacity
        crop = edits.isCropped ? [edits.crop.minX, edits.crop.minY, edits.crop.size.width, edits.crop.size.height] : nil
        self.path = path
        self.fingerprint = fingerprint
        self.baseLongEdge = baseLongEdge
        self.placement = placement
        self.initialPlacement = initialPlacement
        self.stack = stack
        self.removed = removed
        self.added = added
        self.changed = changed
        self.unplaced = unplaced
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(StoredPath.self, forKey: .path).path
        fingerprint = try? container.decode(String.self, forKey: .fingerprint)
        baseLongEdge = try? container.decode(Double.self, forKey: .baseLongEdge)
        placement = try? container.decode([Double].self, forKey: .placement)
        initialPlacement = try? container.decode([Double].self, forKey: .initialPlacement)
        stack = try? container.decode(Double.self, forKey: .stack)
        removed = try? container.decode(Bool.self, forKey: .removed)
        added = try? container.decode(Bool.self, forKey: .added)
        changed = try? container.decode(Double.self, forKey: .changed)
        unplaced = try? container.decode(Bool.self, forKey: .unplaced)
        (hasFlip, hasBlackAndWhite, hasOpacity) = (
            container.contains(.flip), container.contains(.blackAndWhite), container.contains(.opacity)
        )
        flip = try? container.decode(String.self, forKey: .flip)
        blackAndWhite = try? container.decode(Bool.self, forKey: .blackAndWhite)
        opacity = try? container.decode(Double.self, forKey: .opacity)
        hasCrop = container.contains(.crop)
        crop = try? container.decode([Double].self, forKey: .crop)
        (flipText, blackAndWhiteText, opacityText) = (
            Self.text(of: container, .flip), Self.text(of: container, .blackAndWhite), Self.text(of: container, .opacity)
        )
        cropText = crop.map { "[" + $0.map(Self.text(of:)).joined(separator: ", ") + "]" } ?? Self.text(of: container, .crop)
    }

    /// The edits as read, and what could not be read, worded to follow "remembered".
    var checkedEdits: (PrintEdits, [String]) {
        var edits = PrintEdits.none, refusals: [String] = []
        switch flip {
        case "horizontal": edits.flipsHorizontally = true
        case "vertical": edits.flipsVertically = true
        case "both": (edits.flipsHorizontally, edits.flipsVertically) = (true, true)
        case nil where !hasFlip: break
        default: refusals.append("flip \(flipText ?? "?") (not horizontal, vertical or both: shown unflipped)")
        }
        if let blackAndWhite {
            edits.isBlackAndWhite = blackAndWhite
        } else if hasBlackAndWhite {
            refusals.append("blackAndWhite \(blackAndWhiteText ?? "?") (not true or false: shown in colour)")
        }
        if let opacity, let step = PrintEdits.opacityStep(nearest: opacity) {
            edits.opacity = step
        } else if hasOpacity {
            refusals.append("opacity \(opacityText ?? "?") (not between 0 and 1: shown opaque)")
        }
        if let crop, crop.count == 4,
            let checked = PrintEdits.checkedCrop(Rect(x: crop[0], y: crop[1], width: crop[2], height: crop[3]))
        {
            edits.crop = checked
        } else if hasCrop {
            refusals.append("crop \(cropText ?? "?") (not [x, y, width, height] of the picture, each 0 to 1: shown whole)")
        }
        return (edits, refusals)
    }

    /// A number as written short: 7, not 7.0.
    static func text(of number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
    }

    /// A JSON value as the file has it, for a line that says it: a string quoted, a number as
    /// written short (7, not 7.0), true, false, null, or what kind of value it is.
    static func text(of container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> String? {
        guard container.contains(key) else { return nil }
        if let text = try? container.decode(String.self, forKey: key) { return "\"\(text.prefix(40))\"" }
        if let flag = try? container.decode(Bool.self, forKey: key) { return flag ? "true" : "false" }
        if let number = try? container.decode(Double.self, forKey: key) { return text(of: number) }
        if (try? container.decodeNil(forKey: key)) == true { return "null" }
        if let list = try? container.decode([Scalar].self, forKey: key), list.count <= 8 {
            return "[" + list.map(\.text).joined(separator: ", ") + "]"
        }
        return "that is a list or an object"
    }

    /// One value of a short list, as written: a list of them is said as the file has it.
    struct Scalar: Decodable {
        let text: String

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let text = try? value.decode(String.self) {
                self.text = "\"\(text.prefix(20))\""
            } else if let flag = try? value.decode(Bool.self) {
                text = flag ? "true" : "false"
            } else if let number = try? value.decode(Double.self) {
                text = RawPhoto.text(of: number)
            } else if value.decodeNil() {
                text = "null"
            } else {
                text = "…"
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(StoredPath(path), forKey: .path)
        try container.encodeIfPresent(fingerprint, forKey: .fingerprint)
        try container.encodeIfPresent(baseLongEdge, forKey: .baseLongEdge)
        try container.encodeIfPresent(placement, forKey: .placement)
        try container.encodeIfPresent(initialPlacement, forKey: .initialPlacement)
        try container.encodeIfPresent(stack, forKey: .stack)
        try container.encodeIfPresent(removed, forKey: .removed)
        try container.encodeIfPresent(added, forKey: .added)
        try container.encodeIfPresent(changed, forKey: .changed)
        try container.encodeIfPresent(unplaced, forKey: .unplaced)
        try container.encodeIfPresent(flip, forKey: .flip)
        try container.encodeIfPresent(blackAndWhite, forKey: .blackAndWhite)
        try container.encodeIfPresent(opacity, forKey: .opacity)
        try container.encodeIfPresent(crop, forKey: .crop)
    }
}

/// Any JSON value, read and thrown away: how a list steps past an entry it cannot use.
private struct Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
}
