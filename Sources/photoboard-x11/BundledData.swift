import XBoard
import XBoardPlatform

/// What ships with the program: the sample photos and the icon, found beside the source tree
/// for a build or under `share/` for an installed binary.
enum BundledData {
    /// `assets/` beside the source tree, or `share/photoboard-x11/assets`.
    static func photosFolder() -> String? {
        find(["/assets", "/share/photoboard-x11/assets"])
    }

    /// The hicolor icon theme holding the icon's PNGs: `data/icons/hicolor` beside the source
    /// tree, or `share/icons/hicolor` where it is installed.
    static func iconTheme() -> String? {
        find(["/data/icons/hicolor", "/share/icons/hicolor"]) { System.isDirectory($0 + "/48x48/apps") }
    }

    /// The first of `suffixes`, appended to the executable's folder and up to four above it,
    /// that is a folder (and passes `check`).
    private static func find(_ suffixes: [String], check: (String) -> Bool = { _ in true }) -> String? {
        guard let executable = System.executablePath() else { return nil }
        var directory = executable
        for _ in 0..<5 {
            guard let slash = directory.lastIndex(of: "/") else { break }
            directory = String(directory[..<slash])
            for suffix in suffixes where System.isDirectory(directory + suffix) && check(directory + suffix) {
                return directory + suffix
            }
        }
        return nil
    }
}
