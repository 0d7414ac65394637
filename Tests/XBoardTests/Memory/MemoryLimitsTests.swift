import Testing
import XBoard

/// Stored placements: refused when absurd, and otherwise read back exactly as they were written.
@Suite struct MemoryLimitsTests {
    @Test(arguments: [0.1, 0.3, 1.1, 2.9, -0.7])
    func aStoredSimilarityReadsBackBitForBit(rotation: Double) throws {
        // As a gesture leaves a placement: composed, not built from a scale and an angle.
        let placement = AffineTransform(center: Point(x: 321.123, y: 234.567), scale: 1.234_567, rotation: rotation)
            .concatenating(AffineTransform(center: Point(x: 0.5, y: -0.25), scale: 1.000_000_1, rotation: 0.000_1))
        let numbers = [placement.a, placement.b, placement.c, placement.d, placement.tx, placement.ty]
        #expect(try MemoryLimits().placement(numbers).get() == placement)
    }

    @Test func aShearIsDroppedAndAbsurdNumbersAreRefused() throws {
        let sheared = try MemoryLimits().placement([1, 0, 0.5, 1, 10, 20]).get()
        #expect(sheared.c == -sheared.b && sheared.d == sheared.a && sheared.center == Point(x: 10, y: 20))
        for numbers: [Double] in [[1e300, 0, 0, 1e300, 0, 0], [1, 0, 0, 1, .nan, 0], [1, 0, 0, 1, 1e9, 0], [1, 0, 0]] {
            #expect(throws: MemoryLimits.Refusal.self) { try MemoryLimits().placement(numbers).get() }
        }
    }
}
