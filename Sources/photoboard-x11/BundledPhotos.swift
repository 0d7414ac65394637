import SystemPackage
import XBoard
import XBoardPlatform

/// The sample photos shipped with the program.
enum BundledPhotos {
    /// `assets/` beside the source tree for a build, or `share/photoboard-x11/assets` for an
    /// installed binary.
    static func folder() -> FilePath? {
        guard var directory = System.executablePath() else { return nil }
        for _ in 0..<5 {
            guard directory.removeLastComponent() else { break }
            for candidate in [directory.appending("assets"), directory.appending("share/photoboard-x11/assets")]
            where System.isDirectory(candidate) {
                return candidate
            }
        }
        return nil
    }
}
