/// What a thumbnail says about the picture it was made from, in its PNG text (Thumbnail
/// Managing Standard, "Thumbnail Attributes"): `Thumb::URI` and `Thumb::MTime`, which every
/// thumbnail in the shared cache must have, and `Thumb::Size`, `Thumb::Image::Width` and
/// `::Height` and `Software`, which it may. The board adds `X-Photoboard::Fingerprint` (its
/// `PhotoFingerprint`, so a file replaced within the same second by one of the same size is
/// still told apart), `X-Photoboard::File` (the file's device, inode and inode change time
/// when the fingerprint was taken: while they are the same, the fingerprint is the file's without
/// reading it again) and, on a failure record, `X-Photoboard::Reason`.
///
/// Read from another program's file, so every value is checked: a thumbnail without a URI or
/// with a modification time that is not a whole number is no thumbnail at all.
public struct ThumbnailRecord: Hashable, Sendable {
    /// The picture's URI (`FileURI`).
    public var uri: String
    /// The picture's modification time, whole seconds since 1970, as `stat` gives it.
    public var modified: Int64
    /// The picture's size in bytes.
    public var size: Int64?
    /// The picture's full size in pixels.
    public var imageWidth: Int?
    public var imageHeight: Int?
    /// The program that made the thumbnail.
    public var software: String?
    public var fingerprint: PhotoFingerprint?
    /// The file's identity (device, inode, inode change time) when `fingerprint` was taken.
    public var fileIdentity: String?
    /// Why the picture could not be opened (failure records only), as the board said it.
    public var reason: String?

    public enum Key {
        public static let uri = "Thumb::URI"
        public static let modified = "Thumb::MTime"
        public static let size = "Thumb::Size"
        public static let imageWidth = "Thumb::Image::Width"
        public static let imageHeight = "Thumb::Image::Height"
        public static let software = "Software"
        public static let fingerprint = "X-Photoboard::Fingerprint"
        public static let fileIdentity = "X-Photoboard::File"
        public static let reason = "X-Photoboard::Reason"
    }

    /// The longest reason kept from a failure record, in characters.
    public static let maximumReasonLength = 1000

    public init(
        uri: String, modified: Int64, size: Int64? = nil, imageWidth: Int? = nil, imageHeight: Int? = nil, software: String? = nil,
        fingerprint: PhotoFingerprint? = nil, fileIdentity: String? = nil, reason: String? = nil
    ) {
        self.uri = uri
        self.modified = modified
        self.size = size
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.software = software
        self.fingerprint = fingerprint
        self.fileIdentity = fileIdentity
        self.reason = reason
    }

    /// The record a thumbnail's text states; `nil` without a URI and a whole modification time.
    /// Optional values that do not read as what they must be are left out, as if absent.
    public init?(text: [String: String]) {
        guard let uri = text[Key.uri], !uri.isEmpty, let modified = text[Key.modified].flatMap(Self.wholeNumber) else { return nil }
        self.uri = uri
        self.modified = modified
        size = text[Key.size].flatMap(Self.wholeNumber).flatMap { $0 >= 0 ? $0 : nil }
        let width = text[Key.imageWidth].flatMap(Self.wholeNumber).flatMap { $0 > 0 && $0 <= Int32.max ? Int($0) : nil }
        let height = text[Key.imageHeight].flatMap(Self.wholeNumber).flatMap { $0 > 0 && $0 <= Int32.max ? Int($0) : nil }
        // A size is both sides or none.
        (imageWidth, imageHeight) = width != nil && height != nil ? (width, height) : (nil, nil)
        software = text[Key.software]
        fingerprint = text[Key.fingerprint].flatMap(PhotoFingerprint.init(stored:))
        fileIdentity = text[Key.fileIdentity].flatMap { Self.isIdentity($0) ? $0 : nil }
        reason = text[Key.reason].map { String($0.unicodeScalars.prefix(Self.maximumReasonLength).map(Self.printable).joined()) }
    }

    /// The text to write, key and value, in a fixed order (optional keys only when known).
    public var text: [(key: String, value: String)] {
        var entries: [(key: String, value: String)] = [(Key.uri, uri), (Key.modified, String(modified))]
        if let size { entries.append((Key.size, String(size))) }
        if let imageWidth, let imageHeight {
            entries += [(Key.imageWidth, String(imageWidth)), (Key.imageHeight, String(imageHeight))]
        }
        if let software { entries.append((Key.software, software)) }
        if let fingerprint { entries.append((Key.fingerprint, fingerprint.description)) }
        if let fileIdentity, fingerprint != nil { entries.append((Key.fileIdentity, fileIdentity)) }
        if let reason { entries.append((Key.reason, reason)) }
        return entries
    }

    /// Whether this record describes `original` as it is now (the standard's check): the same
    /// URI and modification time, the same size when the record states one, and the same
    /// fingerprint when both know one. Anything else is stale.
    public func describes(_ original: ThumbnailOriginal) -> Bool {
        guard uri == original.uri, modified == original.modified else { return false }
        if let size, size != original.size { return false }
        if let fingerprint, let known = original.fingerprint, fingerprint != known { return false }
        return true
    }

    /// The fingerprint this record vouches for as the file's as it is now, without reading the
    /// file: the record describes `original`, and the file's identity (device, inode, inode change
    /// time) is the one its fingerprint was taken at. `nil`: the file's head must be read.
    public func vouchedFingerprint(for original: ThumbnailOriginal) -> PhotoFingerprint? {
        guard let fingerprint, let fileIdentity, fileIdentity == original.fileIdentity, describes(original) else { return nil }
        return fingerprint
    }

    /// Three decimal numbers joined by colons, as `X-Photoboard::File` holds them.
    static func isIdentity(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { $0.count <= 20 && UInt64($0) != nil }
    }

    /// A decimal whole number, optionally signed, and nothing else.
    static func wholeNumber(_ text: String) -> Int64? {
        let digits = text.utf8.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
        guard text.utf8.count - digits.count <= 1, !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int64(text)
    }

    /// A character as shown in one line: control characters become spaces.
    static func printable(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" ? " " : String(scalar)
    }
}

/// The picture a thumbnail must describe: its URI and what `stat` says of it now.
public struct ThumbnailOriginal: Hashable, Sendable {
    public var uri: String
    /// Modification time, whole seconds since 1970 (rounded down).
    public var modified: Int64
    public var size: Int64
    public var fingerprint: PhotoFingerprint?
    /// Its device, inode and inode change time now (`X-Photoboard::File`), when known.
    public var fileIdentity: String?

    public init(uri: String, modified: Int64, size: Int64, fingerprint: PhotoFingerprint? = nil, fileIdentity: String? = nil) {
        self.uri = uri
        self.modified = modified
        self.size = size
        self.fingerprint = fingerprint
        self.fileIdentity = fileIdentity
    }

    /// `seconds` (since 1970, with a fraction) as the whole seconds `stat`'s `st_mtime` holds.
    public static func wholeSeconds(_ seconds: Double) -> Int64? {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        return Int64(seconds.rounded(.down))
    }
}
