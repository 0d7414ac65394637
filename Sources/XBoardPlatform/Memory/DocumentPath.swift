import Foundation
import SystemPackage
import XBoard

/// Where Ctrl+Shift+S puts a new board document: in the folder the board's photos share (the
/// folder itself when the board is one folder), named after that folder (`trip.photoboard`,
/// then `trip-2.photoboard`… when taken), so the folder and its board move together; when that
/// folder cannot take it (or is `/`), in the Pictures folder as the picker finds it
/// (`user-dirs.dirs`, then `~/Pictures`, then home).
public enum DocumentPath {
    /// How many numbered names are tried in each folder.
    static let namesPerFolder = 20

    /// The paths to try, in order (the first that can be created is used).
    public static func candidates(for identity: BoardIdentity, photos: [FilePath]) -> [FilePath] {
        var folders: [FilePath] = []
        if case .paths(let named) = identity, named.count == 1, System.isDirectory(named[0]) {
            folders.append(named[0])
        } else if let shared = commonFolder(of: photos), shared.components.count > 0 {
            folders.append(shared)
        }
        if let pictures = FolderLister.picturesFolder(environment: ProcessInfo.processInfo.environment), pictures.isAbsolute {
            folders.append(pictures)
        }
        return folders.flatMap { folder in
            let name = folder.lastComponent?.bytes ?? Array("board".utf8)
            return (1...namesPerFolder).compactMap { number in
                let suffix = (number == 1 ? "" : "-\(number)") + "." + BoardFile.documentExtension
                return FilePath(bytes: folder.bytes + [UInt8(ascii: "/")] + name + Array(suffix.utf8))
            }
        }
    }

    /// The deepest folder holding every one of `paths` (absolute files), or `nil`.
    static func commonFolder(of paths: [FilePath]) -> FilePath? {
        guard var shared = paths.first?.removingLastComponent().components.map({ $0 }) else { return nil }
        for path in paths.dropFirst() {
            let folder = Array(path.removingLastComponent().components)
            var count = 0
            while count < min(shared.count, folder.count), shared[count] == folder[count] { count += 1 }
            shared.removeLast(shared.count - count)
        }
        return FilePath(root: "/", shared)
    }
}
