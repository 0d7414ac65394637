import Foundation
import SystemPackage
import Testing
import XBoardPlatform

/// The Pictures folder the picker opens in is also where Ctrl+S exports go: the one
/// `user-dirs.dirs` names, then `~/Pictures`, then home.
@Suite struct PicturesFolderTests {
    private func home() throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: true)
        return home
    }

    @Test func exportsGoToThePicturesFolderUserDirsNames() throws {
        let home = try home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/Meine Bilder", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/Pictures", withIntermediateDirectories: true)
        try Data("XDG_PICTURES_DIR=\"$HOME/Meine Bilder\"\n".utf8).write(to: URL(fileURLWithPath: home + "/.config/user-dirs.dirs"))
        let environment = ["HOME": home]
        #expect(FolderLister.picturesFolder(environment: environment) == FilePath(home + "/Meine Bilder"))
        let export = ExportPath.next(environment: environment)
        #expect(export.hasPrefix(home + "/Meine Bilder/photoboard-") && export.hasSuffix(".png"), "\(export)")
    }

    @Test func withoutUserDirsExportsGoToPicturesElseHome() throws {
        let home = try home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        #expect(ExportPath.next(environment: ["HOME": home]).hasPrefix(home + "/photoboard-"))
        try FileManager.default.createDirectory(atPath: home + "/Pictures", withIntermediateDirectories: true)
        #expect(ExportPath.next(environment: ["HOME": home]).hasPrefix(home + "/Pictures/photoboard-"))
    }
}
