import SystemPackage
import Testing
import XBoard

/// Everything by touch alone: the controls, menus and the picker, as transcripts.
@Suite struct WidgetSessionTests {
    func opened(_ names: [String] = ["a.jpg", "b.jpg", "c.jpg"]) -> SessionScript {
        var settings = SessionSettings()
        settings.home = "/home/ann"
        settings.picturesFolder = FilePath("/home/ann/Pictures")
        return SessionScript(settings: settings).open(names).wait(.milliseconds(100)).clear()
    }

    @Test func theAddControlOpensThePickerInThePicturesFolder() throws {
        let script = opened()
        let add = try script.controlFrame("Add")
        script.tap(at: add.center)
        #expect(script.session.picker != nil)
        #expect(script.log == ["list folder /home/ann/Pictures"])
        #expect(script.session.controller.revision == script.session.controller.revision)
    }
}

extension WidgetSessionTests {
    static func listing(_ folder: String, subfolders: [String] = [], pictures: [String]) -> FolderListing {
        FolderListing(
            folder: FilePath(folder), subfolders: subfolders.map { FilePath(folder + "/" + $0) },
            pictures: pictures.map { ListedFile(path: FilePath(folder + "/" + $0), canonical: PathKey(FilePath(folder + "/" + $0))) })
    }

    @Test func aListedFolderAsksForTheThumbnailsInView() throws {
        let script = opened()
        script.key("o", .control)
        script.clear().send(.folderListed(Self.listing("/home/ann/Pictures", subfolders: ["trip"], pictures: ["x.jpg", "y.jpg"])))
        #expect(script.log == ["decode 2 thumbnails"])
    }
}

extension WidgetSessionTests {
    func center(of id: PhotoID, in script: SessionScript) -> Point {
        script.session.controller.board.photo(id)?.photoToBoard.center ?? .zero
    }

