import Glibc
import SystemPackage

/// Waiting on descriptors (`poll`), and the kernel's calls on files, folders and memory maps.
extension System {
    /// What poll() said of one descriptor.
    struct PollEvents: Hashable {
        /// Data (or the end of the stream) can be read.
        var isReadable: Bool
        /// The descriptor hung up, failed or is not open (`POLLHUP`, `POLLERR`, `POLLNVAL`).
        var isBroken: Bool
    }

    /// Sleeps in poll() until one of `descriptors` is readable or broken, or `milliseconds` pass
    /// (-1: forever); an interrupted poll is retried with the same timeout. Throws
    /// `PlatformError.system` naming poll when it fails.
    static func poll(_ descriptors: [Int32], milliseconds: Int32) throws -> [PollEvents] {
        var requests = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = try syscall("poll") { Glibc.poll(&requests, nfds_t(requests.count), milliseconds) }
        return requests.map {
            PollEvents(isReadable: $0.revents & Int16(POLLIN) != 0, isBroken: $0.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0)
        }
    }
}

extension FileDescriptor.OpenOptions {
    /// Opening a terminal does not make it the process's controlling terminal (`O_NOCTTY`).
    static var noControllingTerminal: Self { Self(rawValue: O_NOCTTY) }
}

extension System {
    /// What `stat` says of a file.
    struct FileStatus: Hashable {
        enum Kind: Hashable { case regular, directory, symbolicLink, other }
        var kind: Kind
        /// The permission bits (`st_mode & 07777`).
        var permissions: UInt32
        var owner: UInt32
        var size: Int64
        var device: UInt64
        var inode: UInt64
        /// When the file was last modified, in seconds since 1970 (UTC).
        var modified: Double
        /// When the file's inode last changed (`st_ctim`), in nanoseconds since 1970: any write,
        /// truncation, rename over it, or change of its times or permissions moves it, and no
        /// program can set it back.
        var changed: Int64

        init(_ info: stat) {
            switch info.st_mode & S_IFMT {
            case S_IFREG: kind = .regular
            case S_IFDIR: kind = .directory
            case S_IFLNK: kind = .symbolicLink
            default: kind = .other
            }
            permissions = info.st_mode & 0o7777
            owner = info.st_uid
            size = Int64(info.st_size)
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            changed = Int64(info.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_ctim.tv_nsec)
        }

        /// The file as this inode at this change: device, inode and `changed`
        /// (`"2049:1234567:1795989470123456789"`). Equal identities mean the same bytes.
        var identity: String { "\(device):\(inode):\(changed)" }
    }

    /// What `path` names: through symbolic links (`stat`), or the link itself (`lstat`).
    static func status(of path: FilePath, followingLinks: Bool = true) -> Result<FileStatus, Errno> {
        var info = stat()
        let result = retryingInterrupts { path.withPlatformString { followingLinks ? stat($0, &info) : lstat($0, &info) } }
        return result.map { _ in FileStatus(info) }.mapError { Errno(rawValue: $0.errno) }
    }

    /// What an open descriptor names (`fstat`).
    static func status(of descriptor: FileDescriptor) -> Result<FileStatus, Errno> {
        var info = stat()
        let result = retryingInterrupts { fstat(descriptor.rawValue, &info) }
        return result.map { _ in FileStatus(info) }.mapError { Errno(rawValue: $0.errno) }
    }

    /// The real user id of this process.
    static var userID: UInt32 { getuid() }

    /// Creates the folder `path` with `permissions` (less the umask).
    static func makeFolder(_ path: FilePath, permissions: FilePermissions) -> Result<Void, Errno> {
        call { path.withPlatformString { mkdir($0, permissions.rawValue) } }
    }

    static func setPermissions(of path: FilePath, to permissions: FilePermissions) -> Result<Void, Errno> {
        call { path.withPlatformString { chmod($0, permissions.rawValue) } }
    }

    /// Renames `source` to `destination`, replacing what is there.
    static func rename(_ source: FilePath, to destination: FilePath) -> Result<Void, Errno> {
        call { source.withPlatformString { from in destination.withPlatformString { Glibc.rename(from, $0) } } }
    }

