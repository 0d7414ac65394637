import SystemPackage
import XBoard

/// An exclusive `flock` on a lock file, held from `init` until `deinit`: how two windows on the
/// same board take turns at its read-merge-write. The lock file is private (0600) and never
/// followed through a link.
public final class FileLock {
    private let descriptor: FileDescriptor

    /// Waits up to `timeout` for the lock on `path` (created if missing); `nil` when it cannot
    /// be had (the caller then goes on without: the write is still atomic).
    public init?(_ path: FilePath, timeout: Duration = .seconds(2)) {
        guard
            let opened = try? FileDescriptor.open(
                path, .readWrite, options: [.create, .noFollow, .closeOnExec], permissions: .ownerReadWrite)
        else { return nil }
        let deadline = MonotonicClock.now() + timeout
        while !System.tryLock(opened) {
            guard MonotonicClock.now() < deadline else {
                try? opened.close()
                return nil
            }
            System.sleep(for: .milliseconds(10))
        }
        descriptor = opened
    }

    deinit { try? descriptor.close() }
}
