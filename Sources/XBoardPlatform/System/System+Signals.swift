import Glibc
import Synchronization
import SystemPackage

// Signals (the self-pipe trick, for `SignalPipe`) and child processes (`posix_spawn`, `waitpid`).

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
