import Glibc
import SystemPackage

/// The process itself: its environment, the XDG folders, traces, resources and limits, sleeping.
extension System {
    static var parentProcessID: Int32 { getppid() }

    /// An environment variable as the bytes it holds; `nil` when unset or empty.
    static func environmentPath(_ name: String) -> FilePath? {
        guard let value = getenv(name) else { return nil }
        let path = FilePath(platformString: value)
        return path.isEmpty ? nil : path
    }

    /// An XDG base directory (the Base Directory Specification): `$variable` when it names an
    /// absolute folder, else `$HOME/fallback`; or the line that says why there is none.
    static func xdgBaseFolder(_ variable: String, else fallback: String) -> Result<FilePath, StoreError> {
        if let folder = environmentPath(variable), folder.isAbsolute { return .success(folder) }
        if let home = environmentPath("HOME"), home.isAbsolute { return .success(home.appending(fallback)) }
        return .failure(StoreError("find", FilePath("$" + variable), reason: "neither it nor $HOME names an absolute folder"))
    }

    /// Whether the environment variable `name` is set, to anything (the empty string too).
    static func isEnvironmentVariableSet(_ name: String) -> Bool { getenv(name) != nil }

    /// An environment variable's value, if it is set and UTF-8.
    static func environmentValue(_ name: String) -> String? { getenv(name).flatMap { String(validatingCString: $0) } }

    /// Whether `PHOTOBOARD_TRACE` (a comma-separated list) names `topic`.
    public static func traces(_ topic: String) -> Bool {
        guard let value = getenv("PHOTOBOARD_TRACE") else { return false }
        return String(cString: value).split(separator: ",").contains { $0 == topic }
    }

    /// User and system CPU time this process has used so far, in milliseconds (`getrusage`);
    /// 0 when it cannot be told.
    static var processorMilliseconds: Int {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        let user = Int(usage.ru_utime.tv_sec) * 1000 + Int(usage.ru_utime.tv_usec) / 1000
        return user + Int(usage.ru_stime.tv_sec) * 1000 + Int(usage.ru_stime.tv_usec) / 1000
    }

    /// Bytes of physical memory.
    static var physicalMemory: Int { Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE))) }

    /// A limit this process sets on itself (`setrlimit`), named as in C.
    enum ResourceLimit: String {
        case coreFileSize = "RLIMIT_CORE"
        case processorSeconds = "RLIMIT_CPU"
        case addressSpace = "RLIMIT_AS"
    }

    /// Sets `limit`, soft and hard, to `value` (bytes, or seconds of CPU time).
    static func setLimit(_ limit: ResourceLimit, to value: Int) -> Result<Void, Errno> {
        let resource =
            switch limit {
            case .coreFileSize: RLIMIT_CORE
            case .processorSeconds: RLIMIT_CPU
            case .addressSpace: RLIMIT_AS
            }
        var bounds = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
        return setrlimit(Int32(resource.rawValue), &bounds) == 0 ? .success(()) : .failure(Errno(rawValue: errno))
    }

    /// The bit of `mmap`'s and `mprotect`'s protection argument that makes memory executable
    /// (`PROT_EXEC`), for the decoding sandbox's filter.
    static var executableProtection: UInt { UInt(PROT_EXEC) }

    /// Sleeps the calling thread for `duration` (`nanosleep`; a signal may end it early).
    static func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        _ = nanosleep(&pause, nil)
    }

    /// Frees memory a C library allocated with `malloc` and handed over.
    static func freeCMemory(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }

    /// Sleeps the calling thread for good (the decoding helper's test fault that hangs).
    static func sleepForever() -> Never {
        while true { Glibc.sleep(3600) }
    }
}
