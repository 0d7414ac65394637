import Foundation

/// A 2-D affine transform, mapping `(x, y)` to `(a·x + c·y + tx, b·x + d·y + ty)`, as cairo's matrix.
///
/// `t1.concatenating(t2)` applies `t1` first, then `t2`. A photo's placement is one of these,
/// named `photoToBoard`: from the photo's own centred space into board points.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translation: Point) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: translation.x, ty: translation.y)
    }

    /// Rotation by `angle` radians (positive turns +x toward +y, clockwise on a y-down screen).
    public init(rotation angle: Double) {
        let cosine = cos(angle), sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public init(scale: Double) {
        self.init(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
    }

    /// A similarity: scale, then rotate, then translate so the origin lands on `center`.
    public init(center: Point, scale: Double, rotation: Double) {
        let cosine = cos(rotation) * scale, sine = sin(rotation) * scale
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: center.x, ty: center.y)
    }

    /// `self` applied first, then `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The linear part applied to a vector (no translation).
    public func applyToVector(_ vector: Point) -> Point {
        Point(x: a * vector.x + c * vector.y, y: b * vector.x + d * vector.y)
    }

    public var determinant: Double { a * d - b * c }

    /// The inverse, or `nil` when the transform is singular or not finite.
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-12, isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// Where the photo's centre (the origin of its own space) is, in the target space.
    public var center: Point { Point(x: tx, y: ty) }

    /// Uniform scale factor, assuming a similarity (no shear).
    public var scale: Double { (a * a + b * b).squareRoot() }

    /// Rotation in radians in (−π, π], assuming a similarity.
    public var rotation: Double { atan2(b, a) }

    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// Same transform with its translation replaced so the origin maps to `center`.
    public func withCenter(_ center: Point) -> AffineTransform {
        var copy = self
        copy.tx = center.x
        copy.ty = center.y
        return copy
    }

    public var description: String {
        "[a \(a) b \(b) c \(c) d \(d) tx \(tx) ty \(ty)]"
    }
}
