import SystemPackage

/// A local file's `file:` URI exactly as GLib's `g_filename_to_uri` writes it: `file://` and the
/// absolute path's bytes, each byte that is not allowed in a URI path escaped as `%XX` (upper
/// case). Bytes that are not UTF-8 are escaped like any other (`caf\xe9.png` is `caf%E9.png`),
/// so every name has one URI. The freedesktop thumbnail cache names thumbnails by the MD5 of
/// this text, so it must match GLib's byte for byte (a test compares them over random names).
/// The same URIs offer the board's files to other programs (`text/uri-list`,
/// `x-special/gnome-copied-files`) and name a file for a direct save; `FileURIList` reads them
/// back byte for byte.
public enum FileURI {
    /// The URI of the absolute path `path`, or `nil` when it is relative.
    public static func of(_ path: FilePath) -> String? {
        let bytes = path.bytes
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        let digits = Array("0123456789ABCDEF".utf8)
        var text = Array("file://".utf8)
        text.reserveCapacity(text.count + bytes.count * 3)
        for byte in bytes {
            if isAllowedInPath(byte) {
                text.append(byte)
            } else {
                text += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `file://HOST/path…` (`file:///path…` when `hostName` is empty) for an absolute `path`.
    public static func uri(for path: FilePath, hostName: String = "") -> String {
        let local = of(path) ?? "file:///" + String(decoding: path.bytes, as: UTF8.self)
        return hostName.isEmpty ? local : "file://" + hostName + local.dropFirst("file://".count)
    }

    /// A `text/uri-list` of `paths`: one URI a line, each ended with CRLF (RFC 2483).
    public static func uriList(for paths: [FilePath]) -> [UInt8] {
        Array(paths.map { uri(for: $0) + "\r\n" }.joined().utf8)
    }

    /// An `x-special/gnome-copied-files` value offering `paths` to copy (as Nautilus writes it:
    /// `copy`, then one URI a line, no final newline).
    public static func gnomeCopiedFiles(for paths: [FilePath]) -> [UInt8] {
        Array((["copy"] + paths.map { uri(for: $0) }).joined(separator: "\n").utf8)
    }

    /// Whether GLib leaves `byte` as it is in a path (its `UNSAFE_PATH` set): letters, digits,
    /// `-_.!~*'()` and `/ & = : @ + $ ,`. Everything else — space, `%`, `#`, `?`, `;`, quotes,
    /// brackets, control characters and every byte from 0x80 — is escaped.
    static func isAllowedInPath(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: allowedMarks.contains(byte)
        }
    }

    private static let allowedMarks = Set("-_.!~*'()/&=:@+$,".utf8)
}
