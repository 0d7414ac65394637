@preconcurrency import Glibc
import Synchronization

/// The write end of the signal pipe, for the handler: set before the handler is installed and
/// never changed after (a global `let` of an atomic, so reading it in a handler is safe).
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The termination signals (SIGTERM, SIGHUP at logout, SIGINT) as a descriptor the loop's
/// poll() wakes on (the self-pipe trick): the handler only writes the signal's number into a
/// pipe, and the loop ends normally — saving the arrangement — when it reads one.
///
/// One per process (the handler writes to the last one made); the pipe is a `WakePipe`, which
/// owns and closes its descriptors.
public final class SignalPipe {
    private let pipe: WakePipe
    /// Readable once a signal arrived.
    public var readDescriptor: Int32 { pipe.readDescriptor }
    public static let terminationSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]

    /// Opens the pipe and installs the handlers.
    public init() throws {
        pipe = try WakePipe()
        signalPipeWriteEnd.store(pipe.writeDescriptor, ordering: .sequentiallyConsistent)
        for signalNumber in Self.terminationSignals {
            signal(signalNumber) { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                let descriptor = signalPipeWriteEnd.load(ordering: .relaxed)
                if descriptor >= 0 { _ = write(descriptor, &byte, 1) }
                errno = saved
            }
        }
    }

    /// The handlers go before the pipe closes (after this body).
    deinit {
        Self.restoreDefaults()
        signalPipeWriteEnd.store(-1, ordering: .sequentiallyConsistent)
    }

    /// The signal that arrived since the last call, if any; drains the pipe. Once one has
    /// arrived the defaults are back, so a second one ends the process at once (a save stuck on
    /// a dead disk cannot keep it alive).
    public func takeSignal() -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        var received: Int32?
        while case .success(let count) = System.retryingInterrupts({ read(readDescriptor, &buffer, buffer.count) }), count > 0 {
            received = received ?? Int32(buffer[0])
        }
        if received != nil { Self.restoreDefaults() }
        return received
    }

    private static func restoreDefaults() {
        for signalNumber in terminationSignals { signal(signalNumber, SIG_DFL) }
    }
}
