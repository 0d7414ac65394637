@preconcurrency import Glibc
import SystemPackage
import XBoard

/// The kernel calls the platform layer needs, in one place (as argument-parser's
/// `Platform.swift`): standard error and the process here, files in `System+Files`. Every call
/// that can be interrupted goes through `retryingInterrupts(_:)` (or `syscall(_:_:)`, which
/// throws an error naming the call). The clock, poll() and the wake pipe have their own files.
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
