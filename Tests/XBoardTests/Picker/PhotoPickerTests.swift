import SystemPackage
import Testing
import XBoard

/// The picker alone: what it chooses, across folders, and what Add takes.
struct PhotoPickerTests {
    static func file(_ path: String) -> ListedFile { ListedFile(path: FilePath(path), canonical: PathKey(FilePath(path))) }

    static let pictures = FolderListing(
        folder: FilePath("/p"), subfolders: [FilePath("/p/trip")], pictures: ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"].map(file))
    static let trip = FolderListing(folder: FilePath("/p/trip"), subfolders: [], pictures: ["/p/trip/x.jpg", "/p/trip/y.jpg"].map(file))

    @Test func choicesInFoldersLeftBehindAreAddedWithTheRest() {
        var picker = PhotoPicker(folder: FilePath("/p"), home: nil)
        picker.listed(Self.pictures)
        picker.toggle(Self.file("/p/b.jpg"))
        picker.open(FilePath("/p/trip"))
        picker.listed(Self.trip)
        picker.toggle(Self.file("/p/trip/y.jpg"))
        // The button counts two; Add takes those two: this folder's first, then the one left behind.
        #expect(picker.selection.count == 2)
        #expect(picker.selectedFiles().map(\.path) == [FilePath("/p/trip/y.jpg"), FilePath("/p/b.jpg")])
        // Back in the first folder, in its own order.
        picker.open(FilePath("/p"))
        picker.listed(Self.pictures)
        picker.toggle(Self.file("/p/a.jpg"))
        #expect(picker.selectedFiles().map(\.path) == ["/p/a.jpg", "/p/b.jpg", "/p/trip/y.jpg"].map { FilePath($0) })
        #expect(picker.selectedFiles().count == picker.selection.count)
    }

    @Test func unchoosingAndSelectAllKeepTheCountAndTheFilesTogether() {
        var picker = PhotoPicker(folder: FilePath("/p/trip"), home: nil)
        picker.listed(Self.trip)
        picker.toggle(Self.file("/p/trip/x.jpg"))
        picker.open(FilePath("/p"))
        picker.listed(Self.pictures)
        picker.toggleAll()
        #expect(picker.isAllSelected && picker.selection.count == 4 && picker.selectedFiles().count == 4)
        picker.toggle(Self.file("/p/a.jpg"))
        #expect(picker.selection.count == 3 && picker.selectedFiles().map(\.path).contains(FilePath("/p/a.jpg")) == false)
        picker.toggleAll()  // all again
        picker.toggleAll()  // none of this folder: the other folder's choice stays
        #expect(picker.selectedFiles().map(\.path) == [FilePath("/p/trip/x.jpg")] && picker.selection.count == 1)
        picker.clearSelection()
        #expect(picker.selectedFiles().isEmpty && picker.selection.isEmpty)
    }
}
