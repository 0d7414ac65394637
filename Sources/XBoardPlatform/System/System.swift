@preconcurrency import Glibc
import Synchronization
import SystemPackage
import XBoard

/// The C library, in one place (as argument-parser's `Platform.swift`): this file and its
/// extensions — the process (`System+Process`), signals and child processes
/// (`System+Signals`), clocks and priorities (`System+Clocks`), descriptors, files and memory
/// (`System+Descriptors`) — are the only files of the adapter outside `Painting/` that import
/// Glibc, and this one alone with `@preconcurrency`. The rest reaches the kernel through
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
