internal import CPictureDecoding
import XBoard

/// The decoders that scale rows down as they arrive (`DecodePlan.Method.scaledRows`), so a big
/// picture never exists at full size: libpng row by row, libtiff strip by strip, libwebp with its
/// own scaling. Their output is straight RGBA at the decoded size, which then goes through
/// `PixelConversion` like any loader's pixels.
enum ScaledRowDecoding {
    /// Scaled straight RGBA, `width` × 4 bytes a row.
    struct Rows {
        var pixels: [UInt8]
        var width: Int
        var height: Int
        /// The picture's size as stored, from its header as the library read it.
        var storedWidth: Int
        var storedHeight: Int
        /// Some rows did not decode (a cut-short file): what the decoder said.
        var incompleteReason: String?
    }

    struct Failure: Error {
        let message: String
    }

    /// Decodes `file` (a PNG, TIFF or WebP) as `plan` says: scaled to its decode size, and only
    /// when the library reads the size the header declared (what the memory was planned for).
    static func decode(_ file: FileReader, plan: DecodePlan) throws(Failure) -> Rows {
        let (width, height) = plan.decodeSize
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var result = cpd_scaled_result()
        var request = cpd_scaled_request(
            declared_width: Int32(clamping: plan.declared.width), declared_height: Int32(clamping: plan.declared.height),
            target_width: Int32(width), target_height: Int32(height))
        let status = file.withSource { source in
            pixels.withUnsafeMutableBufferPointer { output -> Int32 in
                guard let base = output.baseAddress else { return -1 }
                switch plan.format {
                case .png: return cpd_decode_png_scaled(source, &request, base, &result)
                case .tiff: return cpd_decode_tiff_scaled(source, &request, base, &result)
                case .webp: return cpd_decode_webp_scaled(source, &request, base, &result)
                default: return -1
                }
            }
        }
        let message = withUnsafeBytes(of: result.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard status >= 0 else { throw Failure(message: message.isEmpty ? "its \(plan.format) decoder failed" : message) }
        return Rows(
            pixels: pixels, width: width, height: height, storedWidth: Int(result.width), storedHeight: Int(result.height),
            incompleteReason: status == 0 ? nil : message)
    }
}
