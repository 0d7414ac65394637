internal import CPictureDecoding
import XBoard

/// A region of a picture decoded alone, at one of the scales its decoder reaches directly: the
/// tiles a big picture is seen in close up (issue 39, `TilePlan`). JPEG through libjpeg-turbo's
/// cropping and row skipping (`cpd_decode_jpeg_region`, 1/1 to 1/8); the region is asked for
/// upright, as the board shows the picture, and mapped onto the picture as stored (its EXIF
/// orientation), decoded there, then turned upright, its colours converted as a whole picture's
/// are. Run in a confined helper, as every decode of a file's bytes.
extension PictureDecoding {
    /// The part of the picture to decode: the upright pixels `x`, `y`, `width`, `height` of the
    /// picture scaled to 1/`scaleDenominator` (its level in `TilePlan`, whose sizes round up as
    /// libjpeg's scaled sizes do).
    struct Region: Hashable, Sendable {
        var scaleDenominator: Int
        var x: Int, y: Int, width: Int, height: Int
    }

    /// Decodes `region` of `file`, its colours converted by `colour` (`nil`: as stored), into a
    /// sealed memory file of `region.width` × `region.height` upright pixels.
    static func decode(_ file: FileReader, region: Region, colour: ColourConversion?) -> Result<Pixels, Failure> {
        do throws(Failure) {
            return .success(try decodeRegionQuietly(file, region: region, colour: colour))
        } catch {
            return .failure(error)
        }
    }

    private static func decodeRegionQuietly(_ file: FileReader, region: Region, colour: ColourConversion?) throws(Failure) -> Pixels {
        func refuse(_ reason: String) -> Failure { Failure(reason: reason) }
        let (head, format) = try headAndFormat(of: file)
        guard format == .jpeg else { throw refuse("its parts are decoded from JPEG files only, and it is a \(format) file") }
        guard let declared = DeclaredSize.read(format, from: file.byteReader), declared.width > 0, declared.height > 0 else {
            throw refuse("not a picture: its JPEG header cannot be read")
        }
        guard [1, 2, 4, 8].contains(region.scaleDenominator) else {
            throw refuse("a JPEG decodes at 1/1, 1/2, 1/4 or 1/8 of its size, not 1/\(region.scaleDenominator)")
        }
        guard region.width > 0, region.height > 0, region.width <= JPEGRegion.maximumPixels / region.height else {
            throw refuse("a region of \(region.width)x\(region.height) pixels is not one to decode")
        }
        var warning: String?
        switch FileIntegrity.check(file, format: format) {
        case .corrupt(let reason): throw refuse(reason)
        case .truncated(let reason): warning = "\(reason); shown as far as it decodes"
        case nil: break
        }
        let container = EmbeddedOrientation.Container(head: head)
        let orientation = EmbeddedOrientation.read(container, from: file.byteReader) ?? .identity
        // The level as stored (sizes rounded up, as libjpeg scales), and the region on it.
        let denominator = region.scaleDenominator
        let stored = (
            width: (declared.width + denominator - 1) / denominator, height: (declared.height + denominator - 1) / denominator
        )
        let upright = orientation.uprightSize(width: stored.width, height: stored.height)
        guard region.x >= 0, region.y >= 0, region.x + region.width <= upright.width, region.y + region.height <= upright.height else {
            throw refuse(
                "the region \(region.width)x\(region.height) at (\(region.x), \(region.y)) lies outside the picture's \(upright.width)x\(upright.height) at 1/\(denominator)"
            )
        }
        let back = orientation.inverse
        let first = back.uprightLocation(x: region.x, y: region.y, width: upright.width, height: upright.height)
        let last = back.uprightLocation(
            x: region.x + region.width - 1, y: region.y + region.height - 1, width: upright.width, height: upright.height)
        let part = (
            x: min(first.x, last.x), y: min(first.y, last.y), width: abs(last.x - first.x) + 1, height: abs(last.y - first.y) + 1
        )
        // Decoded with a margin of a block row and column about it where the picture goes on:
        // libjpeg's smooth chroma upsampling reads the neighbours of every pixel, and at the
        // edge of a crop it has none (the edges then differ from the whole decode by a few levels).
        let margin = 16
        let padded = (
            x: max(0, part.x - margin), y: max(0, part.y - margin),
            right: min(stored.width, part.x + part.width + margin), bottom: min(stored.height, part.y + part.height + margin)
        )
        let paddedWidth = padded.right - padded.x, paddedHeight = padded.bottom - padded.y
        var decodedRGBA = [UInt8](repeating: 0, count: paddedWidth * paddedHeight * 4)
        var result = cpd_scaled_result()
        var request = cpd_region_request(
            declared_width: Int32(clamping: declared.width), declared_height: Int32(clamping: declared.height),
            scale_denom: Int32(denominator), x: Int32(padded.x), y: Int32(padded.y), width: Int32(paddedWidth),
            height: Int32(paddedHeight))
        let status = decodedRGBA.withUnsafeMutableBufferPointer { output in
            file.withSource { source in cpd_decode_jpeg_region(source, &request, output.baseAddress, &result) }
        }
        var rgba = [UInt8](repeating: 0, count: part.width * part.height * 4)
        for row in 0..<part.height {
            let from = ((part.y - padded.y + row) * paddedWidth + (part.x - padded.x)) * 4
            rgba.replaceSubrange((row * part.width * 4)..<((row + 1) * part.width * 4), with: decodedRGBA[from..<(from + part.width * 4)])
        }
        let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch status {
        case 0: break
        case 1: warning = warning ?? "cut short (\(message.isEmpty ? "the file ends early" : message)); shown as far as it decodes"
        default: throw refuse(message.isEmpty ? "the region could not be decoded" : "could not be decoded: \(message)")
        }
        let native = orientation.uprightSize(width: declared.width, height: declared.height)
        return try seal(
            width: part.width, height: part.height, orientation: orientation, native: native, warning: warning,
            colour: ColourPlan(colour, container: container, file: file),
            sizes: Sizes(copyLongEdge: max(part.width, part.height), thumbnail: nil)
        ) { target, stride in
            try rgba.withUnsafeBytes { source in
                try PixelConversion.convert(
                    source, layout: .rgba8, width: part.width, height: part.height, stride: part.width * 4, orientation: orientation,
                    into: target, targetStride: stride)
            }
        }
    }
}
