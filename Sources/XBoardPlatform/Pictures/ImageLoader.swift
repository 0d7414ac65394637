internal import CX11
import SystemPackage
import XBoard

/// A decoded picture and, when it is only partly there, the warning to show.
public struct LoadedPicture: @unchecked Sendable {
    /// Invariant: the image is only touched by one thread at a time — the decoding thread until
    /// it hands the result over through `PhotoDecoder`'s locked queue, the main thread after.
    public let image: DecodedImage
    public let warning: String?
}

/// Opens picture files with gdk-pixbuf, checked first so bad files fail fast and clearly, and
/// decoded straight to about the size they are shown at, upright and in their true colours.
///
/// gdk-pixbuf's loaders do the format work (JPEG with DCT-scaled decoding, PNG, GIF, BMP, TIFF,
/// ICO, and WebP, HEIF, AVIF where their loaders are installed). The board reads the orientation
/// each file states itself (`EmbeddedOrientation`), applies what the loader left undone
/// (`DecoderOrientation`) and converts the pixels with `PixelConversion`. What the loaders log
/// is caught (`GLibLog`) and folded into the file's one line.
public enum ImageLoader {
    /// Pictures declaring more pixels than this are refused from their header (decompression bombs).
    public static let pixelLimit = 200_000_000

    /// Loads `path`, scaled down (never up) so its long edge is at most `maximumLongEdge` pixels.
    /// Throws `PlatformError.image` with a reason worded for the user.
    public static func load(path: FilePath, maximumLongEdge: Int = 1024) throws -> LoadedPicture {
        let (result, messages) = GLibLog.capturing { try decode(path: path, maximumLongEdge: maximumLongEdge) }
        // Drop what the board's own line already says; keep what only the loader knew.
        let loaderSaid = messages.first { !$0.contains("didn't set an error") } ?? messages.first
        switch result {
        case .success(let picture):
            guard let loaderSaid else { return picture }
            let warning = [picture.warning, "its loader reported: \(loaderSaid)"].compactMap { $0 }.joined(separator: "; ")
            return LoadedPicture(image: picture.image, warning: warning)
        case .failure(PlatformError.image(_, let reason)) where reason == Self.silentFailure:
            throw PlatformError.image(path: path, reason: "could not be decoded" + (loaderSaid.map { ": \($0)" } ?? ""))
        case .failure(let error):
            throw error
        }
    }

    /// The same for a path given as text.
    public static func load(path: String, maximumLongEdge: Int = 1024) throws -> LoadedPicture {
        try load(path: FilePath(path), maximumLongEdge: maximumLongEdge)
    }

    /// The reason given when a loader fails without saying why (its log may have).
    private static let silentFailure = "could not be decoded"

    private static func decode(path: FilePath, maximumLongEdge: Int) throws -> LoadedPicture {
        func refuse(_ reason: String) -> PlatformError { .image(path: path, reason: reason) }
        let info: FileInfo
        switch System.fileInfo(path) {
        case .failure(let problem): throw refuse(problem.description)
        case .success(let found): info = found
        }
        guard info.kind != .directory else { throw refuse("is a folder") }
        guard info.kind == .regular else { throw refuse("not a regular file") }
        guard info.size > 0 else { throw refuse("empty file (0 bytes)") }
        let file: FileReader
        let head: [UInt8]
        do {
            file = try FileReader(path: path)
            head = try file.read(offset: 0, count: 512).get()
        } catch {
            throw refuse(error.description)
        }

        func refuseBomb(width: Int, height: Int) -> PlatformError {
            refuse(
                "declares \(width)×\(height) pixels (\(width * height / 1_000_000) megapixels), over the \(pixelLimit / 1_000_000)-megapixel limit; not opened"
            )
        }
        // Where asking the loader for the size already costs a decode, the header is read here.
        let container = EmbeddedOrientation.Container(head: head)
        if let declared = DeclaredSize.read(container, from: file.byteReader), declared.width * declared.height > pixelLimit {
            throw refuseBomb(width: declared.width, height: declared.height)
        }

        var width: Int32 = 0, height: Int32 = 0
        let format = path.withPlatformString { gdk_pixbuf_get_file_info($0, &width, &height) }
        let ownedName = cx11_format_name(format)
        defer { cx11_g_free(ownedName) }
        guard let formatName = ownedName.map({ String(cString: $0) }) else {
            guard !looksLikeText(head) else { throw refuse("not a picture: the file holds text") }
            // A loader may know the format but not make sense of the header (a GIF 0 pixels
            // wide): decoding says why, in the loader's words.
            switch Result(catching: { () throws(PixbufDecoding.Failure) in try PixbufDecoding.decode(path: path, size: nil) }) {
            case .failure(.failed(let message?)): throw refuse("not a picture: \(message)")
            case .failure(.failed(nil)): throw refuse(silentFailure)  // its log says why
            default: throw refuse("not a picture format this system can read")
            }
        }
        guard width > 0, height > 0 else { throw refuse("not a picture: its \(formatName.uppercased()) header gives no size") }
        guard Int(width) * Int(height) <= pixelLimit else { throw refuseBomb(width: Int(width), height: Int(height)) }
        var warning: String?
        var isTruncatedJPEG = false
        switch FileIntegrity.check(path: path, format: formatName, size: info.size) {
        case .corrupt(let reason): throw refuse(reason)
        case .truncated(let reason):
            warning = "\(reason); shown as far as it decodes"
            isTruncatedJPEG = formatName == "jpeg"
        case nil: break
        }

        // The file's own statement decides, not the picture's shape; the loader may have done part.
        let stated = EmbeddedOrientation.read(container, from: file.byteReader)
        let orientation = DecoderOrientation.remaining(afterLoader: formatName, stated: stated)
        let nativeSize = orientation.uprightSize(width: Int(width), height: Int(height))

        let longEdge = Int(max(width, height))
        let scale = longEdge > maximumLongEdge ? Double(max(1, maximumLongEdge)) / Double(longEdge) : 1
        let decodeSize = (width: max(1, Int((Double(width) * scale).rounded())), height: max(1, Int((Double(height) * scale).rounded())))
        let pixbuf: PixbufDecoding.Pixbuf
        do {
            pixbuf =
                isTruncatedJPEG
                ? try PixbufDecoding.decodeCompletingJPEG(file, size: decodeSize)
                : try PixbufDecoding.decode(path: path, size: scale < 1 ? decodeSize : nil)
        } catch .failed(let message) {
            throw refuse(message.map { "could not be decoded: \($0)" } ?? silentFailure)
        } catch .unknownFormat {
            throw refuse("not a picture format this system can read")
        }
        let image: DecodedImage
        do {
            image = try pixbuf.uprightImage(
                orientation: orientation, nativeSize: Size(width: Double(nativeSize.width), height: Double(nativeSize.height)),
                alphaIsPremultiplied: PixbufDecoding.deliversPremultipliedAlpha(formatName))
        } catch let failure as PixelConversion.Failure {
            throw refuse("its decoded pixels are unusable: \(failure)")
        }
        return LoadedPicture(image: image, warning: warning)
    }

    /// Mostly printable ASCII/UTF-8 and no NUL: a text file, whatever its name says.
    static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty, !bytes.contains(0) else { return false }
        let printable = bytes.filter { $0 == 9 || $0 == 10 || $0 == 13 || ($0 >= 32 && $0 < 127) || $0 >= 0x80 }.count
        return printable * 10 >= bytes.count * 9
    }
}
