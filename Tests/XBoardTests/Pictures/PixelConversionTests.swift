import Testing

@testable import XBoard

/// Every layout a decoder hands over, with known colours (partial alpha included), through the
/// one conversion to premultiplied ARGB32 — as pixman tests its format conversions: an encoder
/// writes the samples in the layout, a reference computed in floating point says what cairo must
/// get, within ±1 per channel.
@Suite struct PixelConversionTests {
    /// One layout and the pixels to write in it, as raw sample values (palette: indices).
    struct LayoutCase: CustomTestStringConvertible, Sendable {
        var layout: PixelLayout
        var samples: [[Int]]
        var testDescription: String { layout.description }
    }

    static let palette = [
        PaletteColor(red: 255, green: 128, blue: 0), PaletteColor(red: 51, green: 153, blue: 255, alpha: 128),
        PaletteColor(red: 10, green: 200, blue: 30, alpha: 64), PaletteColor(red: 200, green: 100, blue: 50, alpha: 0),
    ]

    /// Orange, a half-transparent sky blue, a quarter-opaque green, a fully transparent brown,
    /// and a colour whose 16-bit samples round differently from their high bytes.
    static let rgba8: [[Int]] = [[255, 128, 0, 255], [51, 153, 255, 128], [10, 200, 30, 64], [200, 100, 50, 0], [1, 254, 127, 200]]
    static let rgba16: [[Int]] = [
        [65535, 32896, 0, 65535], [13107, 39321, 65535, 32768], [2570, 51400, 7710, 16448], [51400, 25700, 12850, 0],
        [383, 65150, 32640, 51327],
    ]

    static let cases: [LayoutCase] = [
        LayoutCase(layout: .rgb8, samples: rgba8.map { Array($0.prefix(3)) }),
        LayoutCase(layout: .rgba8, samples: rgba8),
        LayoutCase(layout: PixelLayout(.rgba, isPremultiplied: true), samples: rgba8.map(premultiplied8)),
        LayoutCase(layout: PixelLayout(.rgb, bitsPerSample: 16), samples: rgba16.map { Array($0.prefix(3)) }),
        LayoutCase(layout: PixelLayout(.rgb, bitsPerSample: 16, byteOrder: .littleEndian), samples: rgba16.map { Array($0.prefix(3)) }),
        LayoutCase(layout: PixelLayout(.rgba, bitsPerSample: 16), samples: rgba16),
        LayoutCase(layout: PixelLayout(.rgba, bitsPerSample: 16, byteOrder: .littleEndian), samples: rgba16),
        LayoutCase(layout: PixelLayout(.grey), samples: [[0], [1], [127], [128], [254], [255]]),
        LayoutCase(layout: PixelLayout(.grey, bitsPerSample: 16), samples: [[0], [383], [32768], [65279], [65535]]),
        LayoutCase(layout: PixelLayout(.grey, bitsPerSample: 1), samples: [[0], [1], [1], [0], [1], [0], [0], [1], [1], [0], [1]]),
        LayoutCase(layout: PixelLayout(.grey, bitsPerSample: 2), samples: [[0], [1], [2], [3], [3], [1], [2]]),
        LayoutCase(layout: PixelLayout(.grey, bitsPerSample: 4), samples: [[0], [5], [10], [15], [7]]),
        LayoutCase(layout: PixelLayout(.greyAlpha), samples: [[200, 255], [200, 128], [77, 1], [255, 0], [128, 200]]),
        LayoutCase(
            layout: PixelLayout(.greyAlpha, bitsPerSample: 16), samples: [[51400, 65535], [51400, 32768], [383, 51327], [65535, 0]]),
        LayoutCase(
            layout: PixelLayout(.palette(Array(palette.prefix(1)) + [PaletteColor(red: 0, green: 0, blue: 255)])),
            samples: [[0], [1], [1], [0]]),
        LayoutCase(layout: PixelLayout(.palette(palette)), samples: [[0], [1], [2], [3], [2], [7]]),  // 7: past the end
        LayoutCase(layout: PixelLayout(.palette(palette), bitsPerSample: 1), samples: [[0], [1], [1], [0], [1], [0], [1], [1], [0]]),
        LayoutCase(layout: PixelLayout(.palette(palette), bitsPerSample: 2), samples: [[0], [1], [2], [3], [3], [2]]),
        LayoutCase(layout: PixelLayout(.palette(palette), bitsPerSample: 4), samples: [[3], [2], [1], [0], [9]]),
        LayoutCase(
            layout: PixelLayout(.cmyk(isInverted: false)),
            samples: [[0, 127, 255, 0], [255, 0, 0, 0], [0, 0, 0, 255], [40, 80, 120, 60], [0, 0, 0, 0]]),
        LayoutCase(
            layout: PixelLayout(.cmyk(isInverted: true)),
            samples: [[255, 128, 0, 255], [0, 255, 255, 255], [255, 255, 255, 0], [215, 175, 135, 195]]),
        LayoutCase(
            layout: PixelLayout(.cmyk(isInverted: false), bitsPerSample: 16),
            samples: [[0, 32639, 65535, 0], [10280, 20560, 30840, 15420], [383, 65150, 1, 51327]]),
    ]

