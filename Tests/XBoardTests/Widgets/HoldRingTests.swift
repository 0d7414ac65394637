import Testing

@testable import XBoard

/// The hold's ring alone: hidden until it is clearly a hold, then filling about the finger.
struct HoldRingTests {
    let finger = Point(x: 400, y: 300)

    @Test func theRingShowsOnceItIsClearlyAHoldAndFillsToTheMenu() throws {
        let metrics = WidgetMetrics(scale: 2), style = WidgetStyle()
        #expect(HoldRing.item(at: finger, fraction: 0.2, metrics: metrics, style: style) == nil, "a fifth of the way: not yet")
        let half = try #require(HoldRing.item(at: finger, fraction: 0.6, metrics: metrics, style: style))
        #expect(half.frame == Rect(x: 400 - 70, y: 300 - 70, width: 140, height: 140), "radius 30 and width 5, scaled, about the finger")
        guard case .ring(_, _, _, let fraction, _) = half.steps.first else { Issue.record("no ring in \(half.steps)"); return }
        #expect(abs(fraction - 0.5) < 1e-9, "three fifths of the way: half filled")
        let full = try #require(HoldRing.item(at: finger, fraction: 1, metrics: metrics, style: style))
        #expect(full.steps == [.ring(center: finger, radius: 60, lineWidth: 10, fraction: 1, color: style.ring)])
    }
}
