internal import CPictureDecoding
import XBoard

/// A colour profile opened by Little CMS: one a picture states (an ICC profile, or a colour
/// space by numbers), the display's, or sRGB.
///
/// ICC bytes are checked first (`ICCProfileHeader`), so Little CMS only ever reads well-formed
/// profiles of a kind a picture or a display has; what it still refuses, or a profile that
/// makes white anything but white (`cpd_profile_is_plausible`), is a `ColourProblem`.
/// Owns the handle: opened in `init`, closed in `deinit`.
///
/// `@unchecked Sendable`: Little CMS reads a profile's tags lazily, so the handle is only used
/// under `ColourConversion`'s lock (where transforms are made); nothing else touches it.
final class ColourProfile: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer
    let isGrey: Bool

    /// Little CMS's sRGB.
    init() {
        guard let handle = cpd_profile_srgb() else { preconditionFailure("Little CMS cannot make its own sRGB profile") }
        self.handle = handle
        isGrey = false
    }

    /// Opens ICC bytes: an RGB or grey profile, checked, that Little CMS reads.
    init(icc bytes: [UInt8]) throws(ColourProblem) {
        let header = try ICCProfileHeader(validating: bytes)
        switch header.colourSpace {
        case .rgb, .grey: break
        case .cmyk: throw ColourProblem("its ICC profile is for CMYK, which the board shows without it")
        case .other(let space): throw ColourProblem("its ICC profile is for \(space) pictures, which the board shows without it")
        }
        var message = [CChar](repeating: 0, count: Int(CPD_COLOUR_MESSAGE_SIZE))
        let opened = bytes.withUnsafeBufferPointer { buffer in
            cpd_profile_from_icc(buffer.baseAddress, header.size, &message)
        }
        guard let opened else { throw ColourProblem("its ICC profile is damaged (\(Self.text(message)))") }
        // Checked before the handle is stored: once every property is set, a throw runs deinit.
        let kind = cpd_profile_kind(opened)
        guard kind == CPD_PROFILE_RGB || kind == CPD_PROFILE_GREY else {
            cpd_profile_close(opened)
            throw ColourProblem("its ICC profile is damaged (Little CMS reads another colour space than its header states)")
        }
        let plausible = cpd_profile_is_plausible(opened, &message)
        guard plausible == 1 else {
            cpd_profile_close(opened)
            throw ColourProblem("its ICC profile is \(plausible == 0 ? "absurd" : "damaged") (\(Self.text(message)))")
        }
        handle = opened
        isGrey = kind == CPD_PROFILE_GREY
    }

    /// An RGB profile made from primaries and a tone curve.
    init(model: RGBColourModel) throws(ColourProblem) {
        guard model.isPlausible else { throw ColourProblem("it states chromaticities no colour space has") }
        let chromaticities = [model.white, model.red, model.green, model.blue].flatMap { [$0.x, $0.y] }
        var parameters = model.toneCurve.parameters
        parameters += Array(repeating: 0, count: max(0, 10 - parameters.count))
        var message = [CChar](repeating: 0, count: Int(CPD_COLOUR_MESSAGE_SIZE))
        // Little CMS numbers the ICC function types from 1.
        guard let made = cpd_profile_from_model(chromaticities, Int32(model.toneCurve.type + 1), parameters, &message) else {
            throw ColourProblem("its colour space cannot be made (\(Self.text(message)))")
        }
        handle = made
        isGrey = false
    }

    deinit { cpd_profile_close(handle) }

    static func text(_ message: [CChar]) -> String {
        PictureDecoding.oneLine(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
