internal import CPictureDecoding
@preconcurrency import Glibc

/// A memory file of pixels, sealed before it leaves the process that filled it: it can no longer
/// shrink, grow or be written, and no seal can be removed. The receiver checks the seals and size
/// and maps it read-only, so the pixels cannot change under it and the mapping cannot lose its
/// pages (a shrunk file would raise SIGBUS on access). As GNOME's glycin hands pixels back.
enum SealedMemoryFile {
    /// Why a received memory file is not used.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// A memory file of `byteCount` bytes written by `fill` through a shared mapping, unmapped and
    /// then sealed. Returns its descriptor (the caller closes it) and what `fill` returned.
    static func make<T>(byteCount: Int, fill: (UnsafeMutableRawBufferPointer) throws -> T) throws -> (descriptor: Int32, value: T) {
        let descriptor = try System.syscall("memfd_create") { cpd_memory_file("photoboard-pixels") }
        do {
            _ = try System.syscall("ftruncate") { ftruncate(descriptor, off_t(byteCount)) }
            guard let base = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), base != MAP_FAILED else {
                throw PlatformError.system(call: "mmap", errno: errno, message: String(cString: strerror(errno)))
            }
            let value: T
            do {
                value = try fill(UnsafeMutableRawBufferPointer(start: base, count: byteCount))
            } catch {
                munmap(base, byteCount)
                throw error
            }
            munmap(base, byteCount)  // a writable mapping would keep F_SEAL_WRITE from being set
            _ = try System.syscall("fcntl(F_ADD_SEALS)") { cpd_seal_memory_file(descriptor) }
            return (descriptor, value)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Maps a received memory file read-only, after checking that it is sealed against every
    /// change and holds exactly `byteCount` bytes. The mapping is the caller's to unmap.
    static func mapReadOnly(_ descriptor: Int32, byteCount: Int) throws(Problem) -> UnsafeMutableRawPointer {
        switch cpd_memory_file_is_sealed(descriptor) {
        case 1: break
        case 0: throw Problem(description: "its pixels came in a memory file that is not sealed")
        default: throw Problem(description: "its pixels did not come in a memory file")
        }
        var info = stat()
        guard case .success = System.retryingInterrupts({ fstat(descriptor, &info) }), Int(info.st_size) == byteCount else {
            throw Problem(description: "its pixels came in a memory file of \(info.st_size) bytes where \(byteCount) were due")
        }
        guard byteCount > 0, let base = mmap(nil, byteCount, PROT_READ, MAP_SHARED, descriptor, 0), base != MAP_FAILED else {
            throw Problem(description: "its pixels could not be mapped: \(String(cString: strerror(errno)))")
        }
        return base
    }
}
