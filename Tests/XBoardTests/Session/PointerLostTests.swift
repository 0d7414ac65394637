import SystemPackage
import Testing
import XBoard

/// The window loses the pointer mid-gesture (another client grabbed it): the mouse's fingers are
/// cancelled, each to the layer that owns it, and the release that may come later does nothing.
@Suite struct PointerLostTests {
    func opened() -> SessionScript {
        var settings = SessionSettings()
        settings.home = "/home/ann"
        settings.picturesFolder = FilePath("/home/ann/Pictures")
        return SessionScript(settings: settings).open(["a.jpg"]).wait(.milliseconds(100)).clear()
    }

    func widgetCount(_ list: DisplayList) -> Int { list.items.count { if case .widget = $0 { true } else { false } } }

    @Test func aPrintDraggedWithTheMouseStaysWhereItIsAndSettles() throws {
        let script = opened()
        let start = try #require(script.session.controller.board.photos.first).center
        script.pointer(.pressed(.left), at: start)
        for step in 1...6 { script.pointer(.moved, at: start + Point(x: Double(step) * 30, y: Double(step) * 10)) }
        let moved = try #require(script.session.controller.board.photos.first).center
        #expect(moved.x > start.x + 100, "the print follows the mouse")
        script.window(.pointerLost)
        #expect(script.session.controller.activeTouchCount == 0, "the print still holds the mouse's finger")
        script.wait(.seconds(2))
        let settled = try #require(script.session.controller.board.photos.first).center
        #expect(abs(settled.x - moved.x) < 2 && abs(settled.y - moved.y) < 2, "the print moved from \(moved) to \(settled)")
        #expect(!script.session.controller.isAnimating)
        // The release, when the grab ends, belongs to no finger.
        script.pointer(.released(.left), at: start + Point(x: 300, y: 0)).wait(.seconds(1))
        #expect(try #require(script.session.controller.board.photos.first).center == settled)
    }

    @Test func aPictureDraggedOutOfThePickerWithTheMouseLeavesNothingFloating() throws {
        let script = opened()
        script.key("o", .control)
        script.send(.folderListed(WidgetSessionTests.listing("/home/ann/Pictures", pictures: ["x.jpg", "y.jpg"])))
        let before = widgetCount(script.frame())
        let tile = try #require(script.session.pickerGeometry).tileFrame(0, scrolledBy: 0).center
        script.pointer(.pressed(.left), at: tile).pointer(.moved, at: tile + Point(x: 40, y: 0)).pointer(.moved, at: Point(x: 700, y: 150))
        #expect(widgetCount(script.frame()) == before + 1, "the picture follows the mouse")
        script.window(.pointerLost)
        #expect(widgetCount(script.frame()) == before, "the dragged picture stayed on the board")
        script.clear().pointer(.released(.left), at: Point(x: 700, y: 150))
        #expect(script.log.isEmpty && script.session.controller.board.photos.count == 1)
    }

    @Test func aControlPressedWithTheMouseIsUnpressedAndDoesNotAct() throws {
        let script = opened()
        let add = try script.controlFrame("Add")
        let bar = try #require(script.session.shownBar)
        script.pointer(.pressed(.left), at: add.center)
        script.frame()
        #expect(script.session.shownBar != bar, "pressed, the control shows it")
        script.window(.pointerLost)
        script.frame()
        #expect(script.session.shownBar == bar, "the control still shows pressed")
        script.pointer(.released(.left), at: add.center)
        #expect(script.session.picker == nil, "the lost press acted")
    }

    @Test func aPinnedFingerIsLifted() throws {
        let script = opened()
        let photo = try #require(script.session.controller.board.photos.first).center
        script.pointer(.pressed(.right), at: photo, modifiers: .control)
        #expect(script.session.frameContent(at: script.now).overlay != nil)
        script.window(.pointerLost)
        #expect(script.session.frameContent(at: script.now).overlay == nil)
        #expect(script.session.controller.activeTouchCount == 0)
    }
}
