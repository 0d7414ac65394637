@preconcurrency import Glibc

/// The kernel calls the platform layer needs, in one place (as argument-parser's
/// `Platform.swift`). Every call retries `EINTR` and throws an error naming the call.
public enum System {
    /// The monotonic clock as a board `Instant` (origin: boot).
    public static func now() -> Instant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Instant(sinceOrigin: .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec)))
    }

    public static var processID: Int32 { getpid() }

    /// Writes one line to standard error, unbuffered.
    public static func printError(_ line: String) {
        var text = line
        if !text.hasSuffix("\n") { text += "\n" }
        text.withCString { pointer in _ = write(2, pointer, strlen(pointer)) }
    }

    /// Sleeps in poll() until `fileDescriptor` is readable or the timeout passes; `nil` waits
    /// forever. Returns whether the descriptor became readable.
    @discardableResult
    public static func waitUntilReadable(_ fileDescriptor: Int32, timeout: Duration?) throws -> Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds: Int32
        if let timeout {
            let value = timeout.seconds * 1000
            milliseconds = value <= 0 ? 0 : Int32(min(value.rounded(.up), 3_600_000))
        } else {
            milliseconds = -1
        }
        let ready = try syscall("poll") { poll(&descriptor, 1, milliseconds) }
        if ready > 0, descriptor.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0, descriptor.revents & Int16(POLLIN) == 0 {
            throw PlatformError.connectionLost
        }
        return ready > 0
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
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        buffer[length] = 0
        return String(cString: buffer)
    }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Names in a directory (no "." or ".."), unsorted; `nil` when it cannot be read.
    public static func directoryEntries(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
