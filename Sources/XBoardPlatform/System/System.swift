@preconcurrency import Glibc
import Synchronization
import SystemPackage
import XBoard

/// The C library, in one place (as argument-parser's `Platform.swift`): the only file of the
/// adapter outside `Painting/` that imports Glibc. The rest reaches the kernel through
/// swift-system (`FileDescriptor`, `Errno`) or through the calls here, which take and give
/// Swift values; files as the board uses them are in `System+Files` and `System+SafeFiles`,
/// starting a copy of the board in `System+Spawn`. Every call that can be interrupted goes
/// through `retryingInterrupts(_:)` (or `syscall(_:_:)`, which throws an error naming the call).
public enum System {
    public static var processID: Int32 { getpid() }

    /// Writes one line to standard error, unbuffered.
    public static func printError(_ line: String) {
        var text = line
        if !text.hasSuffix("\n") { text += "\n" }
        text.withCString { pointer in _ = write(2, pointer, strlen(pointer)) }
    }

    /// Runs `body` until it does not fail with `EINTR` (a negative result with `errno` EINTR);
    /// returns its result, or the `errno` it failed with. Every call into the kernel that can be
    /// interrupted goes through here (as swift-nio's `syscall(blocking:where:_:)`).
    public static func retryingInterrupts<Value: BinaryInteger>(_ body: () -> Value) -> Result<Value, SystemCallError> {
        while true {
            let result = body()
            if result >= 0 { return .success(result) }
            let code = errno
            if code != EINTR { return .failure(SystemCallError(errno: code)) }
        }
    }

    /// Runs `body` until it does not fail with `EINTR`; throws `PlatformError.system` naming the
    /// call otherwise.
    public static func syscall<Value: BinaryInteger>(_ name: String, _ body: () -> Value) throws -> Value {
        switch retryingInterrupts(body) {
        case .success(let value): return value
        case .failure(let failure):
            throw PlatformError.system(call: name, errno: failure.errno, message: String(cString: strerror(failure.errno)))
        }
    }

    /// Runs a swift-system call; throws `PlatformError.system` naming `call` when it fails with
    /// an `Errno`, as `syscall(_:_:)` does.
    static func naming<T>(_ call: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as Errno {
            throw PlatformError.system(call: call, errno: failure.rawValue, message: failure.description)
        }
    }

    /// The `errno` the last failed call on this thread left (read it right after the call).
    static var lastError: Errno { Errno(rawValue: errno) }

