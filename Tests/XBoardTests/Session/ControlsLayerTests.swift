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

/// What the controls' layer works out for the session: the greyed controls, undo once per
/// revision, where a control's menu opens, and giving way to a print in the hands.
struct ControlsLayerStateTests {
    let controls = CommandCatalogue.board.controls

    func index(_ action: CommandCatalogue.Control.Action) throws -> Int {
        try #require(controls.firstIndex { $0.action == action })
    }

    @Test func controlsThatCannotActAreGreyed() throws {
        let undo = try index(.command(.undo)), redo = try index(.command(.redo))
        let removed = try index(.command(.toggleRemovedPhotos)), tidy = try index(.tidyMenu)
        #expect(ControlsLayer.disabled(controls, canUndo: true, canRedo: true, canShowRemoved: true, hasPhotos: true).isEmpty)
        #expect(
            ControlsLayer.disabled(controls, canUndo: false, canRedo: false, canShowRemoved: false, hasPhotos: false)
                == [undo, redo, removed, tidy])
    }

    @Test func undoIsWorkedOutOncePerRevision() {
        var layer = ControlsLayer(idle: .seconds(3), fade: .milliseconds(300))
        var asked = 0
        func work() -> Bool {
            asked += 1
            return asked == 1
        }
        #expect(layer.canUndo(at: 4, work) && layer.canUndo(at: 4, work))
        #expect(asked == 1)
        #expect(!layer.canUndo(at: 5, work) && asked == 2)
    }

    @Test func aControlsMenuOpensUnderItAndTheBarGivesWayToAPrintInTheHands() throws {
        let metrics = WidgetMetrics(scale: 1)
        let bar = ControlBar(controls: controls, metrics: metrics).layout(in: Size(width: 1920, height: 1080), measure: .estimated)
        let frame = try #require(bar.targets.first { $0.target == .control(2) }?.frame)
        #expect(
            ControlsLayer.anchor(of: 2, shown: bar, metrics: metrics)
                == Point(x: frame.minX - 48 * 0.6, y: frame.maxY + frame.size.height / 2))
        #expect(ControlsLayer.anchor(of: 2, shown: nil, metrics: metrics) == .zero)
        let low = Rect(x: 100, y: metrics.controlBarBottom + 1, width: 200, height: 200)
        #expect(!ControlsLayer.covers([low], width: 1920, metrics: metrics))
        #expect(ControlsLayer.covers([low, Rect(x: 100, y: 10, width: 50, height: 50)], width: 1920, metrics: metrics))
    }
}
