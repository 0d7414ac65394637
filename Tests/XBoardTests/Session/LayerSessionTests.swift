import SystemPackage
import Testing
import XBoard

/// One list of layers draws and hit-tests: what shows on top is what a finger reaches first, and
/// a cancel always reaches the layer that owns the touch.
@Suite struct LayerSessionTests {
    func opened(_ names: [String] = ["a.jpg"]) -> SessionScript {
        var settings = SessionSettings()
        settings.home = "/home/ann"
        settings.picturesFolder = FilePath("/home/ann/Pictures")
        return SessionScript(settings: settings).open(names).wait(.milliseconds(100)).clear()
    }

    func withPicker(_ pictures: [String] = ["x.jpg", "y.jpg", "z.jpg"], subfolders: [String] = []) -> SessionScript {
        let script = opened()
        script.key("o", .control)
        script.send(.folderListed(WidgetSessionTests.listing("/home/ann/Pictures", subfolders: subfolders, pictures: pictures)))
        script.frame()
        return script
    }

    func widgetCount(_ list: DisplayList) -> Int { list.items.count { if case .widget = $0 { true } else { false } } }

    @Test func withThePickerAndHelpOpenATapOnTheHelpClosesItAndChoosesNothing() throws {
        let script = withPicker()
        script.key("?")
        let list = script.frame()
        let sheet = try #require(list.panels.first { $0.kind == .help })
        // Drawn last, on top of the picker…
        if case .panel(let top) = try #require(list.items.last) { #expect(top.kind == .help) } else { Issue.record("help is not on top") }
        // …and hit first: a tile under the sheet is not chosen.
        let geometry = try #require(script.session.pickerGeometry)
        let tile = geometry.tileFrame(0, scrolledBy: 0).center
        #expect(sheet.frame.contains(tile), "the sheet covers the first tile")
        script.tap(at: tile)
        #expect(!script.session.showsHelp)
        #expect(script.session.picker?.selection.isEmpty == true, "the tap chose a picture under the help")
    }

    @Test func aCancelledDragOutOfThePickerLeavesNothingFloating() throws {
        let script = withPicker()
        let before = widgetCount(script.frame())
        let geometry = try #require(script.session.pickerGeometry)
        let tile = geometry.tileFrame(0, scrolledBy: 0).center
        script.touch(1, .began, at: tile).touch(1, .moved, at: tile + Point(x: 40, y: 0)).touch(1, .moved, at: Point(x: 700, y: 150))
        #expect(widgetCount(script.frame()) == before + 1, "the picture follows the finger")
        script.clear().touch(1, .cancelled, at: Point(x: 700, y: 150))
        #expect(widgetCount(script.frame()) == before, "the dragged picture stayed on the board")
        #expect(script.log.isEmpty && script.session.controller.board.photos.count == 1)
    }

    @Test func aDeviceRemovedMidDragOutOfThePickerTakesItsPictureBack() throws {
        let script = withPicker()
        let before = widgetCount(script.frame())
        let tile = try #require(script.session.pickerGeometry).tileFrame(0, scrolledBy: 0).center
        script.touch(1, .began, at: tile).touch(1, .moved, at: tile + Point(x: 40, y: 0)).touch(1, .moved, at: Point(x: 700, y: 150))
        script.window(.deviceRemoved(2))
        #expect(widgetCount(script.frame()) == before)
        // The finger's lift, if it ever comes, does nothing.
        script.clear().touch(1, .ended, at: Point(x: 700, y: 150))
        #expect(script.log.isEmpty && script.session.controller.board.photos.count == 1)
    }

    @Test func aDeviceRemovedWhileAControlIsPressedLeavesItUnpressedAndUnacted() throws {
        let script = opened()
        let add = try script.controlFrame("Add")
        let bar = try #require(script.session.shownBar)
        script.touch(1, .began, at: add.center)
        script.frame()
        #expect(script.session.shownBar != bar, "pressed, the control shows it")
        script.window(.deviceRemoved(2))
        script.frame()
        #expect(script.session.shownBar == bar, "the control still shows pressed")
        script.touch(1, .ended, at: add.center)
        #expect(script.session.picker == nil, "a touch of a removed device acted")
    }

    @Test func aFolderThatFailsToListIsNotWhereThePickerOpensAgain() throws {
        let script = withPicker(["x.jpg"], subfolders: ["locked"])
        let geometry = try #require(script.session.pickerGeometry)
        script.clear().tap(at: geometry.tileFrame(0, scrolledBy: 0).center)  // into locked
        #expect(script.log.contains("list folder /home/ann/Pictures/locked"), "\(script.log)")
        let locked = FolderListing(folder: FilePath("/home/ann/Pictures/locked"), problem: "permission denied")
        script.send(.folderListed(locked)).key(.named(.escape))
        #expect(script.session.picker == nil)
        script.clear().key("o", .control)
        #expect(script.log == ["list folder /home/ann/Pictures"])
    }

