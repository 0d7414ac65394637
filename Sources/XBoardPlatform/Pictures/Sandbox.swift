internal import CPictureDecoding
import SystemPackage

/// The confinement of a decoding helper, as GNOME's glycin confines its loaders: no new
/// privileges, limits on address space, CPU time and core dumps, no descriptors but the ones it
/// needs, death with its parent, and a seccomp filter that allows only the system calls decoding
/// needs — installed after every loader is loaded and warmed up (`LoaderWarmUp`), so it need not
/// allow opening files or loading code.
enum Sandbox {
    /// What a confinement step could not do, naming the step.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The limits and the descriptor clean-up, before the loaders load: nothing here depends on them.
    static func limit(parent: Int32, addressSpace: Int, cpuTime: Duration) throws(Failure) {
        // The parent thread that started us may already be gone: then so must we.
        guard cpd_set_parent_death_signal(System.Signal.kill.rawValue) == 0 else {
            throw Failure(description: "prctl(PR_SET_PDEATHSIG) failed")
        }
        if System.parentProcessID != parent { System.exitImmediately(0) }
        try setLimit(.coreFileSize, to: 0)
        let seconds = max(1, Int(cpuTime.components.seconds))
        try setLimit(.processorSeconds, to: seconds)
        // AddressSanitizer reserves terabytes of address space for its shadow memory: a sanitizer
        // build (the tests' leak check) runs without this one limit.
        if cpd_has_address_sanitizer() == 0 { try setLimit(.addressSpace, to: addressSpace) }
        // 0–2 are /dev/null and 3 is the socket to the board (`HelperProcess`); nothing else.
        guard cpd_close_descriptors_from(4) == 0 else { throw Failure(description: "close_range failed") }
        guard cpd_set_no_new_privileges() == 0 else { throw Failure(description: "prctl(PR_SET_NO_NEW_PRIVS) failed") }
    }

    private static func setLimit(_ limit: System.ResourceLimit, to value: Int) throws(Failure) {
        if case .failure(let failure) = System.setLimit(limit, to: value) {
            throw Failure(description: "setrlimit(\(limit.rawValue)) failed: \(failure)")
        }
    }

    /// One rule of the filter: a system call by name, and what happens when it is made.
    struct Rule {
        enum Action {
            case allow
            /// Fails with this errno, so the library sees an ordinary failure (open → EACCES).
            case fail(Errno)
        }

        let name: String
        let action: Action
        /// Argument comparisons that must all hold for the rule to apply.
        let conditions: [scmp_arg_cmp]

        init(_ name: String, _ action: Action = .allow, where conditions: [scmp_arg_cmp] = []) {
            self.name = name
            self.action = action
            self.conditions = conditions
        }
    }

    /// The allowlist: every system call a helper makes from the moment the filter is on, found
    /// by running every format's fixtures (and damaged files) through helpers under
    /// `strace -f` (see RELIABILITY.md); any other call kills the helper (SIGSYS), which costs
    /// exactly the picture it held.
    static var rules: [Rule] {
        let me = UInt64(System.processID)
        return [
            // The board's requests and replies; the picture file and the pixels' memory file.
            Rule("recvmsg"), Rule("sendmsg"), Rule("read"), Rule("pread64"), Rule("lseek"), Rule("write"), Rule("close"),
            Rule("fstat"), Rule("newfstatat"), Rule("memfd_create"), Rule("ftruncate"), Rule("fcntl"),
            // Memory: the allocator, loaders' buffers, thread stacks — never executable.
            Rule("mmap", where: [condition(2, .maskedEqual(System.executableProtection), to: 0)]),
            Rule("mprotect", where: [condition(2, .maskedEqual(System.executableProtection), to: 0)]),
            Rule("munmap"), Rule("mremap"), Rule("madvise"), Rule("brk"),
            // Threads (libheif, dav1d and libaom decode on several) and their synchronisation.
            Rule("clone", where: [condition(0, .maskedEqual(cpd_thread_clone_flags()), to: UInt64(cpd_thread_clone_flags()))]),
            Rule("futex"), Rule("set_robust_list"), Rule("rseq"), Rule("sched_yield"), Rule("sched_getaffinity"),
            Rule("prctl", where: [condition(0, .equal, to: UInt64(cpd_prctl_set_name()))]),
            Rule("prctl", where: [condition(0, .equal, to: UInt64(cpd_prctl_get_name()))]),
            // Time, randomness, signals, the helper's own CPU time, exit.
            Rule("clock_gettime"), Rule("clock_nanosleep"), Rule("nanosleep"), Rule("gettimeofday"), Rule("getrandom"),
            Rule("rt_sigprocmask"), Rule("rt_sigaction"), Rule("rt_sigreturn"), Rule("sigaltstack"), Rule("restart_syscall"),
            Rule("getpid"), Rule("gettid"), Rule("getrusage"), Rule("exit"), Rule("exit_group"),
            Rule("prlimit64", where: [condition(2, .equal, to: 0)]),  // reading limits only
            Rule("tgkill", where: [condition(0, .equal, to: me)]),  // abort() and raise() on itself
            // Fail quietly: nothing opens files, sockets or terminals once the loaders are in.
            Rule("openat", .fail(.permissionDenied)), Rule("open", .fail(.permissionDenied)), Rule("socket", .fail(.permissionDenied)),
            Rule("ioctl", .fail(.inappropriateIOCTLForDevice)), Rule("readlink", .fail(.permissionDenied)),
            Rule("clone3", .fail(.noFunction)),  // glibc then starts threads with clone
        ]
    }

    enum Comparison {
        case equal
        case maskedEqual(UInt)
    }

    static func condition(_ argument: UInt32, _ comparison: Comparison, to value: UInt64) -> scmp_arg_cmp {
        switch comparison {
        case .equal: scmp_arg_cmp(arg: argument, op: SCMP_CMP_EQ, datum_a: value, datum_b: 0)
        case .maskedEqual(let mask): scmp_arg_cmp(arg: argument, op: SCMP_CMP_MASKED_EQ, datum_a: UInt64(mask), datum_b: value)
        }
    }

    /// Installs the filter on every thread of the process (any other system call kills it).
    static func installFilter() throws(Failure) {
        guard let filter = seccomp_init(SCMP_ACT_KILL_PROCESS) else { throw Failure(description: "seccomp_init failed") }
        defer { seccomp_release(filter) }
        guard seccomp_attr_set(filter, SCMP_FLTATR_CTL_TSYNC, 1) == 0 else { throw Failure(description: "seccomp cannot sync threads") }
        for rule in rules {
            let number = seccomp_syscall_resolve_name(rule.name)
            guard number != __NR_SCMP_ERROR else { continue }  // not a call on this architecture (open on arm64)
            let action: UInt32
            switch rule.action {
            case .allow: action = SCMP_ACT_ALLOW
            case .fail(let code): action = cpd_seccomp_errno_action(code.rawValue)
            }
            let status = rule.conditions.withUnsafeBufferPointer { conditions in
                seccomp_rule_add_array(filter, action, number, UInt32(conditions.count), conditions.baseAddress)
            }
            guard status == 0 else {
                throw Failure(description: "seccomp rule for \(rule.name) failed: \(Errno(rawValue: -status))")
            }
        }
        let status = seccomp_load(filter)
        guard status == 0 else { throw Failure(description: "seccomp_load failed: \(Errno(rawValue: -status))") }
    }
}
