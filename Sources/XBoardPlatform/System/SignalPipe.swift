import SystemPackage

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
    static let terminationSignals: [System.Signal] = [.terminate, .hangUp, .interrupt]

    /// Opens the pipe and installs the handlers.
    public init() throws {
        pipe = try WakePipe()
        System.writeSignals(Self.terminationSignals, to: pipe.writeDescriptor)
    }

    /// The handlers go before the pipe closes (after this body).
    deinit {
        System.restoreDefaultAction(of: Self.terminationSignals, forgettingPipe: true)
    }

    /// The signal that arrived since the last call, if any; drains the pipe. Once one has
    /// arrived the defaults are back, so a second one ends the process at once (a save stuck on
    /// a dead disk cannot keep it alive).
    public func takeSignal() -> Int32? {
        let readEnd = FileDescriptor(rawValue: readDescriptor)
        var buffer = [UInt8](repeating: 0, count: 16)
        var received: Int32?
        while let count = try? buffer.withUnsafeMutableBytes({ try readEnd.read(into: $0) }), count > 0 {
            received = received ?? Int32(buffer[0])
        }
        if received != nil { System.restoreDefaultAction(of: Self.terminationSignals) }
        return received
    }
}
