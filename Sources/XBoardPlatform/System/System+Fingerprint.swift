@preconcurrency import Glibc
import SystemPackage
import XBoard

extension System {
    /// The fingerprint of the file at `path` (its size and the hash of its first 64 KiB), or
    /// `nil` when it cannot be read. Opens without blocking, so a FIFO cannot hang the caller.
    public static func fingerprint(of path: FilePath) -> PhotoFingerprint? {
        guard
            case .success(let descriptor) = retryingInterrupts({ path.withPlatformString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) } })
        else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard case .success = retryingInterrupts({ fstat(descriptor, &info) }), info.st_mode & S_IFMT == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: PhotoFingerprint.headLength)
        var filled = 0
        while filled < head.count {
            let result = head.withUnsafeMutableBytes { buffer in
                retryingInterrupts { pread(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled, off_t(filled)) }
            }
            guard case .success(let count) = result else { return nil }
            if count == 0 { break }
            filled += count
        }
        return PhotoFingerprint(size: Int64(info.st_size), head: head.prefix(filled))
    }
}
