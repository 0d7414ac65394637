import SystemPackage

/// What names a picture's thumbnails in the shared cache: its canonical URI (`FileURI`, as GLib
/// writes it) and the MD5 of that URI in hex with `.png`, the file name in every size folder.
public struct ThumbnailName: Hashable, Sendable {
    /// The picture's URI, as its thumbnails' `Thumb::URI` must say it.
    public let uri: String
    /// `<32 hex digits>.png`.
    public let fileName: String

    /// The name of the thumbnails of the file at the absolute, canonical path `file` (links
    /// resolved: the standard's canonical URI); `nil` for a relative path.
    public init?(file: FilePath) {
        guard let uri = FileURI.of(file) else { return nil }
        self.uri = uri
        fileName = MD5.hexDigest(Array(uri.utf8)) + ".png"
    }
}
