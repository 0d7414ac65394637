import Testing

@testable import XBoard

/// The damage found by rows meets each print exactly as the whole damage does.
@Suite struct DamageRowsTests {
    private func rect(_ random: inout SeededRandom, within frame: Size, largest: Double) -> Rect {
        let width = Double.random(in: 0...largest, using: &random).rounded(),
            height = Double.random(in: 0...largest, using: &random).rounded()
        return Rect(
            x: Double.random(in: -40...frame.width, using: &random).rounded(),
            y: Double.random(in: -40...frame.height, using: &random).rounded(),
            width: width, height: height)
    }

    @Test(arguments: [3, 17, 120, 900])
    func eachExtentMeetsTheSameDamageInTheSameOrder(rectangles: Int) {
        var random = SeededRandom(seed: UInt64(rectangles))
        let frame = Size(width: 1920, height: 1080)
        let damage = (0..<rectangles).map { _ in rect(&random, within: frame, largest: 300) }
        let rows = DamageRows(damage)
        for _ in 0..<2000 {
            // Prints of every size, some off the damage's rows altogether, some on their edges.
            var extent = rect(&random, within: Size(width: frame.width + 200, height: frame.height + 200), largest: 700)
            if Bool.random(using: &random), let edge = damage.randomElement(using: &random) { extent.origin.y = edge.maxY }
            #expect(rows.intersections(with: extent) == damage.compactMap { $0.intersection(extent) })
        }
    }
}
