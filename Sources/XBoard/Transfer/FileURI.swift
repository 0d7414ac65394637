import SystemPackage

/// Writes `file:` URIs for paths, as the board offers its files to other programs
/// (`text/uri-list`, `x-special/gnome-copied-files`) and names a file for a direct save: every
/// byte outside RFC 3986's unreserved characters and `/` is `%XX`-escaped, so a name that is not
/// UTF-8 keeps its bytes (`FileURIList` reads them back exactly).
public enum FileURI {
    /// `file://HOST/path…` (`file:///path…` when `hostName` is empty) for an absolute `path`.
    public static func uri(for path: FilePath, hostName: String = "") -> String {
        var text = "file://" + hostName
        for byte in path.bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                text += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return text
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
}
