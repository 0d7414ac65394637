@preconcurrency import Glibc
import SystemPackage
import XBoard

/// An open regular file read at offsets (pread), for walking a picture's structure without
/// reading all of it. Opens without blocking, so a FIFO or device cannot hang the caller.
///
/// Owns the descriptor: opened in `init`, closed in `deinit`.
final class FileReader {
    private let descriptor: Int32
    /// The file's size in bytes when opened.
    let size: Int64

    init(path: FilePath) throws(FileProblem) {
        let descriptor: Int32
        switch System.retryingInterrupts({ path.withPlatformString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) } }) {
        case .success(let opened): descriptor = opened
        case .failure(let failure): throw FileProblem(errno: failure.errno)
        }
        var info = stat()
        if case .failure(let failure) = System.retryingInterrupts({ fstat(descriptor, &info) }) {
            close(descriptor)
            throw FileProblem(errno: failure.errno)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notRegularFile
        }
        self.descriptor = descriptor
        size = Int64(info.st_size)
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from `offset`: fewer at the end of the file; a read error fails.
    func read(offset: Int64, count: Int) -> Result<[UInt8], FileProblem> {
        guard offset >= 0, count > 0, offset < size else { return .success([]) }
        let wanted = Int(min(Int64(count), size - offset))
        var bytes = [UInt8](repeating: 0, count: wanted)
        var done = 0
        while done < wanted {
            let read = bytes.withUnsafeMutableBytes { buffer in
                System.retryingInterrupts {
                    buffer.baseAddress.map { pread(descriptor, $0 + done, wanted - done, off_t(offset) + off_t(done)) } ?? 0
                }
            }
            switch read {
            case .failure(let failure): return .failure(FileProblem(errno: failure.errno))
            case .success(0): return .success(Array(bytes.prefix(done)))
            case .success(let got): done += got
            }
        }
        return .success(Array(bytes.prefix(done)))
    }

    /// A reader for `EmbeddedOrientation`: what can be read, empty where nothing can.
    var byteReader: EmbeddedOrientation.ByteReader {
        { [self] offset, count in (try? read(offset: Int64(offset), count: count).get()) ?? [] }
    }
}
