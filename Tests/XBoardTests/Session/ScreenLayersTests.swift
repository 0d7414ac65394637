import SystemPackage
import Testing

@testable import XBoard

/// The layers above the prints together, without a session: where a touch goes, what the layers
/// settle among themselves (menus closed, the list closed, the picker closed) and what comes out.
struct ScreenLayersTests {
    let size = Size(width: 1280, height: 800)
    let commands = CommandCatalogue.board

    func layers() -> ScreenLayers { ScreenLayers(controls: ControlsLayer(idle: .seconds(3), fade: .milliseconds(300))) }

    func event(_ phase: TouchPhase, _ point: Point, id: UInt32 = 1) -> TouchEvent {
        TouchEvent(id: TouchID(source: 2, number: id), phase: phase, location: point, time: .origin)
    }

    /// `layers` with `menu` open, shown as the last frame would show it.
    func opening(_ menu: MenuLayer, in layers: inout ScreenLayers) -> LaidOutWidget {
        layers.open(menu)
        let widget = menu.popup.layout(in: size, metrics: WidgetMetrics(scale: 1), measure: .estimated)
        layers.shown = LayerStack()
        layers.shown.append(.dismissMenu, [], reach: .everywhere)
        layers.shown.append(.menu, [.widget(widget.item)], reach: .widget(widget))
        return widget
    }

    @Test func aTouchOnNoLayerIsTheBoardsAndANoticeIsDismissedByIt() {
        var layers = layers()
        let touch = event(.began, Point(x: 10, y: 700))
        #expect(layers.route(touch, in: size) == [.board(touch)])
        #expect(layers.boardTouches == [touch.id])
        #expect(layers.route(event(.ended, Point(x: 10, y: 700)), in: size) == [.board(event(.ended, Point(x: 10, y: 700)))])
        layers.shown.append(.notice(NoticeID(3)), [], reach: .frame(Rect(x: 0, y: 0, width: 100, height: 40)))
        #expect(layers.route(event(.began, Point(x: 50, y: 20), id: 2), in: size) == [.dismissNotice(NoticeID(3))])
        #expect(layers.route(event(.ended, Point(x: 50, y: 20), id: 2), in: size).isEmpty, "once, as it begins")
    }

    @Test func theHelpSheetAndTheEmptyListCloseUnderATap() {
        var layers = layers()
        layers.help.isShown = true
        layers.shown.append(.help, [], reach: .everywhere)
        _ = layers.route(event(.began, Point(x: 5, y: 5)), in: size)
        _ = layers.route(event(.ended, Point(x: 5, y: 5)), in: size)
        #expect(!layers.help.isShown)
        layers.shelf.isShown = true
        let empty = RemovedShelf(entries: [], in: size, scale: 1)
        layers.shown = LayerStack()
        layers.shown.append(.removedPhotos, [.removedPhotos(empty)], reach: .shelf(empty))
        _ = layers.route(event(.began, empty.band.center, id: 2), in: size)
        #expect(layers.route(event(.ended, empty.band.center, id: 2), in: size).isEmpty)
        #expect(!layers.shelf.isShown)
    }

    @Test func aMenuClosesOnATouchOutsideAndOnAChoice() throws {
        var layers = layers()
        let anchor = Point(x: 300, y: 200)
        _ = opening(.tidy(commands: commands, at: anchor), in: &layers)
        #expect(layers.holdsControls && layers.isAttended)
        #expect(layers.route(event(.began, Point(x: 1200, y: 700)), in: size).isEmpty)
        #expect(layers.menu == nil, "a touch outside closes it, and is nothing more")
        #expect(layers.route(event(.ended, Point(x: 1200, y: 700)), in: size).isEmpty)
        let shown = opening(.tidy(commands: commands, at: anchor), in: &layers)
        let entry = try #require(shown.targets.first { $0.target == .menuEntry(0) }?.frame).center
        _ = layers.route(event(.began, entry, id: 2), in: size)
        let action = try #require(layers.menu?.actions.first)
        #expect(layers.route(event(.ended, entry, id: 2), in: size) == [.chose(action, anchor: anchor)])
        #expect(layers.menu == nil)
    }

