import XBoard

/// One picture decoded from its bytes into a sealed memory file of premultiplied ARGB32,
/// upright, at about the size it is shown: what a helper process does with each file it is
/// sent — and what the in-process loader of the tests, the warm-up and the fuzz targets run.
///
/// Nothing is trusted: the content decides the format (only `PictureFormat`s reach a decoder),
/// the header's size is held to the pixel limit, JPEG, PNG and GIF are checked for damage, then
/// the plan's decoder runs (`ScaledRowDecoding`, or the format's gdk-pixbuf loader). The board reads
/// the orientation the file states itself (`EmbeddedOrientation`), applies what the decoder left
/// undone (`DecoderOrientation`) and converts with `PixelConversion`; then the colours, from the
/// profile the file states (`EmbeddedColour`) to the target's (`ColourConversion`). What loaders
/// log is caught (`GLibLog`) and folded into the file's one line.
///
/// Asked for a thumbnail as well (for the shared thumbnail cache), one decode makes both: the
/// picture is decoded at the larger of the two sizes, each is scaled from it (`PixelScaling`),
/// and the thumbnail's colours go to sRGB, as thumbnails hold them, whatever the board's copy's.
enum PictureDecoding {
    /// The decoded picture in its sealed memory file.
    struct Pixels {
        /// The sealed memory file: `height` rows of `width` × 4 bytes, then the thumbnail's
        /// rows, if one was made. The caller closes it.
        let memoryFile: Int32
        let width: Int
        let height: Int
        let hasAlpha: Bool
        /// The picture's full size, upright.
        let nativeWidth: Int
        let nativeHeight: Int
        /// Shown with a warning (a truncated file shown as far as it decodes), worded for the user.
        let warning: String?
        /// The thumbnail's size, in sRGB after the picture's pixels; `nil` when none was asked for.
        var thumbnail: (width: Int, height: Int)? = nil
    }

    /// A thumbnail wanted from a decode: its long edge at most, and where its colours go.
    struct ThumbnailRequest {
        let longEdge: Int
        let colour: ColourConversion?
    }

    /// Why a picture is not shown, worded for the user (the caller adds the path): one line,
    /// whatever a library put in its message.
    struct Failure: Error, Equatable {
        let reason: String

        init(reason: String) { self.reason = PictureDecoding.oneLine(reason) }
    }

    /// `text` with line breaks and other control characters as spaces: a library's message (or a
    /// chunk name from a file) becomes part of one line.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    /// The reason given when a loader fails without saying why (its log may have).
    static let silentFailure = "could not be decoded"

    /// Decodes `file` to a long edge of at most `maximumLongEdge` pixels, its colours converted
    /// by `colour` (`nil`: left as the file stores them); with `thumbnail`, a thumbnail too.
    static func decode(
        _ file: FileReader, maximumLongEdge: Int, colour: ColourConversion?, thumbnail: ThumbnailRequest? = nil
    ) -> Result<Pixels, Failure> {
        let (result, messages) = GLibLog.capturing { () throws(Failure) -> Pixels in
            try decodeQuietly(file, maximumLongEdge: maximumLongEdge, colour: colour, thumbnail: thumbnail)
        }
        // Drop what the board's own line already says; keep what only the loader knew.
        let loaderSaid = messages.first { !$0.contains("didn't set an error") } ?? messages.first
        switch result {
        case .success(let pixels):
            guard let loaderSaid else { return .success(pixels) }
            let warning = oneLine([pixels.warning, "its loader reported: \(loaderSaid)"].compactMap { $0 }.joined(separator: "; "))
            return .success(
                Pixels(
                    memoryFile: pixels.memoryFile, width: pixels.width, height: pixels.height, hasAlpha: pixels.hasAlpha,
                    nativeWidth: pixels.nativeWidth, nativeHeight: pixels.nativeHeight, warning: warning, thumbnail: pixels.thumbnail))
        case .failure(let failure as Failure) where failure.reason == silentFailure:
            return .failure(Failure(reason: silentFailure + (loaderSaid.map { ": \($0)" } ?? "")))
        case .failure(let failure as Failure):
            return .failure(failure)
        case .failure(let error):
            return .failure(Failure(reason: "could not be decoded: \(error)"))
        }
    }

