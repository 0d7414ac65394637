import XBoard

/// What gdk-pixbuf's loaders already did about a picture's orientation, so the board applies
/// exactly the rest — never twice.
///
/// Found by decoding files with every orientation through each loader (the table is tested in
/// `PictureFidelityTests`):
/// - JPEG, PNG, WebP: pixels come as stored. (The JPEG loader only copies the EXIF value into
///   its "orientation" option, which the board does not use: it reads the value itself.)
/// - TIFF: libtiff's `TIFFReadRGBAImageOriented` mirrors for values 2–4, and for 5–8 applies the
///   mirror of value − 4 without swapping axes (gdk-pixbuf's io-tiff.c explains this and sets its
///   option to 5 or 7 to finish the job).
/// - HEIF, AVIF: the decoder applies `irot` and `imir`; their EXIF is informative only and is
///   not read.
enum DecoderOrientation {
    /// The part of `stated` that the loader named `format` (gdk-pixbuf's format name) applied
    /// while decoding.
    static func applied(byLoader format: String, stated: Orientation) -> Orientation {
        guard format == "tiff" else { return .identity }
        switch stated {
        case .identity, .transposed: return .identity
        case .mirroredHorizontally, .rotatedClockwise: return .mirroredHorizontally
        case .rotated180, .transversed: return .rotated180
        case .mirroredVertically, .rotatedCounterclockwise: return .mirroredVertically
        }
    }

    /// The transform still to apply to the decoded pixels of a picture whose file states
    /// `stated` (nil: none).
    static func remaining(afterLoader format: String, stated: Orientation?) -> Orientation {
        guard let stated else { return .identity }
        return stated.after(applied(byLoader: format, stated: stated).inverse)
    }
}