    /// Runs a swift-system call, its failure as a value (swift-system throws only `Errno`).
    static func result<T>(of body: () throws -> T) -> Result<T, Errno> {
        do {
            return .success(try body())
        } catch {
            return .failure(error as? Errno ?? Errno(rawValue: -1))
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
}

/// A failed kernel call's `errno`.
public struct SystemCallError: Error, Hashable, Sendable {
    public var errno: Int32
}

// MARK: The process

extension System {
    static var parentProcessID: Int32 { getppid() }

    /// An environment variable as the bytes it holds; `nil` when unset or empty.
    static func environmentPath(_ name: String) -> FilePath? {
        guard let value = getenv(name) else { return nil }
        let path = FilePath(platformString: value)
        return path.isEmpty ? nil : path
    }

    /// An XDG base directory (the Base Directory Specification): `$variable` when it names an
    /// absolute folder, else `$HOME/fallback`; or the line that says why there is none.
    static func xdgBaseFolder(_ variable: String, else fallback: String) -> Result<FilePath, StoreError> {
        if let folder = environmentPath(variable), folder.isAbsolute { return .success(folder) }
        if let home = environmentPath("HOME"), home.isAbsolute { return .success(home.appending(fallback)) }
        return .failure(StoreError("find", FilePath("$" + variable), reason: "neither it nor $HOME names an absolute folder"))
    }

    /// Whether the environment variable `name` is set, to anything (the empty string too).
    static func isEnvironmentVariableSet(_ name: String) -> Bool { getenv(name) != nil }

    /// An environment variable's value, if it is set and UTF-8.
    static func environmentValue(_ name: String) -> String? { getenv(name).flatMap { String(validatingCString: $0) } }

    /// Whether `PHOTOBOARD_TRACE` (a comma-separated list) names `topic`.
    public static func traces(_ topic: String) -> Bool {
        guard let value = getenv("PHOTOBOARD_TRACE") else { return false }
        return String(cString: value).split(separator: ",").contains { $0 == topic }
    }

    /// User and system CPU time this process has used so far, in milliseconds (`getrusage`);
    /// 0 when it cannot be told.
    static var processorMilliseconds: Int {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        let user = Int(usage.ru_utime.tv_sec) * 1000 + Int(usage.ru_utime.tv_usec) / 1000
        return user + Int(usage.ru_stime.tv_sec) * 1000 + Int(usage.ru_stime.tv_usec) / 1000
    }

    /// Bytes of physical memory.
    static var physicalMemory: Int { Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE))) }

    /// A limit this process sets on itself (`setrlimit`), named as in C.
    enum ResourceLimit: String {
        case coreFileSize = "RLIMIT_CORE"
        case processorSeconds = "RLIMIT_CPU"
        case addressSpace = "RLIMIT_AS"
    }

    /// Sets `limit`, soft and hard, to `value` (bytes, or seconds of CPU time).
    static func setLimit(_ limit: ResourceLimit, to value: Int) -> Result<Void, Errno> {
        let resource =
            switch limit {
            case .coreFileSize: RLIMIT_CORE
            case .processorSeconds: RLIMIT_CPU
            case .addressSpace: RLIMIT_AS
            }
        var bounds = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
        return setrlimit(Int32(resource.rawValue), &bounds) == 0 ? .success(()) : .failure(Errno(rawValue: errno))
    }

    /// The bit of `mmap`'s and `mprotect`'s protection argument that makes memory executable
    /// (`PROT_EXEC`), for the decoding sandbox's filter.
    static var executableProtection: UInt { UInt(PROT_EXEC) }

    /// Sleeps the calling thread for `duration` (`nanosleep`; a signal may end it early).
    static func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        _ = nanosleep(&pause, nil)
    }

    /// Frees memory a C library allocated with `malloc` and handed over.
    static func freeCMemory(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }

    /// Sleeps the calling thread for good (the decoding helper's test fault that hangs).
    static func sleepForever() -> Never {
        while true { Glibc.sleep(3600) }
    }
}

// MARK: Signals and child processes

/// The write end of the signal pipe, for the handler: set before the handler is installed and
/// never changed after (a global `let` of an atomic, so reading it in a handler is safe).
private let signalPipeWriteEnd = Atomic<Int32>(-1)

extension System {
    /// A signal, by its number.
    struct Signal: RawRepresentable, Hashable, Sendable {
        var rawValue: Int32

        static let kill = Signal(rawValue: SIGKILL)
        static let terminate = Signal(rawValue: SIGTERM)
        static let hangUp = Signal(rawValue: SIGHUP)
        static let interrupt = Signal(rawValue: SIGINT)
        static let segmentationFault = Signal(rawValue: SIGSEGV)
        static let busError = Signal(rawValue: SIGBUS)
        static let badSystemCall = Signal(rawValue: SIGSYS)
        static let processorTimeLimit = Signal(rawValue: SIGXCPU)
        static let abort = Signal(rawValue: SIGABRT)
        static let illegalInstruction = Signal(rawValue: SIGILL)
        static let trap = Signal(rawValue: SIGTRAP)
    }

    /// Sends `signal` to `process`.
    static func send(_ signal: Signal, to process: Int32) { _ = Glibc.kill(process, signal.rawValue) }

    /// Sends `signal` to this process.
    static func raise(_ signal: Signal) { _ = Glibc.raise(signal.rawValue) }

    /// Makes each of `signals` write its number, as one byte, to `descriptor` (the self-pipe
    /// trick): the handler does nothing else, and keeps `errno`.
    static func writeSignals(_ signals: [Signal], to descriptor: Int32) {
        signalPipeWriteEnd.store(descriptor, ordering: .sequentiallyConsistent)
        for signal in signals {
            _ = Glibc.signal(signal.rawValue) { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                let descriptor = signalPipeWriteEnd.load(ordering: .relaxed)
                if descriptor >= 0 { _ = write(descriptor, &byte, 1) }
                errno = saved
            }
        }
    }

