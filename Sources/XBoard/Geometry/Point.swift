/// A location or displacement in a 2-D space, in points.
///
/// Which space is in the variable name (`boardLocation`, `photoLocation`); the type does not
/// carry it. Points double as vectors: differences, sums and scalar products are defined.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Euclidean length when the point is read as a vector from the origin.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// True when both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    public func distance(to other: Point) -> Double { (other - self).length }

    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }
    public static func / (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x / rhs, y: lhs.y / rhs) }
    public static prefix func - (point: Point) -> Point { Point(x: -point.x, y: -point.y) }
    public static func += (lhs: inout Point, rhs: Point) { lhs = lhs + rhs }

    /// Dot product of the two vectors.
    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// z component of the cross product of the two vectors.
    public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

    public var description: String { "(\(x), \(y))" }
}

extension Array where Element == Point {
    /// Arithmetic mean of the points; `nil` for an empty array.
    public var centroid: Point? {
        guard !isEmpty else { return nil }
        var sum = Point.zero
        for point in self { sum += point }
        return sum / Double(count)
    }
}
