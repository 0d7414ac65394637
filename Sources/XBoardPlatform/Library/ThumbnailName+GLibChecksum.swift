import SystemPackage
import XBoard

extension ThumbnailName {
    /// The name of the thumbnails of the file at the absolute, canonical path `file`, its URI
    /// hashed with GLib's MD5 (`GLibChecksum`); `nil` for a relative path.
    public init?(file: FilePath) {
        self.init(file: file) { uri in GLibChecksum.digest(.md5, of: uri) }
    }
}
