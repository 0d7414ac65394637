/// How a picture will be decoded, decided from its header alone: at what size, by which kind of
/// decoder, and about how much memory that takes — so the board can refuse a bomb, budget memory
/// across decoders, and the decoder can choose its path, all from the same numbers.
public struct DecodePlan: Sendable {
    /// Pictures declaring more pixels than this are refused from their header.
    public static let pixelLimit = 200_000_000

    public enum Method: Hashable, Sendable {
        /// Rows are decoded and scaled down as they arrive, so the full-size picture never exists:
        /// PNG (not interlaced), TIFF in strips, and still WebP (its decoder scales).
        case scaledRows
        /// gdk-pixbuf's loader for the format decodes, at full size unless the format scales
        /// itself (JPEG's DCT scaling), then scales.
        case loader
    }

    public let format: PictureFormat
    public let declared: DeclaredSize
    /// The size to decode to, as stored (orientation is applied after): the declared size
    /// scaled down, never up, so its long edge is at most the wanted long edge.
    public let decodeSize: (width: Int, height: Int)
    public let method: Method

    /// Why a picture is refused from its header, before any decode.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// More pixels than `pixelLimit`: a decompression bomb, or a picture too big to show.
        case overLimit(DeclaredSize)
        /// No pixels at all: a width or height of 0.
        case empty(PictureFormat, DeclaredSize)

        public var description: String {
            switch self {
            case .overLimit(let declared):
                "declares \(declared.width)×\(declared.height) pixels (\(declared.pixelCount / 1_000_000) megapixels), "
                    + "over the \(DecodePlan.pixelLimit / 1_000_000)-megapixel limit; not opened"
            case .empty(let format, let declared):
                "not a picture: its \(format) header declares \(declared.width)×\(declared.height) pixels"
            }
        }
    }

    /// Plans the decode of a picture declaring `declared`, to a long edge of at most
    /// `maximumLongEdge` pixels. Throws when the picture declares no pixels or more than
    /// `pixelLimit`.
    public init(format: PictureFormat, declared: DeclaredSize, maximumLongEdge: Int) throws(Refusal) {
        guard declared.pixelCount <= Self.pixelLimit else { throw .overLimit(declared) }
        guard declared.width > 0, declared.height > 0 else { throw .empty(format, declared) }
        self.format = format
        self.declared = declared
        decodeSize = Self.decodeSize(width: declared.width, height: declared.height, maximumLongEdge: maximumLongEdge)
        let isScaledDown = decodeSize.width < declared.width || decodeSize.height < declared.height
        switch format {
        case .png where isScaledDown && !declared.isProgressive, .tiff where isScaledDown && !declared.isTiled,
            .webp where isScaledDown && !declared.isAnimated:
            method = .scaledRows
        default:
            method = .loader
        }
    }

    /// A `width`×`height` picture scaled down (never up) so its long edge is at most
    /// `maximumLongEdge` (at least 1), each side rounded and at least one pixel.
    public static func decodeSize(width: Int, height: Int, maximumLongEdge: Int) -> (width: Int, height: Int) {
        let longEdge = max(width, height)
        guard longEdge > maximumLongEdge else { return (max(1, width), max(1, height)) }
        let scale = Double(max(1, maximumLongEdge)) / Double(longEdge)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// About how many bytes the decode needs at its peak, in the decoding process: what the
    /// decoder holds (a whole picture, or a few rows) plus the scaled copy and the ARGB32 result.
    ///
    /// Bytes per stored pixel held at once, by format (from the decoders' sources, checked by
    /// the load benchmark's peak figures): a progressive JPEG keeps 16-bit DCT coefficients of
    /// three components (6); PNG, GIF, BMP, ICO and TIFF through their loaders hold RGBA (4);
    /// a lossless WebP keeps ARGB (4); HEIF and AVIF hold YCbCr planes of up to 16 bits and an
    /// RGBA copy (10). A baseline JPEG holds the DCT-scaled picture, at most four times the
    /// decoded area in RGB. Scaled rows hold a strip (TIFF) or a few rows.
    public var memoryEstimate: Int {
        let stored = declared.pixelCount
        let decoded = decodeSize.width * decodeSize.height
        let result = decoded * 4
        let overhead = 8 << 20
        switch (method, format) {
        case (.scaledRows, .tiff):
            let rows = declared.rowsPerStrip ?? declared.height
            return overhead + declared.width * rows * 12 + decoded * 24 + result
        case (.scaledRows, .webp):
            return overhead + (declared.isLossless ? stored * 4 : declared.width * 64 + stored) + decoded * 4 + result
        case (.scaledRows, _):
            return overhead + declared.width * 16 + decoded * 24 + result
        case (.loader, .jpeg):
            return overhead + (declared.isProgressive ? stored * 6 : decoded * 12) + decoded * 4 + result
        case (.loader, .heif), (.loader, .avif):
            return overhead + stored * 10 + decoded * 4 + result
        case (.loader, _):
            return overhead + stored * 4 + decoded * 4 + result
        }
    }
}
