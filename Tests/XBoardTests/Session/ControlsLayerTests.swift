import Testing

@testable import XBoard

/// The controls' layer alone: touches in, a control to act on out; when they show and fade.
struct ControlsLayerTests {
    let start = Instant.origin
    let controls = CommandCatalogue.board.controls
    let size = Size(width: 1920, height: 1080)

    func event(_ phase: TouchPhase, _ point: Point, id: UInt32 = 1, at time: Instant = .origin) -> TouchEvent {
        TouchEvent(id: TouchID(source: 2, number: id), phase: phase, location: point, time: time)
    }

    func shown(_ layer: ControlsLayer) -> LaidOutWidget {
        layer.bar(controls, metrics: WidgetMetrics(scale: 1), disabled: []).layout(in: size, measure: .estimated)
    }

    func center(of index: Int, in shown: LaidOutWidget) throws -> Point {
        try #require(shown.targets.first { $0.target == .control(index) }?.frame).center
    }

    @Test func aControlActsWhenTheFingerLiftsOnTheOneItBeganOn() throws {
        var layer = ControlsLayer(idle: .seconds(3), fade: .milliseconds(300))
        let bar = shown(layer)
        let first = try center(of: 0, in: bar), second = try center(of: 1, in: bar)
        #expect(layer.touch(event(.began, first), shown: bar).isEmpty)
        #expect(layer.pressed == 0, "held, the control shows pressed")
        // Slid off onto another control, it lets go of the first; back on it, holds it again.
        _ = layer.touch(event(.moved, second), shown: bar)
        #expect(layer.pressed == nil)
        _ = layer.touch(event(.moved, first), shown: bar)
        #expect(layer.pressed == 0)
        #expect(layer.touch(event(.ended, first), shown: bar) == [.activate(0)])
        #expect(layer.pressed == nil)
    }

    @Test func liftedElsewhereOrCancelledNothingActs() throws {
        var layer = ControlsLayer(idle: .seconds(3), fade: .milliseconds(300))
        let bar = shown(layer)
        let first = try center(of: 0, in: bar), second = try center(of: 1, in: bar)
        _ = layer.touch(event(.began, first), shown: bar)
        #expect(layer.touch(event(.ended, second), shown: bar).isEmpty, "lifted on another control")
        _ = layer.touch(event(.began, first, id: 2), shown: bar)
        #expect(layer.location(of: TouchID(source: 2, number: 2)) == first)
        #expect(layer.touch(event(.cancelled, first, id: 2), shown: bar).isEmpty)
        #expect(layer.pressed == nil, "a cancel leaves nothing pressed")
        #expect(layer.touch(event(.ended, first, id: 2), shown: bar).isEmpty, "after its cancel, a lift is nothing")
        // Begun between controls, on the bar, nothing is held.
        _ = layer.touch(event(.began, Point(x: size.width - 2, y: 2), id: 3), shown: bar)
        #expect(layer.pressed == nil)
        #expect(layer.touch(event(.ended, Point(x: size.width - 2, y: 2), id: 3), shown: bar).isEmpty)
    }

    @Test func theyShowForAWhileThenFadeUnlessPinned() {
        var layer = ControlsLayer(idle: .seconds(3), fade: .milliseconds(300))
        #expect(layer.opacity(at: start, isPinned: false) == 0, "never shown")
        layer.show(at: start)
        let frame = Duration.milliseconds(16)
        #expect(layer.opacity(at: start + .seconds(2), isPinned: false) == 1)
        #expect(layer.nextDeadline(after: start + .seconds(2), frame: start + .seconds(2) + frame, isPinned: false) == start + .seconds(3))
        let halfway = layer.opacity(at: start + .milliseconds(3150), isPinned: false)
        #expect(halfway > 0.4 && halfway < 0.6, "\(halfway)")
        let fading = start + .milliseconds(3150)
        #expect(
            layer.nextDeadline(after: fading, frame: fading + frame, isPinned: false) == fading + frame, "a frame each step of the fade")
        #expect(layer.opacity(at: start + .seconds(4), isPinned: false) == 0)
        #expect(layer.nextDeadline(after: start + .seconds(4), frame: start + .seconds(4) + frame, isPinned: false) == nil)
        #expect(layer.opacity(at: start + .seconds(4), isPinned: true) == 1, "pinned, they stay")
        // Shown again before they went, they stay the longer of the two.
        layer.show(at: start + .seconds(1))
        #expect(layer.shownUntil == start + .seconds(4))
    }
}
