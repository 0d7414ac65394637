@preconcurrency import Glibc
import SystemPackage
import XBoard

/// Files: what a path names, reading and listing folders (the board's own files are in
/// `System+SafeFiles`). Every call that can be interrupted retries `EINTR` through
/// `System.retryingInterrupts(_:)`.
extension System {
    /// The absolute path with symbolic links resolved, or the path itself when that fails.
    public static func canonicalPath(_ path: FilePath) -> FilePath {
        guard let resolved = path.withPlatformString({ realpath($0, nil) }) else { return path }
        defer { free(resolved) }
        return FilePath(platformString: resolved)
    }

    /// What a path names, following symbolic links.
    public static func fileInfo(_ path: FilePath) -> Result<FileInfo, FileProblem> {
        var info = stat()
        if case .failure(let failure) = retryingInterrupts({ path.withPlatformString { stat($0, &info) } }) {
            return .failure(FileProblem(errno: failure.errno, path: path))
        }
        let kind: FileInfo.Kind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        default: kind = .other
        }
        return .success(FileInfo(kind: kind, size: Int64(info.st_size), device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    /// Reads up to `limit` bytes of a regular file, from `offset` (negative: from the end).
    /// Opens without blocking, so a FIFO or device cannot hang the caller.
    public static func readFile(_ path: FilePath, offset: Int64 = 0, limit: Int = .max) -> Result<[UInt8], FileProblem> {
        let file: FileReader
        do {
            file = try FileReader(path: path)
        } catch {
            return .failure(error)
        }
        let start = offset >= 0 ? min(offset, file.size) : max(0, file.size + offset)
        return file.read(offset: start, count: Int(min(Int64(limit), file.size - start)))
    }

    public static func isDirectory(_ path: FilePath) -> Bool {
        if case .success(let info) = fileInfo(path) { return info.kind == .directory }
        return false
    }

    /// Names in a directory (no "." or ".."), unsorted, as the bytes they are.
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
        var opened = path.withPlatformString { opendir($0) }
        while opened == nil, errno == EINTR { opened = path.withPlatformString { opendir($0) } }  // opendir returns no integer
        guard let directory = opened else { return .failure(FileProblem(errno: errno)) }
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in Array(buffer.prefix { $0 != 0 }) }
            guard !name.isEmpty, name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] else { continue }
            let kind: DirectoryEntry.Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .regular
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK), Int32(DT_UNKNOWN): kind = .unknown
            default: continue  // devices, FIFOs and sockets are never pictures
            }
            entries.append(DirectoryEntry(name: name, kind: kind))
        }
        return .success(entries)
    }

    public static func directoryEntries(_ path: FilePath) -> Result<[FilePath.Component], FileProblem> {
        var opened = path.withPlatformString { opendir($0) }
        while opened == nil, errno == EINTR { opened = path.withPlatformString { opendir($0) } }  // opendir returns no integer
        guard let directory = opened else { return .failure(FileProblem(errno: errno)) }
        defer { closedir(directory) }
        var names: [FilePath.Component] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    FilePath.Component(platformString: $0)
                }
            }
            if let name, name.kind == .regular { names.append(name) }
        }
        return .success(names)
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
        switch code {
        case ENOENT, ENOTDIR: self = .missing
        case EACCES, EPERM: self = .permissionDenied
        case ELOOP: self = .symbolicLinkLoop
        default: self = .other(String(cString: strerror(code)))
        }
    }

    /// The problem with `path`: a link to nothing is "broken", not "missing" (`ls` lists it).
    init(errno code: Int32, path: FilePath) {
        self.init(errno: code)
        guard self == .missing else { return }
        var target = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let length = path.withPlatformString { name in
            target.withUnsafeMutableBytes { buffer in buffer.baseAddress.map { readlink(name, $0, buffer.count) } ?? -1 }
        }
        guard length > 0 else { return }
        self = .brokenSymbolicLink(PathEscaping.escape(target.prefix(length)))
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