    @Test func pressAndHoldOpensThePrintsMenuAndSlidingToAnEntryActs() throws {
        let script = opened()
        let photo = try #require(script.session.controller.board.photos.last)
        let start = center(of: photo.id, in: script)
        script.touch(1, .began, at: start)
        script.wait(.milliseconds(300))
        #expect(
            script.frame().items.contains {
                if case .widget(let widget) = $0 { widget.steps.contains { if case .ring = $0 { true } else { false } } } else { false }
            })
        script.wait(.milliseconds(300))
        let menu = try #require(script.session.shownMenu)
        #expect(script.session.controller.activeTouchCount == 0, "the print let go of the finger")
        let remove = try #require(menu.targets.first { $0.target == .menuEntry(3) }?.frame)
        script.touch(1, .moved, at: remove.center).touch(1, .ended, at: remove.center)
        #expect(script.session.controller.board.photo(photo.id) == nil)
        #expect(script.session.shownMenu == nil || script.frame().items.count > 0)
        #expect(script.session.controller.removedPhotos.map(\.id) == [photo.id])
    }

    @Test func aHoldLiftedInPlaceLeavesTheMenuOpenForATapAndATapOutsideClosesIt() throws {
        let script = opened()
        let photo = try #require(script.session.controller.board.photos.last)
        script.touch(1, .began, at: center(of: photo.id, in: script)).wait(.milliseconds(600))
        script.touch(1, .ended, at: center(of: photo.id, in: script))
        script.frame()
        let menu = try #require(script.session.shownMenu)
        // A tap outside closes it, and never reaches what is under it.
        let revision = script.session.controller.revision
        script.tap(at: Point(x: 2, y: 790))
        script.frame()
        #expect(script.session.shownMenu == nil)
        #expect(script.session.controller.revision == revision)
        _ = menu
    }

    @Test func turnUprightFromTheMenu() throws {
        let script = opened()
        let photo = try #require(script.session.controller.board.photos.last)
        script.window(.pointer(PointerEvent(.pressed(.right), at: center(of: photo.id, in: script), time: script.now)))
        script.frame()
        let upright = try #require(script.session.shownMenu?.targets.first { $0.target == .menuEntry(2) }?.frame)
        script.tap(at: upright.center).wait(.seconds(1))
        #expect(script.session.controller.board.photo(photo.id)?.rotation == 0)
        #expect(script.session.shownMenu == nil)
    }

    @Test func aTouchOnAControlNeverReachesThePrintUnderIt() throws {
        let script = opened(["a.jpg"])
        // Drag the print under the bar.
        let photo = try #require(script.session.controller.board.photos.first)
        let bar = try script.controlFrame("Captions")
        var at = center(of: photo.id, in: script)
        script.touch(1, .began, at: at)
        for _ in 0..<20 {
            at = at + (bar.center - at) * 0.3
            script.touch(1, .moved, at: at, after: .milliseconds(40))
        }
        script.touch(1, .ended, at: at, after: .milliseconds(300)).wait(.seconds(1))
        #expect(script.session.controller.board.photo(at: bar.center) == photo.id)
        let revision = script.session.controller.revision
        script.tap(at: try script.controlFrame("Captions").center)
        #expect(script.session.showsCaptions)
        #expect(script.session.controller.revision == revision, "the print under the control moved")
    }

    @Test func theControlsFadeWhenIdleAndComeBackForAFingerOnTheEmptyTable() throws {
        let script = opened()
        script.wait(.seconds(4))
        script.frame()
        #expect(script.session.shownBar == nil)
        script.tap(at: Point(x: 999, y: 799))  // the table's corner: no print there
        script.frame()
        #expect(script.session.shownBar != nil)
    }

    @Test func theControlsNeverHideOnAnEmptyBoard() {
        let script = opened(["a.jpg"])
        script.key(.named(.delete)).wait(.seconds(6))
        script.frame()
        #expect(script.session.shownBar != nil)
    }

    @Test func undoIsGreyUntilThereIsSomethingToUndo() throws {
        let script = opened(["a.jpg"])
        let undo = try #require(script.session.commands.controls.firstIndex { $0.word == "Undo" })
        script.frame()
        #expect(script.session.disabledControlsForTesting.contains(undo))
        script.key(.named(.delete))
        #expect(!script.session.disabledControlsForTesting.contains(undo))
    }

    @Test func tidyAsksByNameOrByDate() throws {
        let script = opened(["IMG_10.jpg", "IMG_2.jpg"])
        script.tap(at: try script.controlFrame("Tidy").center)
        script.frame()
        let byName = try #require(script.session.shownMenu?.targets.first { $0.target == .menuEntry(0) }?.frame)
        script.tap(at: byName.center).wait(.seconds(2))
        let photos = script.session.controller.board.photos.sorted {
            ($0.photoToBoard.center.y, $0.photoToBoard.center.x) < ($1.photoToBoard.center.y, $1.photoToBoard.center.x)
        }
        #expect(photos.map { script.session.catalogue?.name(of: $0.id) } == ["IMG_2.jpg", "IMG_10.jpg"])
    }

    @Test func tidysMenuGathersEveryPhotoIntoViewByTouch() throws {
        let script = opened(["a.jpg", "b.jpg"])
        let size = script.session.controller.board.size
        let away = try #require(script.session.controller.board.photos.first)
        // Thrown nearly out of sight: only a sliver in a corner.
        script.touch(5, .began, at: away.photoToBoard.center)
        script.touch(5, .moved, at: Point(x: size.width - 1, y: size.height - 1), after: .milliseconds(400))
        script.touch(5, .ended, at: Point(x: size.width - 1, y: size.height - 1), after: .milliseconds(400)).wait(.seconds(2))
        let before = try #require(script.session.controller.board.photo(away.id)).photoToBoard.center
        script.tap(at: try script.controlFrame("Tidy").center)
        script.frame()
        let gather = try #require(script.session.shownMenu?.targets.first { $0.target == .menuEntry(2) }?.frame)
        script.tap(at: gather.center).wait(.seconds(2))
        let after = try #require(script.session.controller.board.photo(away.id)).photoToBoard.center
        #expect(
            after.distance(to: Point(x: size.width / 2, y: size.height / 2))
                < before.distance(to: Point(x: size.width / 2, y: size.height / 2)))
        #expect(script.session.shownMenu == nil)
    }

    @Test func aTapOnTheHelpSheetClosesIt() throws {
        let script = opened(["a.jpg"])
        script.key("?")
        let sheet = try #require(script.frame().panels.first { $0.kind == .help })
        let photos = script.session.controller.board.photos
        script.tap(at: sheet.frame.center)
        #expect(!script.session.showsHelp)
        #expect(script.session.controller.board.photos == photos, "the tap reached the board under the sheet")
    }

    @Test func theRemovedListClosesWhenTheLastPhotoIsBackOrWhenTappedEmpty() throws {
        let script = opened(["a.jpg", "b.jpg"])
        script.key(.named(.delete))
        script.tap(at: try script.controlFrame("Removed").center)
        let shelf = try #require(script.frame().items.compactMap { if case .removedPhotos(let shelf) = $0 { shelf } else { nil } }.first)
        script.tap(at: try #require(shelf.slots.first).frame.center)
        #expect(script.session.controller.removedPhotos.isEmpty)
        #expect(!script.session.showsRemovedPhotos)
        // Emptied by an undo: closed too.
        script.key(.named(.delete))
        script.key("r")
        #expect(script.session.showsRemovedPhotos)
        script.key("z", .control)
        #expect(script.session.controller.removedPhotos.isEmpty)
        #expect(!script.session.showsRemovedPhotos)
        // Opened with nothing on it: a tap on it closes it.
        script.key("r")
        let empty = try #require(script.frame().items.compactMap { if case .removedPhotos(let shelf) = $0 { shelf } else { nil } }.first)
        #expect(empty.slots.isEmpty)
        script.tap(at: empty.band.center)
        #expect(!script.session.showsRemovedPhotos)
    }

    @Test func selectAllChoosesEveryPictureOfTheFolderThatCanBeOpenedInOneTap() throws {
        let script = opened(["a.jpg"])
        script.key("o", .control)
        script.send(.folderListed(Self.listing("/home/ann/Pictures", pictures: ["fake.png", "x.jpg", "y.jpg", "z.jpg"])))
        script.frame()
        guard case .picture(_, let thumbnail) = script.session.picker?.tile(0) else {
            Issue.record("the first tile is no picture")
            return
        }
        script.send(.thumbnailsDecoded([thumbnail: false])).frame()
        func all() throws -> Rect { try #require(script.session.shownPicker?.targets.first { $0.target == .picker(.all) }?.frame) }
        script.tap(at: try all().center).frame()
        #expect(script.session.picker?.selection.count == 3)
        #expect(script.session.picker?.isAllSelected == true)
        #expect(script.session.shownTargets().contains { $0.hasPrefix("picker-all Select none at") })
        // Again: none.
        script.tap(at: try all().center).frame()
        #expect(script.session.picker?.selection.isEmpty == true)
        script.tap(at: try all().center).frame()
        let add = try #require(script.session.shownPicker?.targets.first { $0.target == .picker(.add) }?.frame)
        script.tap(at: add.center).frame()
        #expect(script.log.contains("decode 3"), "\(script.log)")
    }

    @Test func aPictureWhoseThumbnailFailedCannotBeChosenAndSaysSo() throws {
        let script = opened(["a.jpg"])
        script.key("o", .control)
        script.send(.folderListed(Self.listing("/home/ann/Pictures", pictures: ["fake.png", "y.jpg"])))
        script.frame()
        let geometry = try #require(script.session.pickerGeometry)
        guard case .picture(_, let thumbnail) = script.session.picker?.tile(0) else {
            Issue.record("the first tile is no picture")
            return
        }
        script.send(.thumbnailsDecoded([thumbnail: false])).frame()
        script.tap(at: geometry.tileFrame(0, scrolledBy: 0).center).frame()
        #expect(script.session.picker?.selection.isEmpty == true)
        #expect(script.session.notices.notices.contains { $0.text == "fake.png cannot be opened" })
        script.tap(at: geometry.tileFrame(1, scrolledBy: 0).center).frame()
        #expect(script.session.picker?.selection.count == 1)
    }

    @Test func thePickerGoesIntoAFolderChoosesTwoAndAddsThemOnTop() throws {
        let script = opened(["a.jpg"])
        script.key("o", .control)
        script.send(.folderListed(Self.listing("/home/ann/Pictures", subfolders: ["trip"], pictures: ["x.jpg", "y.jpg"])))
        script.frame()
        let geometry = try #require(script.session.pickerGeometry)
        // Into the trip folder.
        script.clear().tap(at: geometry.tileFrame(0, scrolledBy: 0).center)
        #expect(script.log.contains("list folder /home/ann/Pictures/trip"))
        script.send(.folderListed(Self.listing("/home/ann/Pictures/trip", pictures: ["t1.jpg", "t2.jpg", "t3.jpg"])))
        script.frame()
        script.tap(at: geometry.tileFrame(0, scrolledBy: 0).center).frame()
        script.tap(at: geometry.tileFrame(2, scrolledBy: 0).center).frame()
        #expect(script.session.picker?.selection.count == 2)
        let add = try #require(script.session.shownPicker?.targets.first { $0.target == .picker(.add) }?.frame)
        script.clear().tap(at: add.center)
        #expect(script.session.picker == nil)
        #expect(script.log.contains("decode 2"))
        script.decodeAll()
        #expect(script.session.controller.board.photos.count == 3)
        #expect(script.session.controller.board.photos.suffix(2).map { script.session.catalogue?.name(of: $0.id) } == ["t1.jpg", "t3.jpg"])
        // Undo takes the addition back off.
        script.key("z", .control)
        #expect(script.session.controller.board.photos.count == 1)
    }

    @Test func thePathBarGoesBackUp() throws {
        let script = opened()
        script.key("o", .control)
        script.send(.folderListed(Self.listing("/home/ann/Pictures", subfolders: ["trip"], pictures: [])))
        script.frame()
        let home = try #require(script.session.shownPicker?.targets.first { $0.target == .picker(.crumb(0)) }?.frame)
        script.clear().tap(at: home.center)
        #expect(script.log == ["list folder /home/ann"])
    }

    @Test func aPictureDraggedSidewaysOutOfThePickerLandsWhereItIsLetGo() throws {
        let script = opened(["a.jpg"])
        script.key("o", .control)
        script.send(.folderListed(Self.listing("/home/ann/Pictures", pictures: ["x.jpg"])))
        script.frame()
        let geometry = try #require(script.session.pickerGeometry)
        let tile = geometry.tileFrame(0, scrolledBy: 0).center
        let target = Point(x: 800, y: 150)
        script.touch(1, .began, at: tile).touch(1, .moved, at: tile + Point(x: 40, y: 0))
        for step in 1...10 { script.touch(1, .moved, at: tile + (target - tile) * (Double(step) / 10)) }
        script.clear().touch(1, .ended, at: target)
        #expect(script.log == ["decode 1"])
        script.decodeAll()
        let landed = try #require(script.session.controller.board.photos.last)
        #expect(script.session.controller.board.photo(at: target) == landed.id, "it lies under the finger that let it go")
        #expect(script.session.picker != nil, "the picker stays open for more")
    }

    @Test func draggingTheGridScrollsItAndItGlidesOn() throws {
        let script = opened()
        script.key("o", .control)
        script.send(.folderListed(Self.listing("/home/ann/Pictures", pictures: (0..<200).map { "p\($0).jpg" })))
        script.frame()
        let geometry = try #require(script.session.pickerGeometry)
        let start = geometry.grid.center
        script.touch(1, .began, at: start)
        for step in 1...6 { script.touch(1, .moved, at: start - Point(x: 0, y: Double(step) * 30), after: .milliseconds(16)) }
        script.touch(1, .ended, at: start - Point(x: 0, y: 180))
        let released = try #require(script.session.picker?.scrollOffset)
        #expect(released > 150)
        script.clear().wait(.seconds(2))
        #expect((script.session.picker?.scrollOffset ?? 0) > released + 100, "no glide after a fling")
        #expect(script.log.contains { $0.hasPrefix("decode") && $0.hasSuffix("thumbnails") })
    }
}