    @Test func aLongPressFingerBecomesTheMenus() throws {
        var layers = layers()
        let press = event(.began, Point(x: 600, y: 500))
        _ = layers.route(press, in: size)
        let shown = opening(.tidy(commands: commands, at: Point(x: 300, y: 200)), in: &layers)
        layers.giveToMenu(press.id)
        #expect(layers.boardTouches.isEmpty)
        let entry = try #require(shown.targets.first { $0.target == .menuEntry(0) }?.frame).center
        _ = layers.route(event(.moved, entry), in: size)
        #expect(layers.route(event(.ended, entry), in: size).count == 1, "slid to an entry and lifted there, it chooses")
    }

    @Test func controlsOpenTheirMenusOrGiveTheirCommand() throws {
        var layers = layers()
        let tidy = try #require(commands.controls.firstIndex { if case .tidyMenu = $0.action { true } else { false } })
        let command = try #require(commands.controls.firstIndex { if case .command = $0.action { true } else { false } })
        guard case .command(let expected) = commands.controls[command].action else { return }
        let scene = SceneBuilder()
        #expect(layers.activate(command, commands: commands, disabled: [], width: size.width, scene: scene, at: .origin) == expected)
        #expect(layers.activate(command, commands: commands, disabled: [command], width: size.width, scene: scene, at: .origin) == nil)
        #expect(layers.activate(tidy, commands: commands, disabled: [], width: size.width, scene: scene, at: .origin) == nil)
        guard case .tidy = layers.menu?.kind else { Issue.record("no Tidy menu"); return }
        let more = commands.controls.count
        #expect(layers.activate(more, commands: commands, disabled: [], width: 200, scene: scene, at: .origin) == nil)
        guard case .more = layers.menu?.kind else { Issue.record("no More menu"); return }
    }

    @Test func escClosesTheMenuThenThePickerThenThePanels() {
        var layers = layers()
        #expect(layers.closeTopmost() == nil && !layers.hidePanels(), "nothing open")
        let pictures = FilePath("/home/a/Pictures")
        #expect(layers.openPicker(in: pictures, home: nil, metrics: WidgetMetrics(scale: 1)) == [.listFolder(pictures)])
        #expect(layers.openPicker(in: pictures, home: nil, metrics: WidgetMetrics(scale: 1)).isEmpty, "open already")
        layers.open(.tidy(commands: commands, at: .zero))
        #expect(layers.closeTopmost() == [])
        #expect(layers.menu == nil && layers.picker != nil)
        #expect(layers.closeTopmost() != nil)
        #expect(layers.picker == nil)
        layers.help.isShown = true
        layers.shelf.isShown = true
        #expect(layers.closeTopmost() == nil && layers.hidePanels())
        #expect(!layers.help.isShown && !layers.shelf.isShown)
    }

    @Test func thePickerOpensWhereItWasLast() {
        var layers = layers()
        let pictures = FilePath("/home/a/Pictures"), trip = FilePath("/home/a/Pictures/trip")
        _ = layers.openPicker(in: pictures, home: nil, metrics: WidgetMetrics(scale: 1))
        _ = layers.folderListed(FolderListing(folder: pictures, subfolders: [trip]), in: size)
        #expect(layers.lastPickerFolder == pictures)
        _ = layers.closeTopmost()
        let home = FilePath("/home/a")
        #expect(layers.openPicker(in: home, home: nil, metrics: WidgetMetrics(scale: 1)) == [.listFolder(pictures)], "not home")
        _ = layers.closeTopmost()
        #expect(layers.folderListed(FolderListing(folder: trip), in: size).isEmpty, "closed, a listing is dropped")
    }
}
