@preconcurrency import Glibc

/// A non-blocking pipe that wakes a poll() loop from another thread: a worker writes a byte, the
/// loop sleeps on `readDescriptor` and drains it. Owns both descriptors and closes them.
public final class WakePipe: Sendable {
    /// Readable while wake-ups are pending.
    public let readDescriptor: Int32
    /// The write end (a signal handler may write to it, `SignalPipe`).
    let writeDescriptor: Int32

    public init() throws {
        var ends: [Int32] = [0, 0]
        _ = try System.syscall("pipe") { pipe(&ends) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (readDescriptor, writeDescriptor) = (ends[0], ends[1])
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Wakes the reader; a full pipe already wakes it, so a failed write loses nothing.
    public func wake() {
        var byte: UInt8 = 1
        _ = try? System.syscall("write") { write(writeDescriptor, &byte, 1) }
    }

    /// Takes every pending wake-up byte, so the next poll sleeps again.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while (try? System.syscall("read") { read(readDescriptor, &buffer, buffer.count) }) ?? 0 > 0 {}
    }
}
