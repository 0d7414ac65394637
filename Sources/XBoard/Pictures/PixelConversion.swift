/// The one way pixels enter the board: any decoded layout to cairo's premultiplied ARGB32 in
/// native byte order (alpha in the top byte), turned upright on the way.
///
/// Every buffer size is checked before a byte is read, so a decoder that lies about its output
/// costs one picture, not the process. Colours are exact to the rounding of the 8-bit result:
/// each channel is round(colour × alpha / max²) computed on integers, 16-bit samples included
/// (as pixman's format conversions, tested the same way: a table of layouts and known colours).
public enum PixelConversion {
    /// Why a buffer could not be converted.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case unsupportedLayout(PixelLayout)
        case invalidSize(width: Int, height: Int)
        /// The source rows described do not fit the buffer given.
        case sourceTooSmall(needed: Int, given: Int)
        /// The target rows needed do not fit the buffer given (or its stride is not whole pixels).
        case targetTooSmall(needed: Int, given: Int)

        public var description: String {
            switch self {
            case .unsupportedLayout(let layout): "pixel layout \(layout) is not one the board reads"
            case .invalidSize(let width, let height): "invalid picture size \(width)×\(height)"
            case .sourceTooSmall(let needed, let given): "the decoder gave \(given) bytes of pixels where \(needed) were described"
            case .targetTooSmall(let needed, let given): "the pixel buffer holds \(given) bytes where \(needed) are needed"
            }
        }
    }

    /// Converts `height` rows of `width` pixels, `stride` bytes apart, into premultiplied ARGB32
    /// rows turned by `orientation` (so the result is the upright size).
    public static func premultipliedARGB32(
        from source: UnsafeRawBufferPointer, layout: PixelLayout, width: Int, height: Int, stride: Int,
        orientation: Orientation = .identity
    ) throws(Failure) -> ARGB32Pixels {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 else { throw .invalidSize(width: width, height: height) }
        let upright = orientation.uprightSize(width: width, height: height)
        var words = [UInt32](repeating: 0, count: width * height)
        let converted: Result<Bool, Failure> = words.withUnsafeMutableBytes { target in
            Result { () throws(Failure) in
                try convert(
                    source, layout: layout, width: width, height: height, stride: stride, orientation: orientation, into: target,
                    targetStride: upright.width * 4)
            }
        }
        let isOpaque = try converted.get()
        return ARGB32Pixels(width: upright.width, height: upright.height, pixels: words, isOpaque: isOpaque)
    }

    /// The same from an array of bytes.
    public static func premultipliedARGB32(
        from bytes: [UInt8], layout: PixelLayout, width: Int, height: Int, stride: Int, orientation: Orientation = .identity
    ) throws(Failure) -> ARGB32Pixels {
        let result: Result<ARGB32Pixels, Failure> = bytes.withUnsafeBytes { source in
            Result { () throws(Failure) in
                try premultipliedARGB32(
                    from: source, layout: layout, width: width, height: height, stride: stride, orientation: orientation)
            }
        }
        return try result.get()
    }

    /// Converts into a caller's buffer (e.g. a cairo image surface's data): upright rows
    /// `targetStride` bytes apart, each pixel one native-endian `UInt32`. Returns whether every
    /// pixel came out opaque.
    @discardableResult
    public static func convert(
        _ source: UnsafeRawBufferPointer, layout: PixelLayout, width: Int, height: Int, stride: Int, orientation: Orientation,
        into target: UnsafeMutableRawBufferPointer, targetStride: Int
    ) throws(Failure) -> Bool {
        guard layout.isSupported else { throw .unsupportedLayout(layout) }
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 else { throw .invalidSize(width: width, height: height) }
        guard let rowBytes = layout.bytesPerRow(width: width), stride >= rowBytes else {
            throw .sourceTooSmall(needed: layout.bytesPerRow(width: width) ?? .max, given: stride)
        }
        let (sourceSpan, sourceOverflow) = stride.multipliedReportingOverflow(by: height - 1)
        guard !sourceOverflow, sourceSpan <= Int.max - rowBytes, source.count >= sourceSpan + rowBytes, let sourceBase = source.baseAddress
        else { throw .sourceTooSmall(needed: sourceOverflow ? .max : sourceSpan + rowBytes, given: source.count) }
        let upright = orientation.uprightSize(width: width, height: height)
        let targetNeeded = targetStride * (upright.height - 1) + upright.width * 4
        guard targetStride >= upright.width * 4, targetStride % 4 == 0, target.count >= targetNeeded, let targetBase = target.baseAddress,
            Int(bitPattern: targetBase) % MemoryLayout<UInt32>.alignment == 0
        else { throw .targetTooSmall(needed: targetNeeded, given: target.count) }

        let words = targetBase.assumingMemoryBound(to: UInt32.self)
        let map = orientation.pixelMap(width: width, height: height)
        let strideWords = targetStride / 4
        // The upright index of stored pixel (x, y) is base + x·stepX + y·stepY.
        let stepX = map.y.fromX * strideWords + map.x.fromX
        let stepY = map.y.fromY * strideWords + map.x.fromY
        let base = map.y.offset * strideWords + map.x.offset
        var isOpaque = true
        for y in 0..<height {
            let row = UnsafeRawBufferPointer(start: sourceBase + y * stride, count: rowBytes)
            var index = base + y * stepY
            switch (layout.model, layout.bitsPerSample, layout.isPremultiplied) {
            case (.rgb, 8, _):
                for x in 0..<width {
                    let red = UInt32(row[3 * x]), green = UInt32(row[3 * x + 1]), blue = UInt32(row[3 * x + 2])
                    words[index] = 0xFF00_0000 | (red << 16) | (green << 8) | blue
                    index += stepX
                }
            case (.rgba, 8, false):
                for x in 0..<width {
                    let alpha = UInt32(row[4 * x + 3])
                    if alpha != 255 { isOpaque = false }
                    let red = premultiply(UInt32(row[4 * x]), by: alpha)
                    let green = premultiply(UInt32(row[4 * x + 1]), by: alpha)
                    let blue = premultiply(UInt32(row[4 * x + 2]), by: alpha)
                    words[index] = (alpha << 24) | (red << 16) | (green << 8) | blue
                    index += stepX
                }
            default:
                for x in 0..<width {
                    let pixel = straightPixel16(row, x: x, layout: layout)
                    let word = premultipliedWord(pixel, isPremultiplied: layout.isPremultiplied)
                    if word >> 24 != 255 { isOpaque = false }
                    words[index] = word
                    index += stepX
                }
            }
        }
        return isOpaque
    }

    /// round(colour × alpha / 255) for 8-bit values, exactly (the classic `t + (t >> 8)` trick).
    @inline(__always)
    static func premultiply(_ colour: UInt32, by alpha: UInt32) -> UInt32 {
        let t = colour * alpha + 128
        return (t + (t >> 8)) >> 8
    }

    /// A pixel as 16-bit red, green, blue and alpha (colours straight unless the layout says
    /// premultiplied).
    struct Pixel16 {
        var red: UInt64
        var green: UInt64
        var blue: UInt64
        var alpha: UInt64
    }

    static func straightPixel16(_ row: UnsafeRawBufferPointer, x: Int, layout: PixelLayout) -> Pixel16 {
        let bits = layout.bitsPerSample, channels = layout.channels
        func sample(_ channel: Int) -> UInt64 { scaledTo16(rawSample(row, index: x * channels + channel, layout: layout), bits: bits) }
        switch layout.model {
        case .rgb: return Pixel16(red: sample(0), green: sample(1), blue: sample(2), alpha: 65535)
        case .rgba: return Pixel16(red: sample(0), green: sample(1), blue: sample(2), alpha: sample(3))
        case .grey:
            let grey = sample(0)
            return Pixel16(red: grey, green: grey, blue: grey, alpha: 65535)
        case .greyAlpha:
            let grey = sample(0)
            return Pixel16(red: grey, green: grey, blue: grey, alpha: sample(1))
        case .palette(let colors):
            let index = Int(rawSample(row, index: x, layout: layout))
            guard index < colors.count else { return Pixel16(red: 0, green: 0, blue: 0, alpha: 65535) }
            let color = colors[index]
            return Pixel16(
                red: UInt64(color.red) * 257, green: UInt64(color.green) * 257, blue: UInt64(color.blue) * 257,
                alpha: UInt64(color.alpha) * 257)
        case .cmyk(let isInverted):
            // No ink is white: each colour is (1 − ink) × (1 − black), on 16-bit integers.
            func paper(_ channel: Int) -> UInt64 { isInverted ? sample(channel) : 65535 - sample(channel) }
            let black = paper(3)
            func colour(_ channel: Int) -> UInt64 { (paper(channel) * black + 32767) / 65535 }
            return Pixel16(red: colour(0), green: colour(1), blue: colour(2), alpha: 65535)
        }
    }

    /// The raw value of sample number `index` in a row.
    @inline(__always)
    static func rawSample(_ row: UnsafeRawBufferPointer, index: Int, layout: PixelLayout) -> UInt32 {
        switch layout.bitsPerSample {
        case 8: return UInt32(row[index])
        case 16:
            let first = UInt32(row[2 * index]), second = UInt32(row[2 * index + 1])
            return layout.byteOrder == .bigEndian ? first << 8 | second : second << 8 | first
        default:
            let bits = layout.bitsPerSample
            let bitOffset = index * bits
            let byte = UInt32(row[bitOffset / 8])
            let shift = 8 - bits - bitOffset % 8
            return (byte >> UInt32(shift)) & ((1 << UInt32(bits)) - 1)
        }
    }

    /// A sample of `bits` bits scaled to 0…65535 (exact: 65535 is a multiple of 1, 3, 15, 255).
    @inline(__always)
    static func scaledTo16(_ value: UInt32, bits: Int) -> UInt64 {
        switch bits {
        case 16: UInt64(value)
        case 8: UInt64(value) * 257
        default: UInt64(value) * (65535 / ((1 << UInt64(bits)) - 1))
        }
    }

    /// The native ARGB32 word: round(c × a × 255 / 65535²) per colour, round(a × 255 / 65535)
    /// for alpha; premultiplied input is only rounded to 8 bits (and kept within its alpha).
    static func premultipliedWord(_ pixel: Pixel16, isPremultiplied: Bool) -> UInt32 {
        let alpha = (pixel.alpha * 255 + 32767) / 65535
        func channel(_ value: UInt64) -> UInt64 {
            if isPremultiplied { return min(alpha, (value * 255 + 32767) / 65535) }
            let scale: UInt64 = 65535 * 65535
            return (value * pixel.alpha * 255 + scale / 2) / scale
        }
        return UInt32(alpha << 24 | channel(pixel.red) << 16 | channel(pixel.green) << 8 | channel(pixel.blue))
    }
}

/// Pixels ready for cairo: premultiplied ARGB32 words in native byte order, `width` to a row.
public struct ARGB32Pixels: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt32]
    /// Every alpha is 255: cairo's RGB24 format shows it the same.
    public var isOpaque: Bool

    public init(width: Int, height: Int, pixels: [UInt32], isOpaque: Bool) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.isOpaque = isOpaque
    }

    /// The word at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }
}
