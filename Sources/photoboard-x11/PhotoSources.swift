import XBoard

/// Turns the command line's paths into the list of picture files to open.
enum PhotoSources {
    static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "png", "gif", "bmp", "tif", "tiff", "webp", "ico", "avif", "heic", "heif", "tga", "pnm", "ppm", "pgm", "xpm",
    ]

    /// Files as given; folders contribute their picture files sorted by name. Problems are
    /// reported through `report`, one line each.
    static func files(for paths: [String], report: (String) -> Void) -> [String] {
        var files: [String] = []
        for path in paths {
            if System.isDirectory(path) {
                guard let names = System.directoryEntries(path) else {
                    report("\(path): cannot read this folder")
                    continue
                }
                let pictures = names.filter { name in
                    guard let dot = name.lastIndex(of: ".") else { return false }
                    return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
                }.sorted()
                if pictures.isEmpty { report("\(path): folder has no pictures") }
                files += pictures.map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// The photos bundled with the program: `assets/` beside the source tree for a build, or
    /// `share/photoboard-x11/assets` for an installed binary.
    static func bundledAssets() -> String? {
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
