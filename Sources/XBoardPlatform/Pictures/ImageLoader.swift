import SystemPackage
import XBoard

/// A decoded picture and, when it is only partly there, the warning to show.
public struct LoadedPicture: @unchecked Sendable {
    /// Invariant: the image is only touched by one thread at a time — the thread that received
    /// it until it hands the result over through `PhotoDecoder`'s locked queue, the main thread after.
    public let image: DecodedImage
    public let warning: String?
    /// When the photo was taken (`DateTaken`), read while it was opened, off the
    /// board's loop; `nil` when it could not be told.
    public var dateTaken: Double? = nil
    /// What the file held (`PhotoFingerprint`), read from the descriptor that was decoded, so
    /// the board's loop never opens the file again; `nil` when it could not be read.
    public var fingerprint: PhotoFingerprint? = nil
    /// The camera the file names (EXIF Make and Model), if it does.
    public var camera: String? = nil
    /// The cached thumbnail it was decoded from; `nil`: from its file.
    public var thumbnail: ThumbnailFlavour? = nil
    /// The thumbnail its decode made and wrote into the shared cache, if any.
    public var thumbnailWritten: ThumbnailFlavour? = nil
}

/// Opens a picture file and decodes it in this process, through exactly the checks and decoders
/// a helper process runs (`OpenedPicture`, `PictureDecoding`) and the same sealed memory file.
///
/// The board itself never decodes in its own process: `PhotoDecoder` sends files to confined
/// helpers. This is for the tests (every format and layout through the real decoders), the
/// benchmarks, and the fuzz targets.
public enum ImageLoader {
    /// Loads `path`, scaled down (never up) so its long edge is at most `maximumLongEdge` pixels,
    /// its colours converted by `colour` (sRGB by default, as `--export` writes; `nil` leaves
    /// them as stored). Throws `PlatformError.image` with a reason worded for the user.
    public static func load(
        path: FilePath, maximumLongEdge: Int = 1024, colour: ColourConversion? = .toSRGB
    ) throws -> LoadedPicture {
        let opened = try OpenedPicture(path: path, maximumLongEdge: maximumLongEdge, maximumFileSize: DecodeSettings().maximumFileSize)
        return try picture(PictureDecoding.decode(opened.file, maximumLongEdge: maximumLongEdge, colour: colour), path: path)
    }

    /// The same for a path given as text.
    public static func load(path: String, maximumLongEdge: Int = 1024, colour: ColourConversion? = .toSRGB) throws -> LoadedPicture {
        try load(path: FilePath(path), maximumLongEdge: maximumLongEdge, colour: colour)
    }

    /// Decodes a file's bytes held in memory (the fuzz targets' entry): a picture, or the reason
    /// it is not one.
    public static func decode(
        bytes: [UInt8], maximumLongEdge: Int = 1024, colour: ColourConversion? = .toSRGB
    ) -> Result<LoadedPicture, PlatformError> {
        Result {
            try picture(
                PictureDecoding.decode(FileReader(bytes: bytes), maximumLongEdge: maximumLongEdge, colour: colour), path: FilePath("memory")
            )
        }
        .mapError { $0 as? PlatformError ?? .image(path: FilePath("memory"), reason: "\($0)") }
    }

    /// The image in a decode's sealed memory file (which is closed here), or the decode's failure.
    static func picture(_ decoded: Result<PictureDecoding.Pixels, PictureDecoding.Failure>, path: FilePath) throws -> LoadedPicture {
        switch decoded {
        case .failure(let failure):
            throw PlatformError.image(path: path, reason: failure.reason)
        case .success(let pixels):
            defer { try? FileDescriptor(rawValue: pixels.memoryFile).close() }
            let image = try DecodedImage(
                memoryFile: pixels.memoryFile, width: pixels.width, height: pixels.height, hasAlpha: pixels.hasAlpha,
                nativeSize: Size(width: Double(pixels.nativeWidth), height: Double(pixels.nativeHeight)))
            return LoadedPicture(image: image, warning: pixels.warning)
        }
    }
}
