import Glibc
import SystemPackage

/// The kernel's clocks, the calling thread's processor and run-queue time, and priorities.
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
