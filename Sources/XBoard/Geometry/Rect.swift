/// An axis-aligned rectangle: an origin (its minimum corner) and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle of `size` centred on the origin, as a photo's own space is laid out.
    public init(centeredSize size: Size) {
        self.init(origin: Point(x: -size.width / 2, y: -size.height / 2), size: size)
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// Corners in order: min-min, max-min, max-max, min-max.
    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// Whether `point` lies inside, edges included.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// Whether `other` lies wholly inside, edges included.
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The point nearest to `point` inside the rectangle, clamped per axis.
    ///
    /// Per-axis clamping is what keeps a photo held at the right edge free to slide up and down.
    public func clamp(_ point: Point) -> Point {
        Point(x: min(max(point.x, minX), maxX), y: min(max(point.y, minY), maxY))
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let lowX = min(minX, other.minX), lowY = min(minY, other.minY)
        return Rect(x: lowX, y: lowY, width: max(maxX, other.maxX) - lowX, height: max(maxY, other.maxY) - lowY)
    }

    /// The rectangle moved in by `amount` on every side: smaller for a positive amount, larger
    /// for a negative one (`insetBy(-10)` grows it by 10 all round).
    /// The rectangle `factor` times as large, about `point` (which stays where it is).
    public func scaled(by factor: Double, about point: Point) -> Rect {
        Rect(
            x: point.x + (origin.x - point.x) * factor, y: point.y + (origin.y - point.y) * factor, width: size.width * factor,
            height: size.height * factor)
    }

    public func insetBy(_ amount: Double) -> Rect {
        Rect(x: minX + amount, y: minY + amount, width: size.width - 2 * amount, height: size.height - 2 * amount)
    }

    /// Smallest axis-aligned rectangle holding all points; empty for no points.
    public static func bounding(_ points: [Point]) -> Rect {
        guard let first = points.first else { return Rect(origin: .zero, size: .zero) }
        var low = first, high = first
        for point in points.dropFirst() {
            low = Point(x: min(low.x, point.x), y: min(low.y, point.y))
            high = Point(x: max(high.x, point.x), y: max(high.y, point.y))
        }
        return Rect(origin: low, size: Size(width: high.x - low.x, height: high.y - low.y))
    }

    public var description: String { "[\(origin) \(size)]" }
}

extension Rect {
    /// The overlap of two rectangles, or `nil` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let lowX = max(minX, other.minX), lowY = max(minY, other.minY)
        let highX = min(maxX, other.maxX), highY = min(maxY, other.maxY)
        guard highX > lowX, highY > lowY else { return nil }
        return Rect(x: lowX, y: lowY, width: highX - lowX, height: highY - lowY)
    }

    public func intersects(_ other: Rect) -> Bool { intersection(other) != nil }

    /// The smallest rectangle with whole-pixel edges that contains this one.
    public var integral: Rect {
        let lowX = minX.rounded(.down), lowY = minY.rounded(.down)
        return Rect(x: lowX, y: lowY, width: maxX.rounded(.up) - lowX, height: maxY.rounded(.up) - lowY)
    }
}
