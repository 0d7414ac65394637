import Testing

@testable import XBoard

/// A menu's layer alone: touches in, a choice out.
struct MenuLayerTests {
    let popup = PopupMenu(
        title: "Tidy", entries: [PopupMenu.Entry("By name"), PopupMenu.Entry("Off", isEnabled: false)], anchor: Point(x: 300, y: 200))

    func event(_ phase: TouchPhase, _ point: Point, id: UInt32 = 1) -> TouchEvent {
        TouchEvent(id: TouchID(source: 2, number: id), phase: phase, location: point, time: .origin)
    }

    func entry(_ index: Int, in shown: LaidOutWidget) throws -> Point {
        try #require(shown.targets.first { $0.target == .menuEntry(index) }?.frame).center
    }

    @Test func aFingerLiftedOnAnEntryChoosesItWhereverItBegan() throws {
        var menu = MenuLayer(.tidy, popup)
        let shown = menu.popup.layout(in: Size(width: 1280, height: 800), metrics: WidgetMetrics(scale: 1), measure: .estimated)
        // A long press's finger, already down, slides onto the first entry and lifts there.
        menu.take(TouchID(source: 2, number: 1))
        #expect(menu.touch(event(.moved, try entry(0, in: shown)), shown: shown).isEmpty)
        #expect(menu.popup.pressed == 0, "the entry under the finger shows pressed")
        #expect(menu.touch(event(.ended, try entry(0, in: shown)), shown: shown) == [.chose(0)])
        #expect(menu.popup.pressed == nil)
        // A greyed entry is no target; a cancelled touch chooses nothing.
        #expect(!shown.targets.contains { $0.target == .menuEntry(1) })
        _ = menu.touch(event(.began, try entry(0, in: shown), id: 3), shown: shown)
        #expect(menu.touch(event(.cancelled, try entry(0, in: shown), id: 3), shown: shown).isEmpty)
        #expect(menu.touch(event(.ended, try entry(0, in: shown), id: 3), shown: shown).isEmpty, "after its cancel, a lift is nothing")
    }

    @Test func aboutAPhotoClosesOnAnyTouch() {
        var menu = MenuLayer(.about, PopupMenu(title: "a.jpg", lines: ["In /p"], entries: [], anchor: Point(x: 300, y: 200)))
        let shown = menu.popup.layout(in: Size(width: 1280, height: 800), metrics: WidgetMetrics(scale: 1), measure: .estimated)
        _ = menu.touch(event(.began, shown.item.frame.center), shown: shown)
        #expect(menu.touch(event(.ended, shown.item.frame.center), shown: shown) == [.close])
    }
}
