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

    func control(_ word: String, in script: SessionScript) throws -> Rect {
        let list = script.frame()
        let bar = try #require(script.session.shownBar, "no controls shown in \(list.items.count) items")
        let index = try #require(script.session.commands.controls.firstIndex { $0.word == word })
        return try #require(bar.targets.first { $0.target == .control(index) }?.frame)
    }

    @Test func theAddControlOpensThePickerInThePicturesFolder() throws {
        let script = opened()
        let add = try control("Add", in: script)
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
