import SystemPackage
import XBoard

/// Turns the command line's paths into the picture files to open, in order.
///
/// Files are taken as given (their content decides whether they are pictures); a folder
/// contributes its files with picture extensions, sorted by name, and with `recursive` its
/// sub-folders' too, each folder visited once however it is reached (symbolic-link loops end).
public enum PictureFiles {
    /// File extensions taken from folders (lower case): the photo formats the board opens
    /// (`PictureFormat`). Files named directly are judged by their content, whatever their name.
    public static let extensions: Set<String> = PictureFormat.fileExtensions

    /// The picture files `paths` give, in order, each with its canonical path (resolved here,
    /// once, off the loop), and the problems of the paths that give none.
    public static func list(_ paths: [FilePath], recursive: Bool) -> FileListing {
        var listing = FileListing()
        var visited: Set<[UInt64]> = []
        var found: [FilePath] = []
        for path in paths {
            switch System.fileInfo(path) {
            case .failure(let problem):
                listing.problems.append(Problem(path, problem.description))
            case .success(let info) where info.kind == .directory:
                let before = found.count
                collect(folder: path, info: info, recursive: recursive, visited: &visited, into: &found, problems: &listing.problems)
                if found.count == before {
                    listing.problems.append(Problem(path, "folder has no pictures\(recursive ? "" : " (-r looks in its sub-folders)")"))
                }
            case .success:
                found.append(path)
            }
        }
        listing.files = found.map { ListedFile(path: $0, canonical: PathKey(System.canonicalPath($0))) }
        return listing
    }

    /// Whether a file name's bytes end in one of `extensions` (in any case). A name that is only
    /// an extension (".png") has none.
    static func hasPictureExtension(_ name: [UInt8]) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0, name.count - dot - 1 <= 4 else { return false }
        guard let suffix = String(validating: name[(dot + 1)...], as: UTF8.self) else { return false }
        return extensions.contains(suffix.lowercased())
    }

    /// Adds a folder's pictures, sorted by name, then (with `recursive`) its sub-folders'. Only
    /// names with a picture extension and folders become paths; the rest of a folder of
    /// thousands of other files costs a `readdir` entry each.
    private static func collect(
        folder: FilePath, info: FileInfo, recursive: Bool, visited: inout Set<[UInt64]>, into found: inout [FilePath],
        problems: inout [Problem]
    ) {
        guard visited.insert([info.device, info.inode]).inserted else { return }  // seen: a link loop or a repeat
        let entries: [System.DirectoryEntry]
        switch System.directoryListing(folder) {
        case .success(let listed): entries = listed
        case .failure(let problem):
            problems.append(Problem(folder, problem.description))
            return
        }
        let candidates = entries.filter { entry in
            guard entry.name.first != UInt8(ascii: ".") else { return false }
            switch entry.kind {
            case .regular: return hasPictureExtension(entry.name)
            case .directory: return recursive
            case .unknown: return true
            }
        }
        let sorted = candidates.sorted { NameOrder.isOrderedBefore($0.name, $1.name) }
        var subfolders: [(FilePath, FileInfo)] = []
        for entry in sorted {
            guard let name = FilePath.Component(bytes: entry.name) else { continue }
            let path = folder.appending(name)
            switch System.fileInfo(path) {
            case .success(let info) where info.kind == .directory:
                if recursive { subfolders.append((path, info)) }
            case .success(let info) where info.kind == .regular:
                if hasPictureExtension(entry.name) { found.append(path) }
            case .success:
                break
            case .failure(let problem):
                if hasPictureExtension(entry.name) || problem == .symbolicLinkLoop { problems.append(Problem(path, problem.description)) }
            }
        }
        for (path, entry) in subfolders {
            collect(folder: path, info: entry, recursive: recursive, visited: &visited, into: &found, problems: &problems)
        }
    }
}
