/// How a run of overlay text is set: its family, its size in board points and its weight.
public struct TextStyle: Hashable, Sendable {
    public enum Family: Hashable, Sendable {
        case sans
        case monospace
    }

    public var family: Family
    /// The font size (the em), in board points.
    public var size: Double
    public var isBold: Bool

    public init(family: Family = .sans, size: Double, isBold: Bool = false) {
        self.family = family
        self.size = size
        self.isBold = isBold
    }

    /// The distance from one baseline to the next, in board points.
    public var lineHeight: Double { size * 1.4 }

    /// How far the text rises above its baseline, for placing the first line in a box.
    public var ascent: Double { size * 0.95 }
}
