@preconcurrency import Glibc
import SystemPackage
import XBoard

/// The kernel calls the platform layer needs, in one place (as argument-parser's
/// `Platform.swift`): standard error, the process, and files. Calls that can be interrupted go
/// through `syscall(_:_:)`, which retries `EINTR` and throws an error naming the call. The clock,
/// poll() and the wake pipe have their own files.
public enum System {
    public static var processID: Int32 { getpid() }

    /// Writes one line to standard error, unbuffered.
    public static func printError(_ line: String) {
        var text = line
        if !text.hasSuffix("\n") { text += "\n" }
        text.withCString { pointer in _ = write(2, pointer, strlen(pointer)) }
    }

    /// Online processor count (at least 1).
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    // MARK: Files

    /// Replaces `path` with `contents` atomically: a temporary file in the same folder, fsync,
    /// rename over the old one, fsync of the folder. A crash at any moment leaves either the old
    /// file or the new one.
    public static func writeFileAtomically(_ path: String, contents: [UInt8]) throws {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let temporary = folder + "/.\(path.split(separator: "/").last ?? "file").\(getpid()).tmp"
        let descriptor = try syscall("open") { open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        do {
            var written = 0
            while written < contents.count {
                let count = try contents.withUnsafeBytes { buffer in
                    try syscall("write") { write(descriptor, buffer.baseAddress! + written, buffer.count - written) }
                }
                written += count
            }
            _ = try syscall("fsync") { fsync(descriptor) }
            close(descriptor)
            _ = try syscall("rename") { rename(temporary, path) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// The absolute path with symbolic links resolved, or the path itself when that fails.
    public static func canonicalPath(_ path: FilePath) -> FilePath {
        guard let resolved = path.withPlatformString({ realpath($0, nil) }) else { return path }
        defer { free(resolved) }
        return FilePath(platformString: resolved)
    }

    /// What a path names, following symbolic links.
    public static func fileInfo(_ path: FilePath) -> Result<FileInfo, FileProblem> {
        var info = stat()
        guard path.withPlatformString({ stat($0, &info) }) == 0 else { return .failure(FileProblem(errno: errno)) }
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

    /// Runs `body` until it does not fail with `EINTR`; throws `PlatformError.system` otherwise.
    public static func syscall<Result: BinaryInteger>(_ name: String, _ body: () -> Result) throws -> Result {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = errno
            if code == EINTR { continue }
            throw PlatformError.system(call: name, errno: code, message: String(cString: strerror(code)))
        }
    }

    /// Immediate exit without running atexit handlers (used when the X connection is gone).
    public static func exitImmediately(_ status: Int32) -> Never { _exit(status) }

    /// The path of the running executable.
    public static func executablePath() -> FilePath? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        buffer[length] = 0
        return FilePath(platformString: buffer)
    }

    public static func isDirectory(_ path: FilePath) -> Bool {
        if case .success(let info) = fileInfo(path) { return info.kind == .directory }
        return false
    }

    /// Names in a directory (no "." or ".."), unsorted, as the bytes they are.
    public static func directoryEntries(_ path: FilePath) -> Result<[FilePath.Component], FileProblem> {
        guard let directory = path.withPlatformString({ opendir($0) }) else { return .failure(FileProblem(errno: errno)) }
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

    public var description: String {
        switch self {
        case .missing: "no such file or folder"
        case .permissionDenied: "cannot be read: permission denied"
        case .symbolicLinkLoop: "symbolic link loop"
        case .notRegularFile: "not a regular file"
        case .other(let message): "cannot be read: \(message)"
        }
    }
}
