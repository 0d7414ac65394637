import SystemPackage
import XBoard

/// What ships with the program: the sample photos and the icon, found beside the source tree
/// for a build or under `share/` for an installed binary.
public enum BundledData {
    /// `assets/` beside the source tree, or `share/photoboard-x11/assets`.
    public static func photosFolder() -> FilePath? {
        find(["assets", "share/photoboard-x11/assets"])
    }

    /// The hicolor icon theme holding the icon's PNGs: `data/icons/hicolor` beside the source
    /// tree, or `share/icons/hicolor` where it is installed.
    public static func iconTheme() -> FilePath? {
        find(["data/icons/hicolor", "share/icons/hicolor"]) { System.isDirectory($0.appending("48x48/apps")) }
    }

    /// The first of `suffixes`, appended to the executable's folder and up to four above it,
    /// that is a folder (and passes `check`).
    private static func find(_ suffixes: [String], check: (FilePath) -> Bool = { _ in true }) -> FilePath? {
        guard var directory = System.executablePath() else { return nil }
        for _ in 0..<5 {
            guard directory.removeLastComponent() else { break }
            for suffix in suffixes {
                let candidate = directory.appending(suffix)
                if System.isDirectory(candidate), check(candidate) { return candidate }
            }
        }
        return nil
    }
}
