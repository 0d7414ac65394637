@preconcurrency import Glibc
import SystemPackage
import XBoard

/// Files the board keeps for itself (board memory, board documents, their locks): private
/// (0600 in 0700 folders), never followed through a symbolic link, written through temporary
/// files with unguessable names created exclusively, read with a size cap. Every failure is a
/// `StoreError`, one readable line.
extension System {
    /// Makes `path` a folder only its owner can use: created (with its missing parents) 0700,
    /// or, when it exists, set to 0700 if the user owns it.
    public static func makePrivateFolder(_ path: FilePath) throws(StoreError) {
        var missing: [FilePath] = []
        var cursor = path
        while !cursor.isEmpty, cursor != FilePath("/") {
            var info = stat()
            if case .success = retryingInterrupts({ cursor.withPlatformString { lstat($0, &info) } }) {
                guard info.st_mode & S_IFMT == S_IFDIR || (info.st_mode & S_IFMT == S_IFLNK && isDirectory(cursor)) else {
                    throw StoreError("create the folder", cursor, reason: "something that is not a folder is in the way")
                }
                break
            }
            missing.append(cursor)
            guard cursor.removeLastComponent() else { break }
        }
        for folder in missing.reversed() {
            if case .failure(let failure) = retryingInterrupts({ folder.withPlatformString { mkdir($0, 0o700) } }), failure.errno != EEXIST
            {
                throw StoreError("create the folder", folder, errno: failure.errno)
            }
        }
        var info = stat()
        guard case .success = retryingInterrupts({ path.withPlatformString { lstat($0, &info) } }), info.st_mode & S_IFMT == S_IFDIR else {
            throw StoreError("use the folder", path, reason: "it is not a folder (or is a symbolic link)")
        }
        if info.st_mode & 0o077 != 0, info.st_uid == getuid() {
            _ = retryingInterrupts { path.withPlatformString { chmod($0, 0o700) } }
        }
    }

