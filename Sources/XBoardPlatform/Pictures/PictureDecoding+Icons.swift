import XBoard

/// ICO files whose shown icon is PNG-compressed (see `IconDirectory`): the icon's bytes are
/// decoded as the PNG file they are, through the same checks and decoders as any PNG.
extension PictureDecoding {
    /// The most bytes a PNG icon may have: far more than any real icon (a 256×256 PNG is well under
    /// 1 MiB), and what a helper copies into memory to decode it.
    static let maximumPNGIconLength = 64 << 20

    /// The PNG icon `file` shows, or `nil` when its shown icon is a bitmap (for gdk-pixbuf's loader).
    static func pngIcon(in file: FileReader) throws(Failure) -> FileReader? {
        guard let entry = IconDirectory(file.byteReader, fileSize: Int(file.size))?.largest, entry.isPNG else { return nil }
        guard entry.length <= maximumPNGIconLength else {
            throw Failure(reason: "its \(entry.width)×\(entry.height) PNG icon is over \(maximumPNGIconLength >> 20) MiB")
        }
        switch file.read(offset: Int64(entry.offset), count: entry.length) {
        case .success(let bytes) where bytes.count == entry.length: return FileReader(bytes: bytes)
        case .success: throw Failure(reason: "its PNG icon is cut short")
        case .failure(let problem): throw Failure(reason: problem.description)
        }
    }
}