    /// Gives `signals` their default action back; with `forgettingPipe`, handlers installed
    /// later find no pipe to write to.
    static func restoreDefaultAction(of signals: [Signal], forgettingPipe: Bool = false) {
        for signal in signals { _ = Glibc.signal(signal.rawValue, SIG_DFL) }
        if forgettingPipe { signalPipeWriteEnd.store(-1, ordering: .sequentiallyConsistent) }
    }

    /// How a child process ended.
    enum ChildEnd: Hashable {
        case exited(status: Int32)
        case signalled(Signal)
    }

    /// Waits for the child `process` to end and reaps it (`waitpid`); `nil` when it cannot be
    /// waited for.
    static func waitForChild(_ process: Int32) -> ChildEnd? {
        var status: Int32 = 0
        guard case .success = retryingInterrupts({ waitpid(process, &status, 0) }) else { return nil }
        let signal = status & 0x7F
        return signal == 0 ? .exited(status: status >> 8 & 0xFF) : .signalled(Signal(rawValue: signal))
    }

    /// Starts `program` with `arguments` (the first is the name it is called by) and this
    /// process's environment (`posix_spawn`); the child's process id, or why it could not start.
    static func spawn(_ program: FilePath, arguments: [[UInt8]]) -> Result<Int32, Errno> {
        var child: pid_t = 0
        let result = withCStrings(arguments) { pointers in
            program.withPlatformString { posix_spawn(&child, $0, nil, nil, pointers, environ) }
        }
        return result == 0 ? .success(child) : .failure(Errno(rawValue: result))
    }

    /// Runs `body` with `words` as a NULL-terminated array of C strings (for `argv` and `envp`),
    /// which live until it returns.
    static func withCStrings<T>(_ words: [[UInt8]], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        var pointers: [UnsafeMutablePointer<CChar>?] = words.map { word in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: word.count + 1)
            for (index, byte) in word.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[word.count] = 0
            return pointer
        }
        pointers.append(nil)
        defer { pointers.forEach { $0?.deallocate() } }
        return body(pointers)
    }
}

// MARK: Clocks

extension System {
    /// `CLOCK_MONOTONIC`: time since boot, never set back.
    static func monotonicTime() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
    }

    /// `CLOCK_THREAD_CPUTIME_ID`: how long the calling thread has run on a processor.
    static func threadProcessorTime() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
    }

    /// How long the calling thread has waited for a processor while it could run (the second
    /// figure of `/proc/thread-self/schedstat`); zero when that cannot be read.
    static func threadRunQueueTime() -> Duration {
        let descriptor = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .zero }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 127) }
        guard count > 0 else { return .zero }
        let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let nanoseconds = Int64(fields[1]) else { return .zero }
        return .nanoseconds(nanoseconds)
    }

    /// Lowers the priority of process `pid` (this user's) to `niceness`; nothing when it cannot.
    static func setNiceness(_ niceness: Int32, of pid: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), niceness)
    }

    /// Lowers the priority of the calling thread alone to `niceness` (Linux gives each thread its
    /// own); nothing when it cannot.
    static func setThisThreadsNiceness(_ niceness: Int32) {
        guard let thread = threadID() else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread), niceness)
    }

    /// The calling thread's id (`/proc/thread-self` names it: "pid/task/tid"; Glibc's `gettid`
    /// is not exported to Swift).
    private static func threadID() -> Int32? {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, 63)
        guard count > 0 else { return nil }
        let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return link.split(separator: "/").last.flatMap { Int32($0) }
    }

    /// `CLOCK_REALTIME`: seconds since 1970 (UTC).
    static func wallClockSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// How many seconds the local clock was ahead of UTC at `seconds` since 1970 (`localtime_r`'s
    /// `tm_gmtoff`); 0 when it cannot be told.
    static func localClockOffset(at seconds: Double) -> Double {
        var whole = time_t(seconds.rounded(.down)), local = tm()
        return localtime_r(&whole, &local) != nil ? Double(local.tm_gmtoff) : 0
    }
}

// MARK: Waiting on descriptors

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

// MARK: Files and memory

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
        }
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
