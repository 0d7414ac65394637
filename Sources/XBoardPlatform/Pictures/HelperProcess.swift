internal import CPictureDecoding
import Foundation
import SystemPackage
import XBoard

/// One decoding helper as the board sees it: the board's own binary started in its hidden helper
/// mode (`DecodeHelper`), spoken to over a Unix socket, and killed and reaped the moment it
/// misbehaves — runs past its deadline, dies, or says something that is not a reply.
///
/// Owns the socket and the process: both end in `deinit` (the process with SIGKILL).
final class HelperProcess {
    let pid: Int32
    let socket: Int32
    private var isReaped = false
    /// CPU time the helper reported having used, in milliseconds.
    private(set) var cpuMilliseconds = 0
    /// The generation of the display profile the helper holds (0: none, it converts to sRGB);
    /// see `HelperProcess+DisplayProfile`.
    var displayGeneration: UInt64 = 0

    /// What became of a request.
    enum Outcome {
        /// A reply, well formed; the memory file that came with it (the caller closes it).
        case replied(DecodeMessage.Reply, memoryFile: Int32?)
        /// The helper is gone: why, worded for the user ("crashed (SIGSEGV)").
        case died(String)
        /// No reply within the deadline: the helper has been killed.
        case timedOut
        /// The helper sent something that is not a reply to the request: it has been killed.
        case misbehaved(String)
    }

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `executable` as a helper with the settings' limits and waits (up to `deadline`) for it
    /// to say it is confined and ready.
    init(executable: FilePath, settings: DecodeSettings, deadline: Duration) throws(StartFailure) {
        var pair: [Int32] = [-1, -1]
        let status = cpd_socket_pair(&pair)
        guard status == 0 else { throw StartFailure(description: "socketpair failed: \(Errno(rawValue: status))") }
        let arguments = [
            executable.string, DecodeHelper.flag, "\(System.processID)", "\(settings.addressSpaceLimit)",
            "\(Int(settings.cpuTimeLimit.components.seconds))",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a crash is reported by the board, not symbolicated
        if settings.honoursTestFaults { environment[DecodeHelper.testFaultsVariable] = "1" }
        if cpd_has_address_sanitizer() != 0 {
            // A sanitizer build (the tests' leak check): a confined helper cannot start the
            // symbolizer, and a crash should end it as a crash, not as a sanitizer report
            // nobody reads (its stderr is /dev/null).
            let inherited = environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
            environment["ASAN_OPTIONS"] = inherited + "symbolize=0:handle_segv=0:detect_leaks=0"
        }
        var child: Int32 = 0
        let words = { (strings: [String]) in strings.map { Array($0.utf8) } }
        let spawned = System.withCStrings(words(arguments)) { argv in
            System.withCStrings(words(environment.map { "\($0.key)=\($0.value)" })) { envp in
                executable.withPlatformString { cpd_spawn_helper($0, argv, envp, pair[1], &child) }
            }
        }
        try? FileDescriptor(rawValue: pair[1]).close()
        guard spawned == 0 else {
            try? FileDescriptor(rawValue: pair[0]).close()
            throw StartFailure(description: "\(executable.escaped) could not be started: \(Errno(rawValue: spawned))")
        }
        pid = child
        socket = pair[0]
        if settings.helperNiceness > 0 { System.setNiceness(settings.helperNiceness, of: child) }
        var buffer = [UInt8](repeating: 0, count: DecodeMessage.maximumLength)
        switch receive(into: &buffer, deadline: deadline) {
        case .success(let (bytes, descriptor)):
            if let descriptor { try? FileDescriptor(rawValue: descriptor).close() }
            guard let start = DecodeMessage.Start(bytes: bytes) else {
                throw StartFailure(description: "it did not start as a decoding helper")
            }
            if let problem = start.problem { throw StartFailure(description: "it cannot confine itself: \(problem)") }
        case .failure(let outcome):
            throw StartFailure(description: Self.describe(outcome))
        }
    }

    deinit {
        try? FileDescriptor(rawValue: socket).close()
        terminate()
    }

    /// Sends `request` with the picture's open `file` and waits up to `deadline` for the reply.
    func decode(_ request: DecodeMessage.Request, file: Int32, deadline: Duration) -> Outcome {
        let bytes = request.bytes
        let sent = bytes.withUnsafeBytes { cpd_send_message(socket, $0.baseAddress, $0.count, file) }
        guard sent == bytes.count else { return .died(reapedDescription()) }
        var buffer = [UInt8](repeating: 0, count: DecodeMessage.maximumLength)
        switch receive(into: &buffer, deadline: deadline) {
        case .failure(let failure):
            return failure.outcome
        case .success(let (bytes, memoryFile)):
            guard let reply = DecodeMessage.Reply(bytes: bytes) else {
                if let memoryFile { try? FileDescriptor(rawValue: memoryFile).close() }
                terminate()
                return .misbehaved("sent a reply that cannot be read")
            }
            cpuMilliseconds = reply.cpuMilliseconds
            return .replied(reply, memoryFile: memoryFile)
        }
    }

    /// One message within the deadline, or what happened instead (the helper killed when it misbehaved).
    func receive(into buffer: inout [UInt8], deadline: Duration) -> Result<([UInt8], Int32?), FailedOutcome> {
        let started = MonotonicClock.now()
        while true {
            let left = deadline - (MonotonicClock.now() - started)
            guard left > .zero, hasNews(within: left) else {
                if MonotonicClock.now() - started < deadline { continue }  // woken early
                terminate()
                return .failure(FailedOutcome(.timedOut))
            }
            var descriptor: Int32 = -1
            let length = buffer.withUnsafeMutableBytes { cpd_receive_message(socket, $0.baseAddress, $0.count, &descriptor) }
            switch length {
            case 0: return .failure(FailedOutcome(.died(reapedDescription())))
            case -2:
                terminate()
                return .failure(FailedOutcome(.misbehaved("sent a message that does not fit the protocol")))
            case ..<0:
                if System.lastError == .resourceTemporarilyUnavailable { continue }
                return .failure(FailedOutcome(.died(reapedDescription())))
            default:
                return .success((Array(buffer.prefix(length)), descriptor >= 0 ? descriptor : nil))
            }
        }
    }

    /// Sleeps in poll() until the socket has a message or was closed, or `timeout` passes.
    private func hasNews(within timeout: Duration) -> Bool {
        let milliseconds = Int32(min((timeout.seconds * 1000).rounded(.up), 3_600_000))
        guard let events = (try? System.poll([socket], milliseconds: milliseconds))?.first else { return false }
        return events.isReadable || events.isBroken
    }

    /// An outcome other than a message, carried through `Result`.
    struct FailedOutcome: Error {
        let outcome: Outcome
        init(_ outcome: Outcome) { self.outcome = outcome }
    }

    private static func describe(_ failure: FailedOutcome) -> String {
        switch failure.outcome {
        case .died(let why): why
        case .timedOut: "it did not start in time"
        case .misbehaved(let what): "it \(what)"
        case .replied: "it answered before being asked"
        }
    }

    /// Kills the helper (if it still runs) and reaps it.
    func terminate() {
        guard !isReaped else { return }
        System.send(.kill, to: pid)
        _ = reapedDescription()
    }

    /// Waits for the helper to end and says how it ended, worded for the user.
    private func reapedDescription() -> String {
        guard !isReaped else { return "was stopped" }
        let end = System.waitForChild(pid)
        isReaped = true
        switch end {
        case nil: return "ended"
        case .exited(let status): return "exited (status \(status))"
        case .signalled(.kill): return "was killed (SIGKILL)"
        case .signalled(.badSystemCall): return "was stopped by its sandbox (a forbidden system call)"
        case .signalled(.processorTimeLimit): return "ran out of CPU time"
        case .signalled(.segmentationFault): return "crashed (SIGSEGV)"
        case .signalled(.busError): return "crashed (SIGBUS)"
        case .signalled(.abort): return "aborted"
        case .signalled(let signal) where signal == .illegalInstruction || signal == .trap:
            return "stopped on a failed check (signal \(signal.rawValue))"
        case .signalled(let signal): return "ended on signal \(signal.rawValue)"
        }
    }
}
