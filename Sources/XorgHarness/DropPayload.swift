import Foundation

/// What a test's XDND source offers and how it serves it: well-formed, the way file managers
/// do (whole or in INCR pieces), or malformed on purpose.
public struct DropPayload: Sendable {
    /// How the source names the types it offers.
    public enum TypeList: Sendable {
        /// In the XdndEnter message itself (up to three types).
        case inMessage
        /// In an `XdndTypeList` property of the given format (32 is right; 8 is malformed) —
        /// as sources offering more than three types do.
        case property(format: Int32)
    }

    /// The bytes served for `text/uri-list`.
    public var uriList: [UInt8]
    public var typeList: TypeList = .inMessage
    /// Whether `text/uri-list` is among the types offered (false: only `text/plain`).
    public var offersURIList = true
    /// Serve the list in INCR pieces of this many bytes (ICCCM §2.7.2), as file managers do
    /// for large selections; `nil` serves it whole.
    public var incrementalChunk: Int?
    /// The type and format the list is served with; anything but `text/uri-list` and 8 is
    /// malformed.
    public var selectionType = "text/uri-list"
    public var selectionFormat: Int32 = 8
    /// With INCR: serve this piece (0-based) with a 32-bit format, malformed mid-transfer.
    public var malformedPiece: Int?
    /// With INCR: announce this size instead of the real one (a lower bound, per ICCCM).
    public var announcedSize: Int?
    /// Answer the conversion with property None (the owner refuses).
    public var refusesConversion = false
    /// With INCR: serve this many pieces, then stop, as a source that hangs or is stopped
    /// mid-transfer does (the target must give up on its own).
    public var stopsAfterPieces: Int?
    /// Never answer the conversion at all (a source that hangs as the drop is made).
    public var ignoresConversion = false
    /// Offer XDND Direct Save (`XdndDirectSave0`), as Firefox and Chromium do for a dragged image.
    public var directSave: DirectSave?
    /// Offer a picture's bytes as this type (`application/octet-stream`, as Chromium does, or
    /// `image/png`), served whole or in INCR pieces like the list.
    public var picture: (type: String, bytes: [UInt8])?
    /// Offer a link (`text/x-moz-url`, UTF-16; `_NETSCAPE_URL`, UTF-8), as browsers do.
    public var link: (type: String, bytes: [UInt8])?

    /// How a direct-save source behaves (the XDS protocol, version 0): it suggests a name in its
    /// `XdndDirectSave0` property; asked for the target, it writes `bytes` to the file the target
    /// named there (unless `writesFile` is false) and answers `answer` (`S`, `F` or `E`).
    public struct DirectSave: Sendable {
        public var suggestedName: String
        public var bytes: [UInt8]
        public var answer: Character = "S"
        public var writesFile = true

        public init(suggestedName: String, bytes: [UInt8]) {
            self.suggestedName = suggestedName
            self.bytes = bytes
        }
    }

    /// The types offered, in order.
    var offeredTypes: [String] {
        var types = offersURIList ? ["text/uri-list", "text/plain"] : ["text/plain"]
        if directSave != nil { types.insert("XdndDirectSave0", at: 0) }
        if let picture { types.append(picture.type) }
        if let link { types.append(link.type) }
        return types
    }

    public init(uriList: [UInt8]) {
        self.uriList = uriList
    }

    /// `file://` URIs for `paths`, percent-encoded, one a line with CRLF.
    public init(paths: [String]) {
        let list = paths.map { "file://" + ($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0) }
        self.init(uriList: Array((list.joined(separator: "\r\n") + "\r\n").utf8))
    }
}