    /// Gives the file `source` the second name `destination`, which must not exist (`link`).
    static func link(_ source: FilePath, as destination: FilePath) -> Result<Void, Errno> {
        call { source.withPlatformString { from in destination.withPlatformString { Glibc.link(from, $0) } } }
    }

    /// Removes the name `path` (`unlink`).
    @discardableResult
    static func unlink(_ path: FilePath) -> Result<Void, Errno> {
        call { path.withPlatformString { Glibc.unlink($0) } }
    }

    /// Writes what the kernel holds of `descriptor`'s file to the disk (`fsync`).
    static func sync(_ descriptor: FileDescriptor) -> Result<Void, Errno> {
        call { fsync(descriptor.rawValue) }
    }

    /// Takes the exclusive `flock` on `descriptor`'s file without waiting; whether it was had.
    static func tryLock(_ descriptor: FileDescriptor) -> Bool {
        if case .success = call({ flock(descriptor.rawValue, LOCK_EX | LOCK_NB) }) { return true }
        return false
    }

    /// The absolute path of `path` with every symbolic link resolved (`realpath`), or `nil`.
    static func resolvingLinks(_ path: FilePath) -> FilePath? {
        guard let resolved = path.withPlatformString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return FilePath(platformString: resolved)
    }

    /// What the symbolic link `path` points to, as bytes (`readlink`); `nil` when it is not one.
    static func linkTarget(of path: FilePath) -> [UInt8]? {
        var target = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let length = path.withPlatformString { name in
            target.withUnsafeMutableBytes { buffer in buffer.baseAddress.map { readlink(name, $0, buffer.count) } ?? -1 }
        }
        return length > 0 ? Array(target.prefix(length)) : nil
    }

    /// One name in a folder and what `readdir` says it names (`d_type`).
    struct FolderEntry {
        enum Kind { case regular, directory, symbolicLink, unknown, other }
        var name: [UInt8]
        var kind: Kind
    }

    /// Every name in the folder `path`, `.` and `..` included, in no particular order
    /// (`opendir`, `readdir`).
    static func readFolder(_ path: FilePath) -> Result<[FolderEntry], Errno> {
        var opened = path.withPlatformString { opendir($0) }
        while opened == nil, errno == EINTR { opened = path.withPlatformString { opendir($0) } }  // opendir returns no integer
        guard let folder = opened else { return .failure(Errno(rawValue: errno)) }
        defer { closedir(folder) }
        var entries: [FolderEntry] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in Array(buffer.prefix { $0 != 0 }) }
            let kind: FolderEntry.Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .regular
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symbolicLink
            case Int32(DT_UNKNOWN): kind = .unknown
            default: kind = .other
            }
            entries.append(FolderEntry(name: name, kind: kind))
        }
        return .success(entries)
    }

    /// Makes reads and writes on `descriptor` return at once rather than wait (`O_NONBLOCK`), and
    /// closes it in programs this one starts (`FD_CLOEXEC`).
    static func makeNonBlockingAndCloseOnExec(_ descriptor: FileDescriptor) {
        _ = fcntl(descriptor.rawValue, F_SETFL, fcntl(descriptor.rawValue, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor.rawValue, F_SETFD, FD_CLOEXEC)
    }

    /// Maps `byteCount` bytes of `descriptor`'s file, shared, readable and, with `isWritable`,
    /// writable (`mmap`); the mapping is the caller's to `unmap`.
    static func map(_ descriptor: FileDescriptor, byteCount: Int, isWritable: Bool) -> Result<UnsafeMutableRawPointer, Errno> {
        let protection = isWritable ? PROT_READ | PROT_WRITE : PROT_READ
        guard let base = mmap(nil, byteCount, protection, MAP_SHARED, descriptor.rawValue, 0), base != MAP_FAILED else {
            return .failure(Errno(rawValue: errno))
        }
        return .success(base)
    }

    static func unmap(_ base: UnsafeMutableRawPointer, byteCount: Int) { _ = munmap(base, byteCount) }

    /// A call that returns 0 or fails with `errno`, retried while interrupted.
    private static func call(_ body: () -> Int32) -> Result<Void, Errno> {
        retryingInterrupts(body).map { _ in () }.mapError { Errno(rawValue: $0.errno) }
    }
}
