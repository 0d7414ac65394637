import Foundation
import Synchronization

/// What the process writes to its standard error while `body` runs: descriptor 2 is pointed at
/// a file meanwhile, so output from C libraries (GLib's default log writer) is caught too.
///
/// Captures are serialized across suites (descriptor 2 is one per process); other tests' stderr
/// written meanwhile lands in the capture as well, so callers look for specific text.
enum StandardErrorCapture {
    private static let lock = Mutex(())

    static func capturing<T>(_ body: () throws -> T) rethrows -> (result: T, text: String) {
        try lock.withLock { _ in
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-stderr-\(getpid())-\(UUID().uuidString)")
                .path
            let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            let saved = dup(2)
            precondition(file >= 0 && saved >= 0, "cannot redirect stderr")
            fflush(nil)
            dup2(file, 2)
            close(file)
            defer {
                fflush(nil)
                dup2(saved, 2)
                close(saved)
                try? FileManager.default.removeItem(atPath: path)
            }
            let result = try body()
            fflush(nil)
            return (result, contents(of: path))
        }
    }

    /// The file's text, read with read(2): Foundation's `String(contentsOfFile:)` leaks its
    /// buffer for an empty file (LeakSanitizer reports it), and an empty capture is the usual case.
    private static func contents(of path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Lines in GLib's own format ("GdkPixbuf-CRITICAL **: …", "** (process:…): WARNING **: …").
    static func glibLines(in text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.contains("**") }
    }
}
