/// How stored pixels must be turned or mirrored to stand upright: the eight values of the EXIF
/// (TIFF tag 274) Orientation, read as the transform to apply for display.
///
/// The cases form the symmetry group of a rectangle (the dihedral group of order 8), so they
/// compose and invert: a decoder that already applied part of the transform leaves
/// `orientation.after(applied.inverse)` to do. Each is a 2×2 matrix of 0 and ±1 acting on
/// centred coordinates, x to the right and y down, as in the pixel grid.
public enum Orientation: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// 1: stored upright.
    case identity = 1
    /// 2: mirrored left to right.
    case mirroredHorizontally = 2
    /// 3: turned half a turn.
    case rotated180 = 3
    /// 4: mirrored top to bottom.
    case mirroredVertically = 4
    /// 5: mirrored about the main diagonal (rows become columns).
    case transposed = 5
    /// 6: turned a quarter turn clockwise.
    case rotatedClockwise = 6
    /// 7: mirrored about the anti-diagonal.
    case transversed = 7
    /// 8: turned a quarter turn counterclockwise.
    case rotatedCounterclockwise = 8

    /// The orientation an EXIF/TIFF Orientation value names; `nil` outside 1…8.
    public init?(exifValue: Int) {
        self.init(rawValue: exifValue)
    }

    /// The EXIF/TIFF Orientation value (1…8).
    public var exifValue: Int { rawValue }

    /// Whether the upright picture's width is the stored height (values 5–8).
    public var swapsAxes: Bool { matrix.xFromY != 0 }

    /// The upright size of a picture stored `width`×`height`.
    public func uprightSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// Where the stored pixel (`x`, `y`) of a `width`×`height` picture lands once upright.
    public func uprightLocation(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        let map = pixelMap(width: width, height: height)
        return (map.x.offset + map.x.fromX * x + map.x.fromY * y, map.y.offset + map.y.fromX * x + map.y.fromY * y)
    }

    /// This transform applied after `first`: `a.after(b)` maps a point as `a` of `b` of it.
    public func after(_ first: Orientation) -> Orientation {
        let a = matrix, b = first.matrix
        let product = Matrix(
            xFromX: a.xFromX * b.xFromX + a.xFromY * b.yFromX, xFromY: a.xFromX * b.xFromY + a.xFromY * b.yFromY,
            yFromX: a.yFromX * b.xFromX + a.yFromY * b.yFromX, yFromY: a.yFromX * b.xFromY + a.yFromY * b.yFromY)
        return Self.allCases.first { $0.matrix == product } ?? .identity  // the group is closed: always found
    }

    /// The transform that undoes this one.
    public var inverse: Orientation { Self.allCases.first { $0.after(self) == .identity } ?? .identity }

    public var description: String {
        switch self {
        case .identity: "upright"
        case .mirroredHorizontally: "mirrored left to right"
        case .rotated180: "turned 180°"
        case .mirroredVertically: "mirrored top to bottom"
        case .transposed: "transposed"
        case .rotatedClockwise: "turned 90° clockwise"
        case .transversed: "transversed"
        case .rotatedCounterclockwise: "turned 90° counterclockwise"
        }
    }

    /// One upright coordinate as an affine function of the stored pixel's column and row.
    struct AxisMap: Hashable, Sendable {
        var fromX: Int
        var fromY: Int
        var offset: Int
    }

    /// The upright pixel grid as integer affine functions of the stored one, for a stored
    /// `width`×`height` picture: every coefficient is 0 or ±1, offsets keep the result in range.
    func pixelMap(width: Int, height: Int) -> (x: AxisMap, y: AxisMap) {
        let m = matrix
        func offset(_ fromX: Int, _ fromY: Int) -> Int { (fromX < 0 ? width - 1 : 0) + (fromY < 0 ? height - 1 : 0) }
        return (
            AxisMap(fromX: m.xFromX, fromY: m.xFromY, offset: offset(m.xFromX, m.xFromY)),
            AxisMap(fromX: m.yFromX, fromY: m.yFromY, offset: offset(m.yFromX, m.yFromY))
        )
    }

    private struct Matrix: Equatable {
        var xFromX: Int
        var xFromY: Int
        var yFromX: Int
        var yFromY: Int
    }

    /// Upright (x′, y′) from stored (x, y), centred: e.g. a quarter turn clockwise sends the
    /// stored top edge to the right, (x′, y′) = (−y, x).
    private var matrix: Matrix {
        switch self {
        case .identity: Matrix(xFromX: 1, xFromY: 0, yFromX: 0, yFromY: 1)
        case .mirroredHorizontally: Matrix(xFromX: -1, xFromY: 0, yFromX: 0, yFromY: 1)
        case .rotated180: Matrix(xFromX: -1, xFromY: 0, yFromX: 0, yFromY: -1)
        case .mirroredVertically: Matrix(xFromX: 1, xFromY: 0, yFromX: 0, yFromY: -1)
        case .transposed: Matrix(xFromX: 0, xFromY: 1, yFromX: 1, yFromY: 0)
        case .rotatedClockwise: Matrix(xFromX: 0, xFromY: -1, yFromX: 1, yFromY: 0)
        case .transversed: Matrix(xFromX: 0, xFromY: -1, yFromX: -1, yFromY: 0)
        case .rotatedCounterclockwise: Matrix(xFromX: 0, xFromY: 1, yFromX: -1, yFromY: 0)
        }
    }
}
