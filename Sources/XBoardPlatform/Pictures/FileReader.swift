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
        let descriptor = path.withPlatformString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw FileProblem(errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let problem = FileProblem(errno: errno)
            close(descriptor)
            throw problem
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
            let got = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { pread(descriptor, $0 + done, wanted - done, off_t(offset) + off_t(done)) } ?? -1
            }
            if got < 0, errno == EINTR { continue }
            if got < 0 { return .failure(FileProblem(errno: errno)) }
            if got == 0 { break }
            done += got
        }
        return .success(Array(bytes.prefix(done)))
    }

    /// A reader for `EmbeddedOrientation`: what can be read, empty where nothing can.
    var byteReader: EmbeddedOrientation.ByteReader {
        { [self] offset, count in (try? read(offset: Int64(offset), count: count).get()) ?? [] }
    }
}
