internal import CPictureDecoding
import SystemPackage
import XBoard

/// An open regular file read at offsets (pread), for walking a picture's structure without
/// reading all of it — or, for fuzzing and warming decoders up, bytes in memory read the same way.
/// Opens without blocking, so a FIFO or device cannot hang the caller.
///
/// Owns the descriptor: opened (or adopted) in `init`, closed in `deinit`.
final class FileReader {
    private enum Storage {
        case file(FileDescriptor)
        case memory([UInt8])
    }

    private let storage: Storage
    /// The file's size in bytes when opened.
    let size: Int64
    /// When the file was last modified, in seconds since 1970 (UTC); `nil` for bytes in memory.
    let modified: Double?
    /// The file's device, inode and inode change time (`System.FileStatus.identity`) when
    /// opened; `nil` for bytes in memory.
    let identity: String?

    /// Opens `path`: a regular file, or `FileProblem.notRegularFile`.
    convenience init(path: FilePath) throws(FileProblem) {
        let descriptor: FileDescriptor
        switch System.result(of: {
            try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .closeOnExec, .noControllingTerminal])
        }) {
        case .success(let opened): descriptor = opened
        case .failure(let failure): throw FileProblem(errno: failure.rawValue, path: path)
        }
        try self.init(adopting: descriptor.rawValue)
    }

    /// Takes over an open descriptor (closing it, also when it fails): it must name a regular file.
    init(adopting rawDescriptor: Int32) throws(FileProblem) {
        let descriptor = FileDescriptor(rawValue: rawDescriptor)
        let info: System.FileStatus
        switch System.status(of: descriptor) {
        case .success(let found): info = found
        case .failure(let failure):
            try? descriptor.close()
            throw FileProblem(errno: failure.rawValue)
        }
        guard info.kind == .regular else {
            try? descriptor.close()
            throw .notRegularFile
        }
        storage = .file(descriptor)
        size = info.size
        modified = info.modified
        identity = info.identity
    }

    /// Reads `bytes` as if they were a file.
    init(bytes: [UInt8]) {
        storage = .memory(bytes)
        size = Int64(bytes.count)
        modified = nil
        identity = nil
    }

    deinit {
        if case .file(let descriptor) = storage { try? descriptor.close() }
    }

    /// The open descriptor, or `nil` for bytes in memory.
    var descriptor: Int32? {
        if case .file(let descriptor) = storage { return descriptor.rawValue }
        return nil
    }

    /// Up to `count` bytes from `offset`: fewer at the end of the file; a read error fails.
    func read(offset: Int64, count: Int) -> Result<[UInt8], FileProblem> {
        guard offset >= 0, count > 0, offset < size else { return .success([]) }
        let wanted = Int(min(Int64(count), size - offset))
        let descriptor: FileDescriptor
        switch storage {
        case .memory(let bytes): return .success(Array(bytes[Int(offset)..<(Int(offset) + wanted)]))
        case .file(let open): descriptor = open
        }
        var bytes = [UInt8](repeating: 0, count: wanted)
        var done = 0
        while done < wanted {
            let read = System.result {
                try bytes.withUnsafeMutableBytes { buffer in
                    try descriptor.read(
                        fromAbsoluteOffset: offset + Int64(done), into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]))
                }
            }
            switch read {
            case .failure(let failure): return .failure(FileProblem(errno: failure.rawValue))
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
            var source = cpd_source(descriptor: descriptor.rawValue, bytes: nil, size: size)
            return body(&source)
        case .memory(let bytes):
            return bytes.withUnsafeBufferPointer { buffer in
                var source = cpd_source(descriptor: -1, bytes: buffer.baseAddress, size: size)
                return body(&source)
            }
        }
    }
}
