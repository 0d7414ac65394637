/// What a picture file says its numbers mean, as `EmbeddedColour` read it: sRGB (said, or said by
/// saying nothing), an ICC profile, or a colour space stated by numbers.
public enum StatedColour: Hashable, Sendable {
    /// sRGB: stated (PNG `sRGB`, code points naming it), or nothing stated at all — the
    /// convention of the web and of every untagged photo.
    case sRGB
    /// The bytes of an embedded ICC profile (JPEG's APP2 chunks joined, WebP `ICCP`, TIFF tag
    /// 34675, HEIF/AVIF `colr` of type `prof` or `rICC`), at most `ICCProfileHeader.maximumSize`.
    case iccProfile([UInt8])
    /// A PNG `iCCP` chunk's profile, still zlib-compressed (the platform inflates it, to at most
    /// `ICCProfileHeader.maximumSize` bytes).
    case deflatedICCProfile([UInt8])
    /// Primaries and a tone curve, from code points (PNG `cICP`, HEIF/AVIF `nclx`), PNG
    /// `gAMA` and `cHRM`, or EXIF's Adobe RGB marker.
    case model(RGBColourModel)
}