    /// The file's first bytes and the picture format they show, or why it is no picture to
    /// decode (empty, unreadable, another format), worded for the user.
    static func headAndFormat(of file: FileReader) throws(Failure) -> (head: [UInt8], format: PictureFormat) {
        guard file.size > 0 else { throw Failure(reason: "empty file (0 bytes)") }
        let head: [UInt8]
        switch file.read(offset: 0, count: PictureContent.headLength) {
        case .success(let bytes): head = bytes
        case .failure(let problem): throw Failure(reason: problem.description)
        }
        switch OpenedPicture.format(of: head) {
        case .success(let format): return (head, format)
        case .failure(let refused): throw Failure(reason: refused.reason)
        }
    }

    private static func decodeQuietly(
        _ file: FileReader, maximumLongEdge: Int, colour: ColourConversion?, thumbnail: ThumbnailRequest?
    ) throws(Failure) -> Pixels {
        func refuse(_ reason: String) -> Failure { Failure(reason: reason) }
        let (head, format) = try headAndFormat(of: file)
        if format == .ico, let icon = try pngIcon(in: file) {
            do {
                return try decodeQuietly(icon, maximumLongEdge: maximumLongEdge, colour: colour, thumbnail: thumbnail)
            } catch {
                throw refuse("its PNG icon: \(error.reason)")
            }
        }
        guard let declared = DeclaredSize.read(format, from: file.byteReader) else {
            throw refuse("not a picture: its \(format) header cannot be read")
        }
        let plan: DecodePlan
        // One decode for both: at the larger size, each scaled from it.
        let decodeLongEdge = max(maximumLongEdge, thumbnail?.longEdge ?? 0)
        do {
            plan = try DecodePlan(format: format, declared: declared, maximumLongEdge: decodeLongEdge)
        } catch {
            throw refuse(error.description)
        }
        var warning: String?
        var isTruncatedJPEG = false
        switch FileIntegrity.check(file, format: format) {
        case .corrupt(let reason): throw refuse(reason)
        case .truncated(let reason):
            warning = "\(reason); shown as far as it decodes"
            isTruncatedJPEG = format == .jpeg
        case nil: break
        }
        // The file's own statement decides, not the picture's shape; the decoder may have done part.
        let container = EmbeddedOrientation.Container(head: head)
        let stated = EmbeddedOrientation.read(container, from: file.byteReader)
        let colourPlan = ColourPlan(colour, container: container, file: file)
        let sizes = Sizes(
            copyLongEdge: maximumLongEdge,
            thumbnail: thumbnail.map { ($0.longEdge, ColourPlan($0.colour, container: container, file: file)) })

        switch plan.method {
        case .scaledRows:
            let rows: ScaledRowDecoding.Rows
            do {
                rows = try ScaledRowDecoding.decode(file, plan: plan)
            } catch {
                throw refuse("could not be decoded: \(error.message)")
            }
            if warning == nil, let reason = rows.incompleteReason {
                warning = "cut short (\(reason)); shown as far as it decodes"
            }
            // libtiff applies the same part of the orientation as gdk-pixbuf's TIFF loader.
            let orientation = DecoderOrientation.remaining(afterLoader: format.loaderName, stated: stated)
            let native = orientation.uprightSize(width: rows.storedWidth, height: rows.storedHeight)
            return try seal(
                width: rows.width, height: rows.height, orientation: orientation, native: native, warning: warning, colour: colourPlan,
                sizes: sizes
            ) {
                target, stride in
                try rows.pixels.withUnsafeBytes { source in
                    try PixelConversion.convert(
                        source, layout: .rgba8, width: rows.width, height: rows.height, stride: rows.width * 4, orientation: orientation,
                        into: target, targetStride: stride)
                }
            }
        case .loader:
            let decoded: (pixbuf: PixbufDecoding.Pixbuf, reportedWidth: Int, reportedHeight: Int)
            do {
                decoded = try PixbufDecoding.decode(
                    file, loader: format.loaderName, declared: declared, maximumLongEdge: decodeLongEdge, completingJPEG: isTruncatedJPEG)
            } catch {
                switch error {
                case .notAPicture(let message?): throw refuse("not a picture: \(message)")
                case .failed(let message?): throw refuse("could not be decoded: \(message)")
                case .notAPicture(nil), .failed(nil): throw refuse(silentFailure)  // its log says why
                case .unavailable: throw refuse("not a picture format this system can read (no \(format) loader is installed)")
                }
            }
            let orientation = DecoderOrientation.remaining(afterLoader: format.loaderName, stated: stated)
            let native = orientation.uprightSize(width: decoded.reportedWidth, height: decoded.reportedHeight)
            let pixbuf = decoded.pixbuf
            return try seal(
                width: pixbuf.width, height: pixbuf.height, orientation: orientation, native: native, warning: warning, colour: colourPlan,
                sizes: sizes
            ) {
                target, stride in
                try pixbuf.convert(
                    orientation: orientation, into: target, targetStride: stride,
                    alphaIsPremultiplied: PixbufDecoding.deliversPremultipliedAlpha(format.loaderName))
            }
        }
    }

