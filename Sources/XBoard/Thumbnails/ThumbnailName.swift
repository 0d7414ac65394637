import SystemPackage

/// What names a picture's thumbnails in the shared cache: its canonical URI (`FileURI`, as GLib
/// writes it) and the MD5 of that URI in hex with `.png`, the file name in every size folder.
///
/// The core hashes nothing: the adapter hands it the MD5 (`ThumbnailName(file:)` there, with
/// GLib's).
public struct ThumbnailName: Hashable, Sendable {
    /// The picture's URI, as its thumbnails' `Thumb::URI` must say it.
    public let uri: String
    /// `<32 hex digits>.png`.
    public let fileName: String

    /// The name of the thumbnails of the file at the absolute, canonical path `file` (links
    /// resolved: the standard's canonical URI); `nil` for a relative path. `md5` gives the
    /// 16-byte MD5 digest of the URI's bytes.
    public init?(file: FilePath, md5: (_ uri: [UInt8]) -> [UInt8]) {
        guard let uri = FileURI.of(file) else { return nil }
        let digest = md5(Array(uri.utf8))
        precondition(digest.count == 16, "an MD5 digest is 16 bytes")
        self.uri = uri
        fileName = digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + ".png"
    }
}
