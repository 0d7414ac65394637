import SystemPackage

/// The local files in a `text/uri-list` (RFC 2483), as file managers offer them in a drop:
/// `file:` URIs naming this machine, one a line, percent-decoded strictly to the path's bytes.
///
/// The bytes are kept as they are: `file:///photos/caf%E9.png` names `caf\xe9.png`, a Latin-1
/// name, not `caf\u{FFFD}.png`. Comments and blank lines are skipped; every other entry that
/// names no local file (another scheme, another host, a relative path, a malformed escape, an
/// escaped NUL, a control character) is refused and reported with why.
public enum FileURIList {
    /// The local paths in `list`, and the entries refused: each as escaped text (`PathEscaping`,
    /// at most 200 bytes of it) with the reason, for a message.
    ///
    /// - Parameter hostName: this machine's name: `file://NAME/…` is local like `file:///…` and
    ///   `file://localhost/…`.
    public static func paths(in list: [UInt8], hostName: String) -> (paths: [FilePath], refused: [DropReport.LeftOut]) {
        var paths: [FilePath] = [], refused: [DropReport.LeftOut] = []
        for rawLine in list.split(separator: UInt8(ascii: "\n")) {
            var line = rawLine[...]
            while let last = line.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
                line = line.dropLast()
            }
            while let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { line = line.dropFirst() }
            guard !line.isEmpty, line.first != UInt8(ascii: "#") else { continue }
            if let bytes = localPath(fromFileURI: Array(line), hostName: hostName), let path = FilePath(bytes: bytes) {
                paths.append(path)
            } else {
                refused.append(DropReport.LeftOut(item: PathEscaping.escape(line.prefix(200)), reason: refusal(of: Array(line))))
            }
        }
        return (paths, refused)
    }

    /// Why `uri` names no local file: another scheme, another host, or a `file:` URI that is
    /// not well formed.
    static func refusal(of uri: [UInt8]) -> String {
        let scheme = Array("file:".utf8)
        guard uri.count >= scheme.count, zip(uri, scheme).allSatisfy({ lowercased($0) == $1 }) else {
            return "not a file on this computer"
        }
        let rest = uri[scheme.count...]
        if rest.starts(with: Array("//".utf8)) {
            let host = rest.dropFirst(2).prefix { $0 != UInt8(ascii: "/") }
            // Well formed but for its host: the path alone (`file:/path`) is one.
            if !host.isEmpty, localPath(fromFileURI: scheme + rest.dropFirst(2 + host.count), hostName: "") != nil {
                return "a file on another computer"
            }
        }
        return "not a well-formed file address"
    }

    /// The path a `file:` URI names on this machine, as bytes, or `nil` when it names none:
    /// another scheme, another host (only an empty host, `localhost` or `hostName` are this
    /// machine), a relative path, control characters, a `%` not followed by two hex digits, or
    /// an escaped NUL.
    public static func localPath(fromFileURI uri: [UInt8], hostName: String) -> [UInt8]? {
        let scheme = Array("file:".utf8)
        guard uri.count > scheme.count, zip(uri, scheme).allSatisfy({ lowercased($0) == $1 }) else { return nil }
        var rest = uri[scheme.count...]
        if rest.starts(with: Array("//".utf8)) {
            rest = rest.dropFirst(2)
            let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            let host = String(decoding: rest[..<slash], as: UTF8.self).lowercased()
            guard host.isEmpty || host == "localhost" || (!hostName.isEmpty && host == hostName.lowercased()) else { return nil }
            rest = rest[slash...]
        }
        guard rest.first == UInt8(ascii: "/") else { return nil }
        var path: [UInt8] = []
        var index = rest.startIndex
        while index < rest.endIndex {
            let byte = rest[index]
            guard byte >= 0x20, byte != 0x7F else { return nil }
            if byte == UInt8(ascii: "%") {
                guard rest.distance(from: index, to: rest.endIndex) >= 3, let high = hexValue(rest[index + 1]),
                    let low = hexValue(rest[index + 2])
                else { return nil }
                let decoded = high << 4 | low
                guard decoded != 0 else { return nil }
                path.append(decoded)
                index += 3
            } else {
                path.append(byte)
                index += 1
            }
        }
        return path
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
