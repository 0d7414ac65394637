/// Coding-independent code points (ITU-T H.273): the colour primaries, transfer characteristics
/// and matrix coefficients a picture states by number — PNG's `cICP` chunk and HEIF/AVIF's
/// `colr` box of type `nclx`.
///
/// The matrix (YCbCr to RGB) and the range are the decoder's business; the board turns the
/// primaries and transfer into an `RGBColourModel` from H.273's tables 2 and 3.
public struct CodePoints: Hashable, Sendable, CustomStringConvertible {
    public var primaries: Int
    public var transfer: Int
    public var matrix: Int
    public var isFullRange: Bool

    public init(primaries: Int, transfer: Int, matrix: Int, isFullRange: Bool) {
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.isFullRange = isFullRange
    }

    /// "12/13/0", as H.273 writes code points.
    public var description: String { "\(primaries)/\(transfer)/\(matrix)" }

    /// The colour space the code points name: `nil` when it is sRGB (BT.709 primaries and the
    /// sRGB curve, or "unspecified", which H.273 leaves to the application and the board reads as
    /// sRGB), the model otherwise, or why it cannot be shown as stated (worded for the user).
    public var model: Result<RGBColourModel?, ColourProblem> {
        let primaries: RGBColourModel
        switch self.primaries {
        case 1, 2: primaries = .sRGB  // BT.709; unspecified
        case 4:  // BT.470 System M (NTSC 1953), illuminant C
            primaries = Self.model(white: (0.310, 0.316), red: (0.67, 0.33), green: (0.21, 0.71), blue: (0.14, 0.08))
        case 5:  // BT.470 System B, G; BT.601 625 lines
            primaries = Self.model(white: Self.d65, red: (0.64, 0.33), green: (0.29, 0.60), blue: (0.15, 0.06))
        case 6, 7:  // BT.601 525 lines, SMPTE 170M; SMPTE 240M
            primaries = Self.model(white: Self.d65, red: (0.630, 0.340), green: (0.310, 0.595), blue: (0.155, 0.070))
        case 8:  // generic film, illuminant C
            primaries = Self.model(white: (0.310, 0.316), red: (0.681, 0.319), green: (0.243, 0.692), blue: (0.145, 0.049))
        case 9:  // BT.2020, BT.2100
            primaries = Self.model(white: Self.d65, red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046))
        case 11:  // SMPTE RP 431-2: DCI-P3 with the DCI white
            primaries = Self.model(white: (0.314, 0.351), red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060))
        case 12:  // SMPTE EG 432-1: Display P3
            primaries = Self.model(white: Self.d65, red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060))
        case 22:  // EBU Tech. 3213-E
            primaries = Self.model(white: Self.d65, red: (0.630, 0.340), green: (0.295, 0.605), blue: (0.155, 0.077))
        case 10:
            return .failure(ColourProblem("states CIE XYZ primaries (code point 10), which the board does not show"))
        default:
            return .failure(ColourProblem("states colour primaries \(self.primaries), which H.273 reserves"))
        }
        let curve: ToneCurve
        switch transfer {
        case 2, 13: curve = .sRGB  // unspecified; IEC 61966-2-1
        case 1, 6, 11, 12, 14, 15: curve = .bt709  // BT.709, BT.601, xvYCC, BT.1361, BT.2020 (10 and 12 bits)
        case 4: curve = .power(2.2)  // BT.470 System M
        case 5: curve = .power(2.8)  // BT.470 System B, G
        case 7: curve = .smpte240
        case 8: curve = .linear
        case 16:
            return .failure(ColourProblem("is HDR (the PQ transfer of code point 16), which the board does not tone-map"))
        case 18:
            return .failure(ColourProblem("is HDR (the HLG transfer of code point 18), which the board does not tone-map"))
        case 9, 10, 17:  // logarithmic; SMPTE ST 428-1, which goes with XYZ primaries
            return .failure(ColourProblem("states transfer characteristics \(transfer), which the board does not show"))
        default:
            return .failure(ColourProblem("states transfer characteristics \(transfer), which H.273 reserves"))
        }
        let model = RGBColourModel(
            white: primaries.white, red: primaries.red, green: primaries.green, blue: primaries.blue, toneCurve: curve)
        return .success(model == .sRGB ? nil : model)
    }

    private static let d65 = (RGBColourModel.d65.x, RGBColourModel.d65.y)

    private static func model(
        white: (Double, Double), red: (Double, Double), green: (Double, Double), blue: (Double, Double)
    ) -> RGBColourModel {
        RGBColourModel(
            white: Chromaticity(x: white.0, y: white.1), red: Chromaticity(x: red.0, y: red.1), green: Chromaticity(x: green.0, y: green.1),
            blue: Chromaticity(x: blue.0, y: blue.1), toneCurve: .sRGB)
    }
}

/// Why a picture's statement about its colours is not used, worded for the user (the caller adds
/// "; shown as sRGB").
public struct ColourProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