    @Test(arguments: cases)
    func everyLayoutConvertsToTheKnownColours(_ testCase: LayoutCase) throws {
        let layout = testCase.layout, width = testCase.samples.count
        // Two rows (the second reversed), each padded by three bytes, to exercise the stride.
        let rows = [testCase.samples, testCase.samples.reversed()]
        let rowBytes = try #require(layout.bytesPerRow(width: width))
        let stride = rowBytes + 3
        var bytes: [UInt8] = []
        for row in rows { bytes += Self.encode(row, layout: layout) + [0xAA, 0xBB, 0xCC] }
        let converted = try PixelConversion.premultipliedARGB32(from: bytes, layout: layout, width: width, height: 2, stride: stride)
        #expect(converted.width == width && converted.height == 2)
        var allOpaque = true
        for (y, row) in rows.enumerated() {
            for (x, samples) in row.enumerated() {
                let want = Self.reference(samples, layout: layout)
                if want[0] != 255 { allOpaque = false }
                let word = converted[x, y]
                let got = [Int(word >> 24), Int(word >> 16 & 0xFF), Int(word >> 8 & 0xFF), Int(word & 0xFF)]
                #expect(
                    zip(got, want).allSatisfy { abs($0 - $1) <= 1 },
                    "\(layout) pixel \(x),\(y) samples \(samples): got ARGB \(got), want \(want)")
            }
        }
        #expect(converted.isOpaque == allOpaque)
    }

    @Test func eightBitStraightAlphaIsExact() throws {
        // The common case (gdk-pixbuf's RGBA) is exact, not just within 1: every colour and alpha.
        var bytes: [UInt8] = []
        for alpha in 0...255 { bytes += [UInt8(alpha), UInt8(255 - alpha), 128, UInt8(alpha)] }
        let converted = try PixelConversion.premultipliedARGB32(from: bytes, layout: .rgba8, width: 256, height: 1, stride: 1024)
        for alpha in 0...255 {
            let expected = [alpha, alpha, 255 - alpha, 128].enumerated().map { index, value in
                index == 0 ? value : Int((Double(value) * Double(alpha) / 255).rounded())
            }
            let word = converted[alpha, 0]
            #expect([Int(word >> 24), Int(word >> 16 & 0xFF), Int(word >> 8 & 0xFF), Int(word & 0xFF)] == expected, "alpha \(alpha)")
        }
    }

    @Test func theOpaqueOrangeOfTheBugReportStaysOrange() throws {
        // (255, 128, 0) in RGBA came out black when `<<` bound tighter than `/`.
        let converted = try PixelConversion.premultipliedARGB32(from: [255, 128, 0, 255], layout: .rgba8, width: 1, height: 1, stride: 4)
        #expect(converted.pixels == [0xFFFF_8000])
        #expect(converted.isOpaque)
    }

    @Test func buffersThatDoNotHoldWhatIsDescribedAreRefusedNotRead() {
        #expect(throws: PixelConversion.Failure.self) {
            try PixelConversion.premultipliedARGB32(from: [UInt8](repeating: 0, count: 11), layout: .rgb8, width: 2, height: 2, stride: 6)
        }
        #expect(throws: PixelConversion.Failure.self) {
            try PixelConversion.premultipliedARGB32(from: [UInt8](repeating: 0, count: 12), layout: .rgb8, width: 2, height: 2, stride: 5)
        }
        #expect(throws: PixelConversion.Failure.self) {
            try PixelConversion.premultipliedARGB32(from: [1], layout: .rgb8, width: 0, height: 1, stride: 3)
        }
        #expect(throws: PixelConversion.Failure.self) {
            try PixelConversion.premultipliedARGB32(
                from: [1, 2], layout: PixelLayout(.palette([]), bitsPerSample: 16), width: 1, height: 1, stride: 2)
        }
        #expect(throws: PixelConversion.Failure.self) {
            try PixelConversion.premultipliedARGB32(
                from: [UInt8](repeating: 0, count: 64), layout: .rgb8, width: Int.max / 2, height: 2, stride: Int.max / 2)
        }
    }

    @Test(arguments: Orientation.allCases)
    func pixelsLandWhereTheOrientationSendsThem(_ orientation: Orientation) throws {
        // A 3×2 picture of distinct greys, through both the fast path (RGB) and the general one (grey 16).
        let width = 3, height = 2
        let values = (0..<(width * height)).map { 10 + 40 * $0 }
        for layout in [PixelLayout.rgb8, PixelLayout(.grey, bitsPerSample: 16)] {
            let samples = values.map { layout.channels == 3 ? [$0, $0, $0] : [$0 * 257] }
            var bytes: [UInt8] = []
            for y in 0..<height { bytes += Self.encode(Array(samples[(y * width)..<(y * width + width)]), layout: layout) }
            let stride = try #require(layout.bytesPerRow(width: width))
            let converted = try PixelConversion.premultipliedARGB32(
                from: bytes, layout: layout, width: width, height: height, stride: stride, orientation: orientation)
            #expect((converted.width, converted.height) == (orientation.swapsAxes ? (2, 3) : (3, 2)))
            for y in 0..<height {
                for x in 0..<width {
                    let to = orientation.uprightLocation(x: x, y: y, width: width, height: height)
                    #expect(converted[to.x, to.y] & 0xFF == UInt32(values[y * width + x]), "\(layout) \(orientation): (\(x),\(y)) → \(to)")
                }
            }
        }
    }

    // MARK: Encoder and reference

    static func premultiplied8(_ rgba: [Int]) -> [Int] {
        rgba.prefix(3).map { Int((Double($0) * Double(rgba[3]) / 255).rounded()) } + [rgba[3]]
    }

    /// Writes one row of samples in the layout: packed MSB first below 8 bits, 16-bit in its byte order.
    static func encode(_ pixels: [[Int]], layout: PixelLayout) -> [UInt8] {
        let samples = pixels.flatMap { $0 }
        switch layout.bitsPerSample {
        case 8: return samples.map { UInt8($0) }
        case 16:
            return samples.flatMap { value -> [UInt8] in
                let high = UInt8(value >> 8), low = UInt8(value & 0xFF)
                return layout.byteOrder == .bigEndian ? [high, low] : [low, high]
            }
        default:
            let bits = layout.bitsPerSample
            var bytes = [UInt8](repeating: 0, count: (samples.count * bits + 7) / 8)
            for (index, value) in samples.enumerated() {
                let offset = index * bits
                bytes[offset / 8] |= UInt8(value << (8 - bits - offset % 8))
            }
            return bytes
        }
    }

    /// What cairo must hold for these samples: [alpha, red, green, blue], premultiplied, 8-bit,
    /// computed in floating point from the layout's meaning.
    static func reference(_ samples: [Int], layout: PixelLayout) -> [Int] {
        let maximum = Double((1 << layout.bitsPerSample) - 1)
        let unit = samples.map { Double($0) / maximum }
        var rgba: [Double]
        switch layout.model {
        case .rgb: rgba = unit + [1]
        case .rgba: rgba = unit
        case .grey: rgba = [unit[0], unit[0], unit[0], 1]
        case .greyAlpha: rgba = [unit[0], unit[0], unit[0], unit[1]]
        case .palette(let colors):
            let color = samples[0] < colors.count ? colors[samples[0]] : PaletteColor(red: 0, green: 0, blue: 0)
            rgba = [color.red, color.green, color.blue, color.alpha].map { Double($0) / 255 }
        case .cmyk(let isInverted):
            let paper = isInverted ? unit : unit.map { 1 - $0 }
            rgba = [paper[0] * paper[3], paper[1] * paper[3], paper[2] * paper[3], 1]
        }
        let alpha = rgba[3]
        let colours = rgba.prefix(3).map { layout.isPremultiplied ? $0 : $0 * alpha }
        return ([alpha] + colours).map { Int(($0 * 255).rounded()) }
    }
}
