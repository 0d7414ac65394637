import XBoard
import XBoardPlatform

/// The sample photos shipped with the program.
enum BundledPhotos {
    /// `assets/` beside the source tree for a build, or `share/photoboard-x11/assets` for an
    /// installed binary.
    static func folder() -> String? {
        guard let executable = System.executablePath() else { return nil }
        var directory = executable
        for _ in 0..<5 {
            guard let slash = directory.lastIndex(of: "/") else { break }
            directory = String(directory[..<slash])
            for candidate in [directory + "/assets", directory + "/share/photoboard-x11/assets"] where System.isDirectory(candidate) {
                return candidate
            }
        }
        return nil
    }
}
