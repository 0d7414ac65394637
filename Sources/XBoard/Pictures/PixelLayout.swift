/// How a decoder laid out the pixels it hands over: the colour model, the bits per sample, the
/// byte order of 16-bit samples and whether colours are already multiplied by alpha.
///
/// Rows may be padded (the stride is given with the buffer); within a row, samples are packed:
/// 1-, 2- and 4-bit samples (grey and palette indices only) most significant bits first, as PNG
/// and TIFF store them; 8-bit samples one byte each; 16-bit samples two bytes in `byteOrder`.
public struct PixelLayout: Hashable, Sendable, CustomStringConvertible {
    public enum Model: Hashable, Sendable {
        case rgb
        case rgba
        case grey
        case greyAlpha
        /// Indices into a palette of straight (not premultiplied) colours; an index past its end
        /// is opaque black, as libpng shows it.
        case palette([PaletteColor])
        /// Cyan, magenta, yellow, black ink, 0 = no ink. `isInverted` for what libjpeg hands over
        /// from Adobe CMYK JPEGs, which store 255 − ink (255 = no ink).
        case cmyk(isInverted: Bool)
    }

    public enum ByteOrder: Hashable, Sendable {
        case bigEndian
        case littleEndian
    }

    public var model: Model
    /// 1, 2 or 4 (grey and palette only), 8 or 16 (not palette).
    public var bitsPerSample: Int
    /// For 16-bit samples: PNG delivers them big-endian, most in-memory decoders native.
    public var byteOrder: ByteOrder
    /// Colours already multiplied by alpha (e.g. libwebp's premultiplied modes).
    public var isPremultiplied: Bool

    public init(_ model: Model, bitsPerSample: Int = 8, byteOrder: ByteOrder = .bigEndian, isPremultiplied: Bool = false) {
        self.model = model
        self.bitsPerSample = bitsPerSample
        self.byteOrder = byteOrder
        self.isPremultiplied = isPremultiplied
    }

    /// 8-bit straight RGB, as gdk-pixbuf hands over opaque pictures.
    public static let rgb8 = PixelLayout(.rgb)
    /// 8-bit straight RGBA, as gdk-pixbuf hands over pictures with alpha.
    public static let rgba8 = PixelLayout(.rgba)

    /// Samples per pixel.
    public var channels: Int {
        switch model {
        case .grey, .palette: 1
        case .greyAlpha: 2
        case .rgb: 3
        case .rgba, .cmyk: 4
        }
    }

    public var hasAlpha: Bool {
        switch model {
        case .rgba, .greyAlpha: true
        case .palette(let colors): colors.contains { $0.alpha != 255 }
        case .rgb, .grey, .cmyk: false
        }
    }

    /// Whether this combination of model and sample size is one the conversion reads.
    public var isSupported: Bool {
        switch (model, bitsPerSample) {
        case (.grey, 1), (.grey, 2), (.grey, 4), (.palette, 1), (.palette, 2), (.palette, 4), (.palette, 8): true
        case (.palette, _): false
        case (_, 8), (_, 16): true
        default: false
        }
    }

    /// Bytes one row of `width` pixels takes, without padding; `nil` when it overflows.
    public func bytesPerRow(width: Int) -> Int? {
        let (bits, overflow) = width.multipliedReportingOverflow(by: channels * bitsPerSample)
        return overflow ? nil : (bits + 7) / 8
    }

    public var description: String {
        let name: String
        switch model {
        case .rgb: name = "RGB"
        case .rgba: name = "RGBA"
        case .grey: name = "grey"
        case .greyAlpha: name = "grey+alpha"
        case .palette(let colors): name = "palette of \(colors.count)\(hasAlpha ? " with alpha" : "")"
        case .cmyk(let isInverted): name = isInverted ? "inverted CMYK" : "CMYK"
        }
        let order = bitsPerSample == 16 ? (byteOrder == .bigEndian ? " big-endian" : " little-endian") : ""
        return "\(name) \(bitsPerSample)-bit\(order)\(isPremultiplied ? " premultiplied" : "")"
    }
}

/// One palette entry: straight 8-bit red, green, blue and alpha.
public struct PaletteColor: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}
