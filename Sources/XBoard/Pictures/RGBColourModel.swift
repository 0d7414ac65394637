/// An RGB colour space told by numbers rather than by an ICC profile: its white point and
/// primaries as CIE 1931 xy chromaticities, and the tone curve that turns its stored values into
/// light — what PNG's `cICP`, `gAMA` and `cHRM`, HEIF's `nclx` and EXIF's Adobe RGB marker state.
///
/// The platform builds an ICC profile from it with Little CMS (`cmsCreateRGBProfile`), so no
/// colour maths is done here: these are the standards' tables.
public struct RGBColourModel: Hashable, Sendable {
    public var white: Chromaticity
    public var red: Chromaticity
    public var green: Chromaticity
    public var blue: Chromaticity
    /// Stored value (0…1) to relative light (0…1), the same for the three channels.
    public var toneCurve: ToneCurve

    public init(white: Chromaticity, red: Chromaticity, green: Chromaticity, blue: Chromaticity, toneCurve: ToneCurve) {
        self.white = white
        self.red = red
        self.green = green
        self.blue = blue
        self.toneCurve = toneCurve
    }

    /// The D65 white point (ITU-R BT.709, IEC 61966-2-1).
    public static let d65 = Chromaticity(x: 0.3127, y: 0.3290)

    /// sRGB (IEC 61966-2-1): BT.709 primaries, D65, the sRGB curve.
    public static let sRGB = RGBColourModel(
        white: d65, red: Chromaticity(x: 0.64, y: 0.33), green: Chromaticity(x: 0.30, y: 0.60), blue: Chromaticity(x: 0.15, y: 0.06),
        toneCurve: .sRGB)

    /// Adobe RGB (1998), as Adobe's specification (version 2005-05) defines it: D65, a wider green,
    /// and a pure power of 563/256.
    public static let adobeRGB = RGBColourModel(
        white: d65, red: Chromaticity(x: 0.64, y: 0.33), green: Chromaticity(x: 0.21, y: 0.71), blue: Chromaticity(x: 0.15, y: 0.06),
        toneCurve: .power(563.0 / 256.0))

    /// Display P3 (SMPTE EG 432-1 primaries, D65, the sRGB curve), as phones write it.
    public static let displayP3 = RGBColourModel(
        white: d65, red: Chromaticity(x: 0.680, y: 0.320), green: Chromaticity(x: 0.265, y: 0.690),
        blue: Chromaticity(x: 0.150, y: 0.060), toneCurve: .sRGB)

    /// Whether the chromaticities make a colour space at all: every one within the spectral
    /// locus' bounding square with y > 0, and the three primaries spanning a triangle of some area.
    public var isPlausible: Bool {
        let points = [white, red, green, blue]
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.x >= 0 && $0.x <= 0.8 && $0.y > 0 && $0.y <= 0.9 }) else {
            return false
        }
        let area = abs((green.x - red.x) * (blue.y - red.y) - (blue.x - red.x) * (green.y - red.y)) / 2
        return area > 0.005
    }

    /// Whether the white point and primaries are `other`'s, within `tolerance` in x and y.
    public func hasChromaticities(of other: RGBColourModel, within tolerance: Double) -> Bool {
        let pairs = [(white, other.white), (red, other.red), (green, other.green), (blue, other.blue)]
        return pairs.allSatisfy { abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance }
    }
}

/// A CIE 1931 xy chromaticity.
public struct Chromaticity: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A tone curve as an ICC parametric curve (ICC.1:2010, 10.18, table 65): function type 0 is
/// Y = X^g; type 3 (parameters g, a, b, c, d) is Y = (aX + b)^g for X ≥ d and Y = cX below — the
/// form of the sRGB and BT.709 curves. (Little CMS's `cmsBuildParametricToneCurve` numbers these
/// types from 1: its 1 is type 0, its 4 type 3.)
public struct ToneCurve: Hashable, Sendable {
    /// The ICC function type, 0–4.
    public var type: Int
    /// g; or g, a, b, c, d for type 3.
    public var parameters: [Double]

    public init(type: Int, parameters: [Double]) {
        self.type = type
        self.parameters = parameters
    }

    /// Y = X^exponent.
    public static func power(_ exponent: Double) -> ToneCurve { ToneCurve(type: 0, parameters: [exponent]) }

    public static let linear = power(1)

    /// IEC 61966-2-1: a power of 2.4 with a straight foot below 0.04045.
    public static let sRGB = ToneCurve(type: 3, parameters: [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])

    /// The inverse of the BT.709 camera curve (V = 1.099 L^0.45 − 0.099, 4.5 L below 0.018), as
    /// ICC Rec. 709 profiles (colord's among them) describe BT.709, BT.601 and BT.2020 pictures.
    public static let bt709 = ToneCurve(type: 3, parameters: [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081])

    /// SMPTE 240M: V = 1.1115 L^0.45 − 0.1115, 4 L below 0.0228.
    public static let smpte240 = ToneCurve(type: 3, parameters: [1 / 0.45, 1 / 1.1115, 0.1115 / 1.1115, 1 / 4.0, 0.0913])
}
