import Foundation

/// The numbers a remembered photo may hold. Stored numbers are checked against these before the
/// board sees them: anything outside (not finite, absurdly large or small) is refused for that
/// photo, which is then laid out anew, with one line saying why. Within these limits a
/// placement still has its scale brought within `MotionSettings` when it opens, as for any
/// restored photo; it lies where it was, in view or not. A view outside them is refused, and the
/// board shows the whole table it was saved on.
public struct MemoryLimits: Hashable, Sendable {
    /// Remembered picture sizes (long edge at scale 1), in board points.
    public var baseLongEdge: ClosedRange<Double> = 1...100_000
    /// How far a remembered centre may lie from the board's origin, in board points: windows
    /// are at most 16384 points wide, and a photo pushed off a shrunk window stays near it.
    public var position: Double = 1_000_000
    /// Remembered scales, relative to `baseLongEdge` (the board's own limits lie far inside).
    public var scale: ClosedRange<Double> = 0.001...1000

    public init() {}

    /// A placement from its six stored numbers [a, b, c, d, tx, ty], as the similarity it
    /// stands for (centre, scale and turn: a shear or mirror in the numbers is dropped), or why
    /// it is refused.
    public func placement(_ numbers: [Double]?) -> Result<AffineTransform, Refusal> {
        guard let numbers, numbers.count == 6 else { return .failure(Refusal("is not six numbers")) }
        guard numbers.allSatisfy(\.isFinite) else { return .failure(Refusal("holds a number that is not finite")) }
        let (a, b, tx, ty) = (numbers[0], numbers[1], numbers[4], numbers[5])
        guard abs(tx) <= position, abs(ty) <= position else {
            return .failure(Refusal("(\(Self.format(tx)), \(Self.format(ty))) is far off any board"))
        }
        let scale = (a * a + b * b).squareRoot()
        guard scale.isFinite, self.scale.contains(scale) else { return .failure(Refusal("scale \(Self.format(scale)) is out of range")) }
        // A similarity as stored (c = −b, d = a) comes back bit for bit: rebuilding it from its
        // scale and angle would change the last digits, and a save would then rewrite photos
        // nobody moved.
        let (c, d) = (numbers[2], numbers[3])
        if c == -b && d == a { return .success(AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)) }
        return .success(AffineTransform(center: Point(x: tx, y: ty), scale: scale, rotation: atan2(b, a)))
    }

    /// The board rectangle a window showed, from its four stored numbers [x, y, width, height],
    /// or why it is refused: every number finite, the width and height positive, and the whole
    /// rectangle within `position` of the board's origin.
    public func view(_ numbers: [Double]?) -> Result<Rect, Refusal> {
        guard let numbers else { return .failure(Refusal("is not four numbers")) }
        let listed = "[" + numbers.map(Self.format).joined(separator: ", ") + "]"
        guard numbers.count == 4 else { return .failure(Refusal("\(listed) is not four numbers")) }
        guard numbers.allSatisfy(\.isFinite) else { return .failure(Refusal("\(listed) holds a number that is not finite")) }
        let rect = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        guard rect.size.width > 0, rect.size.height > 0 else { return .failure(Refusal("\(listed) has no width or no height")) }
        guard [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy({ abs($0) <= position }) else {
            return .failure(Refusal("\(listed) is far off any board"))
        }
        return .success(rect)
    }

    /// A remembered picture size, or why it is refused.
    public func baseLongEdge(_ value: Double?) -> Result<Double, Refusal> {
        guard let value else { return .failure(Refusal("is missing")) }
        guard value.isFinite, baseLongEdge.contains(value) else { return .failure(Refusal("\(Self.format(value)) is out of range")) }
        return .success(value)
    }

    /// Why a number is refused, as the end of a sentence naming it ("remembered size 1e+300
    /// is out of range").
    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// A number for a message: short, and as stored when it is huge (`1e+300`).
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if abs(value) >= 1e7 || (value != 0 && abs(value) < 1e-3) { return String(format: "%.3g", value) }
        return String(format: "%.6g", value)
    }
}