    /// The sizes a decode ends at: the board's copy, and the thumbnail with its colours, if any.
    struct Sizes {
        let copyLongEdge: Int
        let thumbnail: (longEdge: Int, colour: ColourPlan)?
    }

    /// Converts a `width` × `height` picture (as stored) with `convert`, upright, into a new
    /// sealed memory file, its colours converted as `colour` plans — scaled to the copy's size
    /// and followed by the thumbnail when `sizes` asks for one.
    static func seal(
        width: Int, height: Int, orientation: Orientation, native: (width: Int, height: Int), warning: String?, colour: ColourPlan,
        sizes: Sizes, convert: (UnsafeMutableRawBufferPointer, Int) throws -> Bool
    ) throws(Failure) -> Pixels {
        let upright = orientation.uprightSize(width: width, height: height)
        let stride = upright.width * 4
        do {
            guard let thumbnail = sizes.thumbnail else {
                let (memoryFile, (isOpaque, colourWarning)) = try SealedMemoryFile.make(byteCount: stride * upright.height) { pixels in
                    let isOpaque = try convert(pixels, stride)
                    return (
                        isOpaque, colour.apply(to: pixels, width: upright.width, height: upright.height, stride: stride, isOpaque: isOpaque)
                    )
                }
                return Pixels(
                    memoryFile: memoryFile, width: upright.width, height: upright.height, hasAlpha: !isOpaque, nativeWidth: native.width,
                    nativeHeight: native.height, warning: joined(warning, colourWarning))
            }
            let copy = DecodePlan.decodeSize(width: upright.width, height: upright.height, maximumLongEdge: sizes.copyLongEdge)
            let small = DecodePlan.decodeSize(width: upright.width, height: upright.height, maximumLongEdge: thumbnail.longEdge)
            var decoded = [UInt8](repeating: 0, count: stride * upright.height)
            let isOpaque = try decoded.withUnsafeMutableBytes { try convert($0, stride) }
            let copyBytes = copy.width * 4 * copy.height
            let (memoryFile, colourWarning) = try SealedMemoryFile.make(byteCount: copyBytes + small.width * 4 * small.height) { pixels in
                let copyPixels = UnsafeMutableRawBufferPointer(rebasing: pixels[..<copyBytes])
                let thumbnailPixels = UnsafeMutableRawBufferPointer(rebasing: pixels[copyBytes...])
                decoded.withUnsafeBytes { decoded in
                    for (target, size) in [(copyPixels, copy), (thumbnailPixels, small)] {
                        PixelScaling.scaleDown(
                            decoded, width: upright.width, height: upright.height, stride: stride, into: target, width: size.width,
                            height: size.height, stride: size.width * 4)
                    }
                }
                _ = thumbnail.colour.apply(
                    to: thumbnailPixels, width: small.width, height: small.height, stride: small.width * 4, isOpaque: isOpaque)
                return colour.apply(to: copyPixels, width: copy.width, height: copy.height, stride: copy.width * 4, isOpaque: isOpaque)
            }
            return Pixels(
                memoryFile: memoryFile, width: copy.width, height: copy.height, hasAlpha: !isOpaque, nativeWidth: native.width,
                nativeHeight: native.height, warning: joined(warning, colourWarning), thumbnail: (small.width, small.height))
        } catch let failure as PixelConversion.Failure {
            throw Failure(reason: "its decoded pixels are unusable: \(failure)")
        } catch {
            throw Failure(reason: "could not be decoded: \(error)")
        }
    }

    /// Warnings as one line, or `nil` when there are none.
    private static func joined(_ warnings: String?...) -> String? {
        let present = warnings.compactMap { $0 }
        return present.isEmpty ? nil : oneLine(present.joined(separator: "; "))
    }
}
