internal import CPictureDecoding
import SystemPackage

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
        let file = FileDescriptor(rawValue: descriptor)
        do {
            try System.naming("ftruncate") { try file.resize(to: Int64(byteCount)) }
            let base = try System.naming("mmap") { try System.map(file, byteCount: byteCount, isWritable: true).get() }
            let value: T
            do {
                value = try fill(UnsafeMutableRawBufferPointer(start: base, count: byteCount))
            } catch {
                System.unmap(base, byteCount: byteCount)
                throw error
            }
            System.unmap(base, byteCount: byteCount)  // a writable mapping would keep F_SEAL_WRITE from being set
            _ = try System.syscall("fcntl(F_ADD_SEALS)") { cpd_seal_memory_file(descriptor) }
            return (descriptor, value)
        } catch {
            try? file.close()
            throw error
        }
    }

    /// Maps the first `byteCount` bytes of a received memory file read-only, after checking that
    /// it is sealed against every change and holds exactly `fileSize` bytes (`byteCount` unless
    /// told: more when a thumbnail follows the pixels). The mapping is the caller's to unmap.
    static func mapReadOnly(_ descriptor: Int32, byteCount: Int, fileSize: Int? = nil) throws(Problem) -> UnsafeMutableRawPointer {
        switch cpd_memory_file_is_sealed(descriptor) {
        case 1: break
        case 0: throw Problem(description: "its pixels came in a memory file that is not sealed")
        default: throw Problem(description: "its pixels did not come in a memory file")
        }
        let file = FileDescriptor(rawValue: descriptor)
        let size = (try? System.status(of: file).get())?.size ?? 0
        guard size == fileSize ?? byteCount, byteCount <= size else {
            throw Problem(description: "its pixels came in a memory file of \(size) bytes where \(fileSize ?? byteCount) were due")
        }
        guard byteCount > 0 else { throw Problem(description: "its pixels could not be mapped: \(Errno.invalidArgument)") }
        switch System.map(file, byteCount: byteCount, isWritable: false) {
        case .success(let base): return base
        case .failure(let failure): throw Problem(description: "its pixels could not be mapped: \(failure)")
        }
    }
}
