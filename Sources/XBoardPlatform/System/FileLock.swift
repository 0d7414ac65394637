@preconcurrency import Glibc
import SystemPackage
import XBoard

/// An exclusive `flock` on a lock file, held from `init` until `deinit`: how two windows on the
/// same board take turns at its read-merge-write. The lock file is private (0600) and never
/// followed through a link.
public final class FileLock {
    private let descriptor: Int32

    /// Waits up to `timeout` for the lock on `path` (created if missing); `nil` when it cannot
    /// be had (the caller then goes on without: the write is still atomic).
    public init?(_ path: FilePath, timeout: Duration = .seconds(2)) {
        guard
            case .success(let opened) = System.retryingInterrupts({
                path.withPlatformString { open($0, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600) }
            })
        else { return nil }
        let deadline = MonotonicClock.now() + timeout
        while true {
            if case .success = System.retryingInterrupts({ flock(opened, LOCK_EX | LOCK_NB) }) { break }
            guard MonotonicClock.now() < deadline else {
                close(opened)
                return nil
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            _ = nanosleep(&pause, nil)
        }
        descriptor = opened
    }

    deinit { close(descriptor) }
}