    /// The whole file at `path`, or `nil` when there is none; refuses a symbolic link, a file
    /// that is not regular, and one larger than `limit` bytes.
    public static func readPrivateFile(_ path: FilePath, limit: Int) throws(StoreError) -> [UInt8]? {
        let descriptor: Int32
        switch retryingInterrupts({ path.withPlatformString { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) } }) {
        case .success(let opened): descriptor = opened
        case .failure(let failure) where failure.errno == ENOENT: return nil
        case .failure(let failure) where failure.errno == ELOOP:
            throw StoreError("read", path, reason: "it is a symbolic link, which the board does not follow here")
        case .failure(let failure): throw StoreError("read", path, errno: failure.errno)
        }
        defer { close(descriptor) }
        var info = stat()
        if case .failure(let failure) = retryingInterrupts({ fstat(descriptor, &info) }) {
            throw StoreError("read", path, errno: failure.errno)
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw StoreError("read", path, reason: "not a regular file") }
        guard Int64(info.st_size) <= Int64(limit) else {
            throw StoreError("read", path, reason: "it is \(info.st_size) bytes, more than the \(limit) a board file may be")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count: Int
            switch retryingInterrupts({ chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }) {
            case .success(let read): count = read
            case .failure(let failure): throw StoreError("read", path, errno: failure.errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= limit else {
                throw StoreError("read", path, reason: "it grew beyond the \(limit) bytes a board file may be")
            }
        }
    }

    /// Replaces `path` with `contents` atomically and privately (0600): a temporary file with an
    /// unguessable name in the same folder, created exclusively and never through a link
    /// (O_EXCL|O_NOFOLLOW), fsync, rename over the old one, fsync of the folder. A crash at any
    /// moment leaves the old file or the new one.
    public static func writeFileAtomically(_ path: FilePath, contents: [UInt8]) throws(StoreError) {
        let temporary = try writeTemporary(beside: path, contents: contents)
        if case .failure(let failure) = retryingInterrupts({
            temporary.withPlatformString { from in path.withPlatformString { rename(from, $0) } }
        }) {
            _ = temporary.withPlatformString { unlink($0) }
            throw StoreError("write", path, errno: failure.errno)
        }
        syncFolder(of: path)
    }

    /// Writes `contents` as the new file `path` (`mode`, less the umask: 0600 unless told),
    /// atomically, never replacing a file that is there: throws `StoreError` with reason
    /// "exists" then.
    public static func writeNewFile(_ path: FilePath, contents: [UInt8], mode: mode_t = 0o600) throws(StoreError) {
        let temporary = try writeTemporary(beside: path, contents: contents, mode: mode)
        defer { _ = temporary.withPlatformString { unlink($0) } }
        if case .failure(let failure) = retryingInterrupts({
            temporary.withPlatformString { from in path.withPlatformString { link(from, $0) } }
        }) {
            throw StoreError("create", path, reason: failure.errno == EEXIST ? "exists" : StoreError.words(for: failure.errno))
        }
        syncFolder(of: path)
    }

    /// A whole, synced temporary file holding `contents`, in `path`'s folder.
    private static func writeTemporary(beside path: FilePath, contents: [UInt8], mode: mode_t = 0o600) throws(StoreError) -> FilePath {
        let folder = path.removingLastComponent()
        let name = path.lastComponent?.bytes.prefix(64) ?? []
        var temporary = folder
        var descriptor: Int32 = -1
        for _ in 0..<8 {
            temporary = FilePath(bytes: folder.bytes + Array("/.".utf8) + name + Array(".\(randomHex()).tmp".utf8)) ?? folder
            switch retryingInterrupts({
                temporary.withPlatformString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode) }
            }) {
            case .success(let opened): descriptor = opened
            case .failure(let failure) where failure.errno == EEXIST: continue
            case .failure(let failure): throw StoreError("write", path, errno: failure.errno)
            }
            break
        }
        guard descriptor >= 0 else { throw StoreError("write", path, reason: "no temporary name was free") }
        do throws(StoreError) {
            var written = 0
            while written < contents.count {
                let result = contents.withUnsafeBytes { buffer in
                    retryingInterrupts { write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written) }
                }
                switch result {
                case .success(let count): written += count
                case .failure(let failure): throw StoreError("write", path, errno: failure.errno)
                }
            }
            if case .failure(let failure) = retryingInterrupts({ fsync(descriptor) }) {
                throw StoreError("write", path, errno: failure.errno)
            }
            close(descriptor)
        } catch {
            close(descriptor)
            _ = temporary.withPlatformString { unlink($0) }
            throw error
        }
        return temporary
    }

    /// Makes a rename or link in `path`'s folder durable.
    private static func syncFolder(of path: FilePath) {
        let folder = path.removingLastComponent()
        if case .success(let directory) = retryingInterrupts({ folder.withPlatformString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } })
        {
            _ = retryingInterrupts { fsync(directory) }
            close(directory)
        }
    }

    /// 16 random hex digits (the system generator: getrandom), for names nobody can guess.
    static func randomHex() -> String {
        String(UInt64.random(in: .min ... .max), radix: 16)
    }

    /// Removes the file `path` (not a folder); a file already gone is no error.
    public static func removeFile(_ path: FilePath) throws(StoreError) {
        if case .failure(let failure) = retryingInterrupts({ path.withPlatformString { unlink($0) } }), failure.errno != ENOENT {
            throw StoreError("remove", path, errno: failure.errno)
        }
    }

    /// Keeps a copy of `contents` (a damaged file's bytes) beside `path` for a person to look
    /// at: `path` + `suffix`, or, when that is taken, + `suffix` + "-2", "-3" … — never over an
    /// earlier copy (one holding the same bytes is used again). Returns where it went.
    public static func keepAside(_ path: FilePath, contents: [UInt8], suffix: String) throws(StoreError) -> FilePath {
        var lastError = StoreError("keep a copy of", path, reason: "no free name")
        for number in 1...1000 {
            let name = number == 1 ? suffix : "\(suffix)-\(number)"
            guard let target = FilePath(bytes: path.bytes + Array(name.utf8)) else { break }
            do {
                try writeNewFile(target, contents: contents)
                return target
            } catch {
                // The same bytes kept already (a crash came before the damaged file was replaced).
                if error.reason == "exists", (try? readPrivateFile(target, limit: contents.count)) == contents { return target }
                lastError = error
                guard error.reason == "exists" else { throw error }
            }
        }
        throw lastError
    }
}
