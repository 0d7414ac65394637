import SystemPackage

/// A link dropped from a web browser — `text/x-moz-url` (UTF-16: the address, a newline, the
/// title; Firefox) or `_NETSCAPE_URL` (the same in UTF-8) — taken only when it names a local
/// file. The board does not fetch from the network, and says so.
public enum DroppedLink {
    /// The reason given for an `http:` or `https:` address.
    public static let networkRefusal = "a web address: the board does not fetch pictures from the network"

    /// The file a `text/x-moz-url` value names, or the refused entry (with why).
    public static func file(inMozURL bytes: [UInt8], hostName: String) -> Result<FilePath, RefusedLink> {
        file(inAddress: address(fromUTF16: bytes), hostName: hostName)
    }

    /// The file a `_NETSCAPE_URL` value names, or the refused entry (with why).
    public static func file(inNetscapeURL bytes: [UInt8], hostName: String) -> Result<FilePath, RefusedLink> {
        let end = bytes.firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? bytes.endIndex
        return file(inAddress: Array(bytes[..<end]), hostName: hostName)
    }

    /// A link that names no file here.
    public struct RefusedLink: Error, Equatable, Sendable {
        public var leftOut: DropReport.LeftOut

        public init(leftOut: DropReport.LeftOut) {
            self.leftOut = leftOut
        }
    }

    /// The first line of UTF-16 text (little-endian unless a byte-order mark says otherwise) as
    /// UTF-8 bytes; unpaired surrogates become U+FFFD, which no file address holds.
    static func address(fromUTF16 bytes: [UInt8]) -> [UInt8] {
        var bigEndian = false
        var body = bytes[...]
        if body.starts(with: [0xFE, 0xFF]) {
            bigEndian = true
            body = body.dropFirst(2)
        } else if body.starts(with: [0xFF, 0xFE]) {
            body = body.dropFirst(2)
        }
        var units: [UInt16] = []
        var index = body.startIndex
        while index + 1 < body.endIndex {
            let first = UInt16(body[index]), second = UInt16(body[index + 1])
            let unit = bigEndian ? first << 8 | second : second << 8 | first
            if unit == 0x0A || unit == 0x0D || unit == 0 { break }
            units.append(unit)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    private static func file(inAddress address: [UInt8], hostName: String) -> Result<FilePath, RefusedLink> {
        var trimmed = address[...]
        while let first = trimmed.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { trimmed = trimmed.dropLast() }
        let item = PathEscaping.escape(trimmed.prefix(200))
        guard !trimmed.isEmpty else { return .failure(RefusedLink(leftOut: DropReport.LeftOut(item: "(empty)", reason: "no address"))) }
        let lower = String(decoding: trimmed.prefix(8), as: UTF8.self).lowercased()
        if lower.hasPrefix("http:") || lower.hasPrefix("https:") {
            return .failure(RefusedLink(leftOut: DropReport.LeftOut(item: item, reason: networkRefusal)))
        }
        if let bytes = FileURIList.localPath(fromFileURI: Array(trimmed), hostName: hostName), let path = FilePath(bytes: bytes) {
            return .success(path)
        }
        return .failure(RefusedLink(leftOut: DropReport.LeftOut(item: item, reason: FileURIList.refusal(of: Array(trimmed)))))
    }
}
