import Glibc
import Testing
import XBoard

@Suite struct AffineTransformTests {
    @Test func inverseUndoesARotatedScaledTranslation() throws {
        let transform = AffineTransform(center: Point(120, -40), scale: 2.5, rotation: 0.7)
        let inverse = try #require(transform.inverted())
        let point = Point(13, 27)
        expectClose(inverse.apply(to: transform.apply(to: point)), point, within: 1e-9)
        expectClose(transform.scale, 2.5)
        expectClose(transform.rotation, 0.7)
    }

    @Test func singularAndNonFiniteTransformsHaveNoInverse() {
        #expect(AffineTransform(scale: 0).inverted() == nil)
        #expect(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
    }

    @Test func concatenationAppliesTheReceiverFirst() {
        let moveThenScale = AffineTransform(translation: Point(10, 0)).concatenating(AffineTransform(scale: 2))
        expectClose(moveThenScale.apply(to: .zero), Point(20, 0), within: 1e-12)
    }

    static let arcs: [(Double, Double, Double)] = [
        (0.1, 0.3, 0.2), (3.0, -3.0, 2 * Double.pi - 6), (-3.1, 3.1, -(2 * Double.pi - 6.2)), (0, Double.pi / 2, Double.pi / 2),
    ]

    @Test(arguments: arcs)
    func shortestArcIsSignedAndWithinHalfATurn(from: Double, to: Double, expected: Double) {
        expectClose(Angle.shortestArc(from: from, to: to), expected, absolute: 1e-12)
    }
}

@Suite struct SimilarityTests {
    @Test func twoPointsAreMatchedExactly() throws {
        let start = [Point(0, 0), Point(100, 0)]
        let current = [Point(50, 50), Point(50, 250)]  // turned 90°, doubled, moved
        let fit = try #require(Similarity(from: start, to: current))
        expectClose(fit.scale, 2)
        expectClose(fit.rotation, Double.pi / 2)
        expectClose(fit.currentCentroid, Point(50, 150), within: 1e-12)
    }

    @Test func manyPointsGiveTheLeastSquaresFit() throws {
        // Three points moved by an exact similarity plus symmetric noise recover it.
        let start = [Point(0, 0), Point(100, 0), Point(0, 100)]
        let exact = AffineTransform(center: Point(10, 20), scale: 1.5, rotation: 0.3)
        let current = start.map(exact.apply(to:))
        let fit = try #require(Similarity(from: start, to: current))
        expectClose(fit.scale, 1.5, absolute: 1e-12)
        expectClose(fit.rotation, 0.3, absolute: 1e-12)
    }

    @Test func coincidentPointsGiveIdentity() throws {
        let fit = try #require(Similarity(from: [Point(5, 5), Point(5, 5)], to: [Point(9, 9), Point(9, 9)]))
        #expect(fit.scale == 1 && fit.rotation == 0)
        #expect(Similarity(from: [], to: []) == nil)
    }
}
