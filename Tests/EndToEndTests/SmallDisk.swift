import Foundation
import XorgHarness

/// A small disk of its own for one test: a tmpfs mounted on a folder (the tests run as root),
/// which the test fills up with one file and frees again, as a person's full disk.
final class SmallDisk {
    let path: String
    private var isMounted = false
    var filler: String { path + "/filler" }

    /// Mounts a tmpfs of `size` (as mount's `size=` option) on `path`, made if missing.
    init(at path: String, size: String = "256k") throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path])
        isMounted = true
    }

    deinit { unmount() }

    /// Fills every byte left with `filler`, until the disk says it is full.
    func fill() throws {
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw HarnessError("cannot create \(filler): errno \(errno)") }
        defer { close(descriptor) }
        for chunk in [65536, 4096, 512, 1] {
            let bytes = [UInt8](repeating: 0xA5, count: chunk)
            while true {
                let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, chunk) }
                if written > 0 { continue }  // a short write: the next one says why
                guard written < 0, errno == ENOSPC else { throw HarnessError("filling \(path): errno \(errno), not ENOSPC") }
                break
            }
        }
        fsync(descriptor)
    }

    /// Makes the disk read-only (mounted again so), or writable again.
    func setReadOnly(_ isReadOnly: Bool) throws {
        try Self.run("/bin/mount", ["-o", "remount,\(isReadOnly ? "ro" : "rw")", path])
    }

    /// Gives the space back.
    func free() throws { try FileManager.default.removeItem(atPath: filler) }

    /// Unmounts the disk (everything on it goes).
    func unmount() {
        guard isMounted else { return }
        isMounted = false
        try? Self.run("/bin/umount", ["-l", path])
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw HarnessError(
                "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus) (the tests run as root)")
        }
    }
}