    @Test func aSessionThatEndedPerformsNoCommand() {
        let script = opened()
        script.key("q", .control)
        #expect(script.session.hasEnded)
        #expect(script.session.perform(.toggleHelp, at: script.now).isEmpty)
        #expect(!script.session.showsHelp, "a command was carried out after the end")
        #expect(script.session.perform(.quit, at: script.now).isEmpty, "quit twice")
    }

    @Test func addTakesWhatItCountsFromEveryFolderChosenIn() throws {
        let script = withPicker(["x.jpg", "y.jpg"], subfolders: ["trip"])
        let geometry = try #require(script.session.pickerGeometry)
        script.tap(at: geometry.tileFrame(2, scrolledBy: 0).center).frame()  // y.jpg (after the folder tile)
        script.tap(at: geometry.tileFrame(0, scrolledBy: 0).center)  // into trip
        script.send(.folderListed(WidgetSessionTests.listing("/home/ann/Pictures/trip", pictures: ["t1.jpg", "t2.jpg"])))
        script.frame()
        script.tap(at: geometry.tileFrame(0, scrolledBy: 0).center).frame()  // t1.jpg
        #expect(script.session.picker?.selection.count == 2)
        let add = try #require(script.session.shownPicker?.targets.first { $0.target == .picker(.add) }?.frame)
        script.clear().tap(at: add.center)
        #expect(script.log.contains("decode 2"), "\(script.log)")
        script.decodeAll()
        let names = script.session.controller.board.photos.map { script.session.catalogue?.name(of: $0.id) }
        #expect(names.count == 3 && Set(names.suffix(2)) == ["t1.jpg", "y.jpg"], "\(names)")
    }
}

/// Menus are the catalogue's entries, each a command: the menu, the help and the man page say the same.
@Suite struct MenuSessionTests {
    @Test func aPrintsMenuIsTheCataloguesAndItsEntriesActOnThatPrint() throws {
        let script = SessionScript().open(["a.jpg", "b.jpg"]).wait(.milliseconds(100)).clear()
        let photos = script.session.controller.board.photos
        let under = try #require(photos.first), top = try #require(photos.last)
        // The print under the other one, right-clicked where it shows.
        let corners = under.printBounds.corners.map(under.photoToBoard.apply(to:))
        let bounds = Rect.bounding(corners)
        var samples: [Point] = []
        for i in 1..<20 {
            for j in 1..<20 {
                let x = bounds.minX + bounds.size.width * Double(i) / 20
                samples.append(Point(x: x, y: bounds.minY + bounds.size.height * Double(j) / 20))
            }
        }
        let point = try #require(samples.first { script.session.controller.board.photo(at: $0) == under.id })
        script.window(.pointer(PointerEvent(.moved, at: point, time: script.now)))
        script.window(.pointer(PointerEvent(.pressed(.right), at: point, time: script.now)))
        script.frame()
        let titles = script.session.shownTargets().filter { $0.hasPrefix("menu ") }
        // See-through says the step it takes the print to (issue 40).
        // Reset crop shows only on a cropped print.
        let expected = CommandCatalogue.board.printMenu.filter { $0.command != .resetCrop }.map {
            $0.command == .stepSeeThrough ? "\($0.title) 75 %" : $0.title
        }
        #expect(titles.count == expected.count, "\(titles)")
        for (line, title) in zip(titles, expected) { #expect(line.hasPrefix("menu \(title) at"), "\(line)") }
        // "Remove from the board" takes that print off, not the one on top.
        let index = try #require(CommandCatalogue.board.printMenu.firstIndex { $0.command == .removeTarget })
        let entry = try #require(script.session.shownMenu?.targets.first { $0.target == .menuEntry(index) }?.frame)
        script.tap(at: entry.center)
        #expect(script.session.controller.board.photo(under.id) == nil && script.session.controller.board.photo(top.id) != nil)
    }

    @Test func theMouseHelpNamesEveryEntryOfAPrintsMenu() {
        let line = CommandCatalogue.board.mouse.first { $0.input == "right-click a photo" }?.effect ?? ""
        for entry in CommandCatalogue.board.printMenu { #expect(line.contains(entry.title.lowercased()), "\(line)") }
    }
}

/// A copy whose picture could not be made says so on the board, not only on standard error.
@Suite struct CopySessionTests {
    @Test func aCopyWhosePictureCannotBeMadeIsShownOnTheBoard() {
        let script = SessionScript().open(["a.jpg"]).wait(.milliseconds(100)).clear()
        script.send(.copyFailed("/p/a.jpg: could not be read (permission denied)"))
        #expect(script.log.count == 1 && script.log[0].contains("copy: /p/a.jpg: could not be read (permission denied)"), "\(script.log)")
        #expect(
            script.session.notices.notices.contains {
                $0.text == "Copied the file only, not its picture: /p/a.jpg: could not be read (permission denied)"
            },
            "\(script.session.notices.notices.map(\.text))")
    }
}
