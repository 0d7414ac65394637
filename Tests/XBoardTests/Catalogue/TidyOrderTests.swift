import SystemPackage
import Testing
import XBoard

/// The order `t` tidies in: by name as a file manager sorts them, photos of the same name (from
/// different folders) by their whole paths, photos the catalogue does not know last.
@Suite struct TidyOrderTests {
    private func catalogue(_ paths: [String]) -> PhotoCatalogue {
        let files = paths.map { ListedFile(path: FilePath($0), canonical: PathKey(FilePath($0))) }
        return PhotoCatalogue(files: files, boardSize: Size(width: 1920, height: 1080), seed: 1, startTime: .origin)
    }

    @Test func namesAsAFileManagerSortsThemThenSameNamesByTheirFolders() {
        let paths = ["/b/IMG_10.jpg", "/a/IMG_2.jpg", "/c/img_2.jpg", "/b/IMG_2.jpg", "/a/IMG_1.jpg", "/z/Beach.png", "/a/IMG_10.jpg"]
        let order = catalogue(paths).tidyOrder(of: (0..<paths.count).map(PhotoID.init) + [PhotoID(99)], byDate: false)
        #expect(
            order.map { $0.rawValue < paths.count ? paths[$0.rawValue] : "unknown" } == [
                "/z/Beach.png", "/a/IMG_1.jpg", "/a/IMG_2.jpg", "/b/IMG_2.jpg", "/c/img_2.jpg", "/a/IMG_10.jpg", "/b/IMG_10.jpg", "unknown",
            ])
    }

    /// Thousands of photos named alike in two folders (a drop of `IMG_0000…` onto a board of them):
    /// each pair by its folder.
    @Test func thousandsOfSameNamesInTwoFoldersAlternateByFolder() {
        let names = (0..<3000).map { String(format: "IMG_%05d.jpg", $0) }
        let paths = names.map { "/drop/" + $0 } + names.map { "/board/" + $0 }
        let order = catalogue(paths).tidyOrder(of: (0..<paths.count).reversed().map(PhotoID.init), byDate: true)
        let expected = names.flatMap { ["/board/" + $0, "/drop/" + $0] }
        #expect(order.map { paths[$0.rawValue] } == expected)
    }
}
