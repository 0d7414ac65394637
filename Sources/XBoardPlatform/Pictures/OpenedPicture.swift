import SystemPackage
import XBoard

/// A picture file as the board opens it before anything decodes it: opened without blocking,
/// a regular file of a sane size, one of the photo formats by its content, declaring a size
/// within the pixel limit — and planned (`DecodePlan`). Its descriptor is what a helper decodes,
/// so the bytes checked here are the bytes decoded.
final class OpenedPicture {
    let path: FilePath
    let file: FileReader
    let plan: DecodePlan
    /// The file's container, as its first bytes show it.
    let container: EmbeddedOrientation.Container

    /// Opens and checks `path` for a decode to a long edge of at most `maximumLongEdge`.
    /// Throws `PlatformError.image` with the reason worded for the user.
    convenience init(path: FilePath, maximumLongEdge: Int, maximumFileSize: Int64) throws(PlatformError) {
        func refuse(_ reason: String) -> PlatformError { .image(path: path, reason: reason) }
        switch System.fileInfo(path) {
        case .failure(let problem): throw refuse(problem.description)
        case .success(let info) where info.kind == .directory: throw refuse("is a folder")
        case .success: break
        }
        let file: FileReader
        do {
            file = try FileReader(path: path)
        } catch {
            throw refuse(error.description)
        }
        try self.init(file: file, named: path, maximumLongEdge: maximumLongEdge, maximumFileSize: maximumFileSize)
    }

    /// Checks an open `file` (pasted bytes in a sealed memory file, say) as a picture named
    /// `path` in messages.
    init(file: FileReader, named path: FilePath, maximumLongEdge: Int, maximumFileSize: Int64) throws(PlatformError) {
        self.path = path
        self.file = file
        func refuse(_ reason: String) -> PlatformError { .image(path: path, reason: reason) }
        let head: [UInt8]
        do {
            head = try file.read(offset: 0, count: PictureContent.headLength).get()
        } catch {
            throw refuse(error.description)
        }
        guard file.size > 0 else { throw refuse("empty file (0 bytes)") }
        container = EmbeddedOrientation.Container(head: head)
        guard file.size <= maximumFileSize else {
            throw refuse("is \(file.size / 1_000_000) MB, over the \(maximumFileSize >> 20) MiB limit for a picture file; not opened")
        }
        let format: PictureFormat
        switch Self.format(of: head) {
        case .success(let found): format = found
        case .failure(let refused): throw refuse(refused.reason)
        }
        guard let declared = DeclaredSize.read(format, from: file.byteReader) else {
            throw refuse("not a picture: its \(format) header cannot be read")
        }
        do {
            plan = try DecodePlan(format: format, declared: declared, maximumLongEdge: maximumLongEdge)
        } catch {
            throw refuse(error.description)
        }
    }

    /// The picture's size upright, in pixels: what the header declares, turned as the file
    /// states (HEIF and AVIF as stored: their decoders apply `irot`, which is not read here).
    var uprightSize: Size {
        let stated = EmbeddedOrientation.read(container, from: file.byteReader) ?? .identity
        let upright = stated.uprightSize(width: plan.declared.width, height: plan.declared.height)
        return Size(width: Double(upright.width), height: Double(upright.height))
    }

    /// What the file holds (`PhotoFingerprint`: its size and the hash of its head), read from
    /// the descriptor that is decoded; `nil` when it cannot be read.
    var fingerprint: PhotoFingerprint? {
        guard case .success(let head) = file.read(offset: 0, count: PhotoFingerprint.headLength) else { return nil }
        return PhotoFingerprint(size: file.size, head: head)
    }

    /// The photo format a file's first bytes show, or the reason it is refused (the path is
    /// added by the caller): only the formats in `PictureFormat` reach a decoder.
    static func format(of head: [UInt8]) -> Result<PictureFormat, RefusedContent> {
        switch PictureContent(head: head) {
        case .picture(let format): .success(format)
        case .refused(let name):
            .failure(
                RefusedContent(reason: "holds a picture in a format the board does not open: \(name); it opens \(PictureFormat.listed)"))
        case .text: .failure(RefusedContent(reason: "not a picture: the file holds text"))
        case .unknown: .failure(RefusedContent(reason: "not a picture format this system can read"))
        }
    }

    /// Why a file's content is not decoded.
    struct RefusedContent: Error {
        let reason: String
    }
}
