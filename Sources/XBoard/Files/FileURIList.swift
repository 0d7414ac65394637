import SystemPackage

/// The local files in a `text/uri-list` (RFC 2483), as file managers offer them in a drop:
/// `file://` URIs, one a line, percent-decoded to the path's bytes.
///
/// The bytes are kept as they are: `file:///photos/caf%E9.png` names `caf\xe9.png`, a Latin-1
/// name, not `caf\u{FFFD}.png`. Comments, other schemes and URIs whose bytes hold NUL are skipped.
public enum FileURIList {
    public static func paths(in list: [UInt8]) -> [FilePath] {
        let lines = list.split { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
        return lines.compactMap { line in
            let uri = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let trimmed = uri.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            let scheme = Array("file://".utf8)
            guard trimmed.starts(with: scheme) else { return nil }  // comments (#) and other schemes
            var rest = trimmed.dropFirst(scheme.count)
            if rest.first != UInt8(ascii: "/") {  // file://host/path
                guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return nil }
                rest = rest[slash...]
            }
            return FilePath(bytes: percentDecoded(rest))
        }
    }

    /// `%XX` to the byte XX; a `%` not followed by two hex digits stays as it is.
    static func percentDecoded(_ text: some Collection<UInt8>) -> [UInt8] {
        let bytes = Array(text)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
