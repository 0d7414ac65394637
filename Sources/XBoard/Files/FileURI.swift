import SystemPackage

/// A local file's `file:` URI exactly as GLib's `g_filename_to_uri` writes it: `file://` and the
/// absolute path's bytes, each byte that is not allowed in a URI path escaped as `%XX` (upper
/// case). Bytes that are not UTF-8 are escaped like any other (`caf\xe9.png` is `caf%E9.png`),
/// so every name has one URI. The freedesktop thumbnail cache names thumbnails by the MD5 of
/// this text, so it must match GLib's byte for byte (a test compares them over random names).
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
