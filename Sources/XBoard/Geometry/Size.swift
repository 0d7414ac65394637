/// A width and a height, in points of whichever space the variable names.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    public var longEdge: Double { max(width, height) }
    public var shortEdge: Double { min(width, height) }
    public var area: Double { width * height }

    public static func * (lhs: Size, rhs: Double) -> Size { Size(width: lhs.width * rhs, height: lhs.height * rhs) }

    public var description: String { "\(width)×\(height)" }
}
