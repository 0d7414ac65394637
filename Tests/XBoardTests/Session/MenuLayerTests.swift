import Testing

@testable import XBoard

/// A menu's layer alone: touches in, the chosen entry's action out; and the board's menus as
/// built from the command catalogue.
struct MenuLayerTests {
    let anchor = Point(x: 300, y: 200)
    let commands = CommandCatalogue.board

    func event(_ phase: TouchPhase, _ point: Point, id: UInt32 = 1) -> TouchEvent {
        TouchEvent(id: TouchID(source: 2, number: id), phase: phase, location: point, time: .origin)
    }

    func entry(_ index: Int, in shown: LaidOutWidget) throws -> Point {
        try #require(shown.targets.first { $0.target == .menuEntry(index) }?.frame).center
    }

    func shown(_ menu: MenuLayer) -> LaidOutWidget {
        menu.popup.layout(in: Size(width: 1280, height: 800), metrics: WidgetMetrics(scale: 1), measure: .estimated)
    }

    @Test func aFingerLiftedOnAnEntryChoosesItWhereverItBegan() throws {
        var menu = MenuLayer(
            .tidy, title: "Tidy",
            entries: [
                MenuLayer.Entry(title: "By name", action: .command(.tidy(byDate: false))),
                MenuLayer.Entry(title: "Off", action: .command(.gather), isEnabled: false),
            ], anchor: anchor)
        let shown = shown(menu)
        // A long press's finger, already down, slides onto the first entry and lifts there.
        menu.take(TouchID(source: 2, number: 1))
        #expect(menu.touch(event(.moved, try entry(0, in: shown)), shown: shown).isEmpty)
        #expect(menu.popup.pressed == 0, "the entry under the finger shows pressed")
        #expect(menu.touch(event(.ended, try entry(0, in: shown)), shown: shown) == [.chose(.command(.tidy(byDate: false)))])
        #expect(menu.popup.pressed == nil)
        // A greyed entry is no target; a cancelled touch chooses nothing.
        #expect(!shown.targets.contains { $0.target == .menuEntry(1) })
        _ = menu.touch(event(.began, try entry(0, in: shown), id: 3), shown: shown)
        #expect(menu.touch(event(.cancelled, try entry(0, in: shown), id: 3), shown: shown).isEmpty)
        #expect(menu.touch(event(.ended, try entry(0, in: shown), id: 3), shown: shown).isEmpty, "after its cancel, a lift is nothing")
    }

    /// The outside review of issue 40: on a small window the print's menu, in columns, covered
    /// the finger that held, and lifting it there chose the entry under it (a flip, a see-through
    /// step). Lifted where it held, it chooses nothing; slid away and onto an entry, it does.
    @Test func theHoldingFingerLiftedWhereItHeldChoosesNothing() throws {
        let window = Size(width: 800, height: 450)
        var menu = MenuLayer.print(
            PhotoID(1), named: "a.jpg", viaPointer: false, isUpClose: false, commands: commands, at: Point(x: 400, y: 230))
        let shown = menu.popup.layout(in: window, metrics: WidgetMetrics(scale: 1), measure: .estimated)
        let held = Point(x: 400, y: 230)
        guard case .menuEntry = shown.target(at: held) else {
            Issue.record("the menu in columns should cover the finger here: \(shown.item.frame)")
            return
        }
        menu.take(TouchID(source: 2, number: 1))
        #expect(menu.touch(event(.moved, held + Point(x: 3, y: 2)), shown: shown).isEmpty)
        #expect(menu.popup.pressed == nil, "nothing shows pressed under a finger still holding")
        #expect(menu.touch(event(.ended, held + Point(x: 3, y: 2)), shown: shown).isEmpty, "lifted where it held: nothing chosen")
        // A second hold that slides onto an entry chooses it.
        menu.take(TouchID(source: 2, number: 4))
        let target = try entry(0, in: shown)
        _ = menu.touch(event(.moved, target, id: 4), shown: shown)
        #expect(menu.touch(event(.ended, target, id: 4), shown: shown) == [.chose(.onPrint(.closeUp, PhotoID(1)))])
    }

    @Test func aboutAPhotoClosesOnAnyTouch() {
        var menu = MenuLayer(.about, title: "a.jpg", lines: ["In /p"], entries: [], anchor: anchor)
        let shown = shown(menu)
        _ = menu.touch(event(.began, shown.item.frame.center), shown: shown)
        #expect(menu.touch(event(.ended, shown.item.frame.center), shown: shown) == [.close])
    }

    @Test func aPrintsMenuIsTheCatalogueEntriesActingOnThatPrint() throws {
        let id = PhotoID(7)
        let touch = MenuLayer.print(id, named: "a.jpg", viaPointer: false, isUpClose: false, commands: commands, at: anchor)
        // Reset crop only on a cropped print (issue 40).
        let byTouch = commands.printMenu.filter { !$0.isPointerOnly && $0.command != .resetCrop }
        // See-through says the step it takes the print to (issue 40).
        let titles = byTouch.map { $0.command == .stepSeeThrough ? "\($0.title) 75 %" : $0.title }
        #expect(touch.popup.title == "a.jpg")
        #expect(touch.popup.entries.map(\.title) == titles)
        #expect(touch.actions == byTouch.map { .onPrint($0.command, id) })
        let pointer = MenuLayer.print(id, named: nil, viaPointer: true, isUpClose: true, commands: commands, at: anchor)
        #expect(
            pointer.actions == commands.printMenu.filter { $0.command != .resetCrop }.map { .onPrint($0.command, id) },
            "right-clicked, it offers to pin a finger")
        let closeUp = try #require(commands.printMenu.first { $0.command == .closeUp })
        #expect(pointer.popup.entries.first?.title == closeUp.titleWhenOn, "up close, Close up says how to come back")
        // On a print of a selection, the title says the menu acts on all of them (the outside review).
        let selected = MenuLayer.print(
            id, named: "a.jpg", viaPointer: false, isUpClose: false, selectedCount: 12, commands: commands, at: anchor)
        #expect(selected.popup.title == "12 selected prints")
        #expect(selected.popup.entries.map(\.title) == titles, "the same entries, found by the same words")
    }

    @Test func tidyAndMoreMenusCarryTheirCommandsAndControls() {
        let tidy = MenuLayer.tidy(commands: commands, at: anchor)
        #expect(tidy.popup.entries.map(\.title) == commands.tidyMenu.map(\.title))
        #expect(tidy.actions == commands.tidyMenu.map { .command($0.command) })
        #expect(tidy.popup.title == "Tidy")
        #expect(MenuLayer.tidy(commands: commands, selectedCount: 5, at: anchor).popup.title == "Tidy the 5 selected")
        let first = commands.controls.count - 3
        let more = MenuLayer.more(first: first, commands: commands, disabled: [first + 1], at: anchor)
        #expect(more.popup.entries.map(\.title) == commands.controls.suffix(3).map(\.word))
        #expect(more.actions == [.control(first), .control(first + 1), .control(first + 2)], "each the control at its place on the bar")
        #expect(more.popup.entries.map(\.isEnabled) == [true, false, true], "greyed as on the bar")
    }
}
