import SystemPackage
import XBoard

/// Files: what a path names, reading and listing folders (the board's own files are in
/// `System+SafeFiles`), over the calls of `System`.
extension System {
    /// The absolute path with symbolic links resolved, or the path itself when that fails.
    public static func canonicalPath(_ path: FilePath) -> FilePath {
        resolvingLinks(path) ?? path
    }

    /// What a path names, following symbolic links.
    public static func fileInfo(_ path: FilePath) -> Result<FileInfo, FileProblem> {
        let info: FileStatus
        switch status(of: path) {
        case .success(let found): info = found
        case .failure(let failure): return .failure(FileProblem(errno: failure.rawValue, path: path))
        }
        let kind: FileInfo.Kind
        switch info.kind {
        case .regular: kind = .regular
        case .directory: kind = .directory
        case .symbolicLink, .other: kind = .other
        }
        return .success(FileInfo(kind: kind, size: info.size, device: info.device, inode: info.inode))
    }

    public static func isDirectory(_ path: FilePath) -> Bool {
        if case .success(let info) = fileInfo(path) { return info.kind == .directory }
        return false
    }

    /// One name in a folder, as `readdir` gives it: its bytes and, where the file system says,
    /// what it names (without a `stat` per name).
    public struct DirectoryEntry: Sendable {
        public enum Kind: Sendable { case regular, directory, unknown }
        public var name: [UInt8]
        /// `.unknown` for links and where the file system does not say: `stat` tells.
        public var kind: Kind
    }

    /// The names in a folder (`.` and `..` left out), in no particular order.
    public static func directoryListing(_ path: FilePath) -> Result<[DirectoryEntry], FileProblem> {
        let found: [FolderEntry]
        switch readFolder(path) {
        case .success(let entries): found = entries
        case .failure(let failure): return .failure(FileProblem(errno: failure.rawValue))
        }
        return .success(
            found.compactMap { entry in
                guard !entry.name.isEmpty, entry.name != [UInt8(ascii: ".")], entry.name != [UInt8(ascii: "."), UInt8(ascii: ".")]
                else { return nil }
                switch entry.kind {
                case .regular: return DirectoryEntry(name: entry.name, kind: .regular)
                case .directory: return DirectoryEntry(name: entry.name, kind: .directory)
                case .symbolicLink, .unknown: return DirectoryEntry(name: entry.name, kind: .unknown)
                case .other: return nil  // devices, FIFOs and sockets are never pictures
                }
            })
    }

    /// The names in a folder as path components (`.` and `..` left out), in no particular order.
    public static func directoryEntries(_ path: FilePath) -> Result<[FilePath.Component], FileProblem> {
        switch readFolder(path) {
        case .success(let entries):
            return .success(entries.compactMap { FilePath.Component(bytes: $0.name) })
        case .failure(let failure):
            return .failure(FileProblem(errno: failure.rawValue))
        }
    }
}

/// What a path is, as far as opening photos cares.
public struct FileInfo: Hashable, Sendable {
    public enum Kind: Sendable { case regular, directory, other }
    public var kind: Kind
    public var size: Int64
    /// Device and inode: identify a folder however it was reached (symbolic-link loops).
    public var device: UInt64
    public var inode: UInt64
}

/// Why a path could not be used, worded for the user.
public enum FileProblem: Error, Hashable, Sendable, CustomStringConvertible {
    case missing
    case permissionDenied
    case symbolicLinkLoop
    /// A symbolic link to nothing, and what it points to (escaped, as `PathEscaping` shows paths).
    case brokenSymbolicLink(String)
    case notRegularFile
    case other(String)

    init(errno code: Int32) {
        switch Errno(rawValue: code) {
        case .noSuchFileOrDirectory, .notDirectory: self = .missing
        case .permissionDenied, .notPermitted: self = .permissionDenied
        case .tooManySymbolicLinkLevels: self = .symbolicLinkLoop
        case let other: self = .other(other.description)
        }
    }

    /// The problem with `path`: a link to nothing is "broken", not "missing" (`ls` lists it).
    init(errno code: Int32, path: FilePath) {
        self.init(errno: code)
        guard self == .missing, let target = System.linkTarget(of: path) else { return }
        self = .brokenSymbolicLink(PathEscaping.escape(target))
    }

    public var description: String {
        switch self {
        case .missing: "no such file or folder"
        case .brokenSymbolicLink(let target): "broken symbolic link (points to \(target), which is not there)"
        case .permissionDenied: "cannot be read: permission denied"
        case .symbolicLinkLoop: "symbolic link loop"
        case .notRegularFile: "not a regular file"
        case .other(let message): "cannot be read: \(message)"
        }
    }
}
