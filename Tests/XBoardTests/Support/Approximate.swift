import Testing
import XBoard

/// Relative-plus-absolute closeness, as swift-numerics' `isApproximatelyEqual`.
func isClose(_ a: Double, _ b: Double, absolute: Double = 1e-9, relative: Double = 1e-9) -> Bool {
    abs(a - b) <= max(absolute, relative * max(abs(a), abs(b)))
}

func expectClose(
    _ actual: Double, _ expected: Double, absolute: Double = 1e-6, relative: Double = 1e-9,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        isClose(actual, expected, absolute: absolute, relative: relative),
        "\(actual) is not within \(absolute) of \(expected). \(comment?.description ?? "")", sourceLocation: sourceLocation)
}

func expectClose(
    _ actual: Point, _ expected: Point, within tolerance: Double,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        actual.distance(to: expected) <= tolerance,
        "\(actual) is \(actual.distance(to: expected)) from \(expected), more than \(tolerance). \(comment?.description ?? "")",
        sourceLocation: sourceLocation)
}
