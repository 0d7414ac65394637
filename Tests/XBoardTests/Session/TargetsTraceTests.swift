import Testing

@testable import XBoard

/// The targets a finger can act on, read from a stack laid out by hand, and their trace line.
struct TargetsTraceTests {
    let size = Size(width: 1920, height: 1080)
    let controls = CommandCatalogue.board.controls

    @Test func theStackNamesItsControlsMenuEntriesAndRemovedPhotosWithTheirFrames() {
        let bar = ControlBar(controls: controls, metrics: WidgetMetrics(scale: 1)).layout(in: size, measure: .estimated)
        let menu = PopupMenu(title: "Tidy", entries: [PopupMenu.Entry("By name")], anchor: Point(x: 300, y: 200))
        let menuShown = menu.layout(in: size, metrics: WidgetMetrics(scale: 1), measure: .estimated)
        let shelf = RemovedShelf(
            entries: [RemovedShelf.Entry(photo: PhotoID(4), pictureSize: Size(width: 400, height: 300), name: "p4.jpg")], in: size, scale: 1
        )
        var stack = LayerStack()
        stack.append(.removedPhotos, [.removedPhotos(shelf)], reach: .shelf(shelf))
        stack.append(.controls, [.widget(bar.item)], reach: .widget(bar))
        stack.append(.menu, [.widget(menuShown.item)], reach: .widget(menuShown))
        let targets = stack.targets(controls: controls, menu: menu, picker: nil)
        let frame = bar.targets[0].frame
        let first =
            "control \(controls[0].word) at \(Int(frame.minX)) \(Int(frame.minY)) \(Int(frame.size.width)) \(Int(frame.size.height))"
        #expect(targets.first == first)
        #expect(targets.filter { $0.hasPrefix("control ") }.count == bar.targets.count)
        #expect(targets.filter { $0.hasPrefix("menu ") }.map { $0.prefix(12) } == ["menu By name"])
        #expect(targets.last?.hasPrefix("removed ") == true)
        #expect(stack.targets(controls: controls, menu: nil, picker: nil).allSatisfy { !$0.hasPrefix("menu ") }, "no menu open, none said")
    }

    @Test func aTargetCoveredByALayerAboveIsNotSaid() {
        let bar = ControlBar(controls: controls, metrics: WidgetMetrics(scale: 1)).layout(in: size, measure: .estimated)
        let menu = PopupMenu(title: "Tidy", entries: [PopupMenu.Entry("By name")], anchor: Point(x: 300, y: 200))
        let menuShown = menu.layout(in: size, metrics: WidgetMetrics(scale: 1), measure: .estimated)
        var stack = LayerStack()
        stack.append(.controls, [.widget(bar.item)], reach: .widget(bar))
        let open = stack.targets(controls: controls, menu: nil, picker: nil)
        #expect(open.count == bar.targets.count, "nothing above the controls: all are said")
        // Open, a menu takes every touch: a tap on a control only closes it.
        stack.append(.dismissMenu, [], reach: .everywhere)
        stack.append(.menu, [.widget(menuShown.item)], reach: .widget(menuShown))
        #expect(stack.targets(controls: controls, menu: menu, picker: nil).map { $0.prefix(12) } == ["menu By name"])
        // A panel over the first control hides it, and only it.
        var covered = LayerStack()
        covered.append(.controls, [.widget(bar.item)], reach: .widget(bar))
        covered.append(.help, [], reach: .frame(bar.targets[0].frame))
        #expect(covered.targets(controls: controls, menu: nil, picker: nil) == Array(open.dropFirst()))
    }

    @Test func theTraceSaysTheTargetsOnlyWhenTheyChange() {
        var trace = TargetsTrace()
        #expect(
            trace.changedLine(["control Add at 0 0 48 48", "menu Copy at 1 2 3 4"])
                == "trace: targets control Add at 0 0 48 48; menu Copy at 1 2 3 4")
        #expect(trace.changedLine(["control Add at 0 0 48 48", "menu Copy at 1 2 3 4"]) == nil)
        #expect(trace.changedLine([]) == "trace: targets ")
        #expect(trace.lastSaid.isEmpty)
    }
}
