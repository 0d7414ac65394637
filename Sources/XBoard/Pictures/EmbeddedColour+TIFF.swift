extension EmbeddedColour {
    /// TIFF: the ICC profile of tag 34675 (InterColorProfile, UNDEFINED or BYTE) in the first
    /// IFD — the image gdk-pixbuf's loader shows — else the EXIF IFD's Adobe RGB marker.
    static func fromTIFF(_ bytes: ByteReader) -> Result<StatedColour, ColourProblem> {
        withoutActuallyEscaping(bytes) { fromTIFF(escaping: $0) }
    }

    private static func fromTIFF(escaping bytes: @escaping ByteReader) -> Result<StatedColour, ColourProblem> {
        guard let tiff = TIFFStructure(bytes, base: 0, limit: .max), let first = tiff.firstDirectory,
            let entries = tiff.entries(at: first)
        else { return .success(.sRGB) }
        if let profile = entries[34675] {
            guard profile.type == 1 || profile.type == 7 else { return .failure(damaged("tag 34675 is of TIFF type \(profile.type)")) }
            guard profile.count <= ICCProfileHeader.maximumSize else { return .failure(tooLarge(profile.count)) }
            guard profile.count > 4, let offset = profile.offset, offset <= Int.max - profile.count else {
                return .failure(damaged("tag 34675 holds \(profile.count) bytes"))
            }
            let bytes = bytes(offset, profile.count)
            guard bytes.count == profile.count else { return .failure(damaged("tag 34675 reaches past the end of the file")) }
            return .success(.iccProfile(bytes))
        }
        return tiff.isAdobeRGB(ifd: entries) ? .success(.model(.adobeRGB)) : .success(.sRGB)
    }

    /// EXIF in a TIFF structure at `base` (offsets inside it relative to `base`, below `limit`):
    /// ColorSpace (0xA001) 0xFFFF, "uncalibrated", with the interoperability index (tag 1 of the
    /// interoperability IFD) "R03" — the DCF rule for Adobe RGB (DCF 2.0, 5.3.3, and EXIF 2.3,
    /// 4.6.5).
    static func isAdobeRGBByEXIF(_ bytes: ByteReader, base: Int, limit: Int) -> Bool {
        withoutActuallyEscaping(bytes) { bytes in
            guard let tiff = TIFFStructure(bytes, base: base, limit: limit), let first = tiff.firstDirectory,
                let entries = tiff.entries(at: first)
            else { return false }
            return tiff.isAdobeRGB(ifd: entries)
        }
    }
}
