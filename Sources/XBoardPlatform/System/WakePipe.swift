import SystemPackage

/// A non-blocking pipe that wakes a poll() loop from another thread: a worker writes a byte, the
/// loop sleeps on `readDescriptor` and drains it. Owns both descriptors and closes them.
public final class WakePipe: Sendable {
    private let readEnd: FileDescriptor
    private let writeEnd: FileDescriptor
    /// Readable while wake-ups are pending.
    public var readDescriptor: Int32 { readEnd.rawValue }
    /// The write end (a signal handler may write to it, `SignalPipe`).
    var writeDescriptor: Int32 { writeEnd.rawValue }

    public init() throws {
        (readEnd, writeEnd) = try System.naming("pipe") { try FileDescriptor.pipe() }
        for end in [readEnd, writeEnd] { System.makeNonBlockingAndCloseOnExec(end) }
    }

    deinit {
        try? readEnd.close()
        try? writeEnd.close()
    }

    /// Wakes the reader; a full pipe already wakes it, so a failed write loses nothing.
    public func wake() {
        _ = try? writeEnd.writeAll([UInt8(1)])
    }

    /// Takes every pending wake-up byte, so the next poll sleeps again.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while (try? buffer.withUnsafeMutableBytes { try readEnd.read(into: $0) }) ?? 0 > 0 {}
    }
}
