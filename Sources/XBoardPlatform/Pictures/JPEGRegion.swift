internal import CPictureDecoding
import XBoard

/// A region of a JPEG decoded alone, at 1/1, 1/2, 1/4 or 1/8 of the picture's size (libjpeg-turbo's
/// cropping and row skipping, `jpeg_region.c`): the tiles a big picture is seen in close up
/// (issue 39). Run in a confined helper, as every decode of a file's bytes.
public enum JPEGRegion {
    /// The most pixels one region may hold: 16 megapixels (a tile is 256 × 256).
    public static let maximumPixels = 1 << 24

    public struct Region: Hashable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The region's pixels (straight RGBA, rows of `width × 4` bytes) with the decoder's warning
    /// when the file was cut short (the rows that arrived are there), or the reason in one line.
    public static func decode(_ bytes: [UInt8], scaleDenominator: Int, region: Region) -> Result<
        (pixels: [UInt8], warning: String?), Failure
    > {
        let content = PictureContent(head: Array(bytes.prefix(PictureContent.headLength)))
        guard content == .picture(.jpeg), let declared = DeclaredSize.read(from: bytes) else {
            return .failure(Failure(reason: "not a JPEG whose size its header says"))
        }
        guard region.width > 0, region.height > 0, region.width <= maximumPixels / region.height else {
            return .failure(Failure(reason: "a region of \(region.width)x\(region.height) pixels is not one to decode"))
        }
        var pixels = [UInt8](repeating: 0, count: region.width * region.height * 4)
        var result = cpd_scaled_result()
        var request = cpd_region_request(
            declared_width: Int32(clamping: declared.width), declared_height: Int32(clamping: declared.height),
            scale_denom: Int32(clamping: scaleDenominator), x: Int32(clamping: region.x), y: Int32(clamping: region.y),
            width: Int32(clamping: region.width), height: Int32(clamping: region.height))
        let status = bytes.withUnsafeBufferPointer { buffer in
            var source = cpd_source(descriptor: -1, bytes: buffer.baseAddress, size: Int64(buffer.count))
            return pixels.withUnsafeMutableBufferPointer { cpd_decode_jpeg_region(&source, &request, $0.baseAddress, &result) }
        }
        let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let line = String(message.split(whereSeparator: \.isNewline).first ?? "")
        switch status {
        case 0: return .success((pixels, nil))
        case 1: return .success((pixels, line.isEmpty ? "the file ends early" : line))
        default: return .failure(Failure(reason: line.isEmpty ? "the region could not be decoded" : line))
        }
    }

    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }
}
