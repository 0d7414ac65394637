internal import CPictureDecoding
@preconcurrency import Glibc
import SystemPackage
import XBoard

/// An open regular file read at offsets (pread), for walking a picture's structure without
/// reading all of it — or, for fuzzing and warming decoders up, bytes in memory read the same way.
/// Opens without blocking, so a FIFO or device cannot hang the caller.
///
/// Owns the descriptor: opened (or adopted) in `init`, closed in `deinit`.
final class FileReader {
    private enum Storage {
        case file(Int32)
        case memory([UInt8])
    }

    private let storage: Storage
    /// The file's size in bytes when opened.
    let size: Int64
    /// When the file was last modified, in seconds since 1970 (UTC); `nil` for bytes in memory.
    let modified: Double?

    /// Opens `path`: a regular file, or `FileProblem.notRegularFile`.
    convenience init(path: FilePath) throws(FileProblem) {
        let descriptor: Int32
        switch System.retryingInterrupts({ path.withPlatformString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) } }) {
        case .success(let opened): descriptor = opened
        case .failure(let failure): throw FileProblem(errno: failure.errno, path: path)
        }
        try self.init(adopting: descriptor)
    }

    /// Takes over an open descriptor (closing it, also when it fails): it must name a regular file.
    init(adopting descriptor: Int32) throws(FileProblem) {
        var info = stat()
        if case .failure(let failure) = System.retryingInterrupts({ fstat(descriptor, &info) }) {
            close(descriptor)
            throw FileProblem(errno: failure.errno)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notRegularFile
        }
        storage = .file(descriptor)
        size = Int64(info.st_size)
        modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    /// Reads `bytes` as if they were a file.
    init(bytes: [UInt8]) {
        storage = .memory(bytes)
        size = Int64(bytes.count)
        modified = nil
    }

    deinit {
        if case .file(let descriptor) = storage { close(descriptor) }
    }

    /// The open descriptor, or `nil` for bytes in memory.
    var descriptor: Int32? {
        if case .file(let descriptor) = storage { return descriptor }
        return nil
    }

    /// Up to `count` bytes from `offset`: fewer at the end of the file; a read error fails.
    func read(offset: Int64, count: Int) -> Result<[UInt8], FileProblem> {
        guard offset >= 0, count > 0, offset < size else { return .success([]) }
        let wanted = Int(min(Int64(count), size - offset))
        let descriptor: Int32
        switch storage {
        case .memory(let bytes): return .success(Array(bytes[Int(offset)..<(Int(offset) + wanted)]))
        case .file(let open): descriptor = open
        }
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

    /// A reader for `EmbeddedOrientation` and `DeclaredSize`: what can be read, empty where nothing can.
    var byteReader: EmbeddedOrientation.ByteReader {
        { [self] offset, count in (try? read(offset: Int64(offset), count: count).get()) ?? [] }
    }

    /// Runs `body` with the C decoders' view of this file.
    func withSource<T>(_ body: (UnsafePointer<cpd_source>) -> T) -> T {
        switch storage {
        case .file(let descriptor):
            var source = cpd_source(descriptor: descriptor, bytes: nil, size: size)
            return body(&source)
        case .memory(let bytes):
            return bytes.withUnsafeBufferPointer { buffer in
                var source = cpd_source(descriptor: -1, bytes: buffer.baseAddress, size: size)
                return body(&source)
            }
        }
    }
}
