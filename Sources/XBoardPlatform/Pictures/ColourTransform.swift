internal import CPictureDecoding
import XBoard

/// A conversion of premultiplied ARGB32 pixels from one colour profile to another, made by Little
/// CMS (perceptual intent), applied in place. From a grey profile it is a table of the 256 greys
/// (and only a grey picture fits it).
///
/// Owns the transform: made in `init`, freed in `deinit`. `@unchecked Sendable`: once made it is
/// only read (it is made without Little CMS's one-pixel cache, the one thing a conversion writes),
/// so threads may share it.
final class ColourTransform: @unchecked Sendable {
    private let transform: OpaquePointer

    /// Makes the conversion, or says why Little CMS cannot.
    init(from source: ColourProfile, to target: ColourProfile) throws(ColourProblem) {
        var message = [CChar](repeating: 0, count: Int(CPD_COLOUR_MESSAGE_SIZE))
        guard let made = cpd_colour_transform_new(source.handle, target.handle, &message) else {
            throw ColourProblem("its colour profile cannot be converted from (\(ColourProfile.text(message)))")
        }
        transform = made
    }

    deinit { cpd_colour_transform_free(transform) }

    /// It moves no channel of any colour by more than one level: it need not run.
    var isIdentity: Bool { cpd_colour_transform_is_identity(transform) != 0 }

    /// Converts `height` rows of `width` pixels, `stride` bytes apart, in place. Returns false
    /// (changing nothing) when the transform is from a grey profile and the picture is not grey.
    func apply(to pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int, isOpaque: Bool) -> Bool {
        guard let base = pixels.baseAddress, width > 0, height > 0, stride >= width * 4, pixels.count >= stride * (height - 1) + width * 4
        else { return false }
        return cpd_colour_transform_apply(
            transform, base.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height), stride, isOpaque ? 1 : 0) == 0
    }
}
