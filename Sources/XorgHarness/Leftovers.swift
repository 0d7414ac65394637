import Foundation
import Synchronization

/// The files a test makes in the temporary directory (X server folders, photos, layouts):
/// removed when the test passes, kept — and named in its failure — when it fails.
///
/// The end-to-end suite binds a fresh record around each test (`Leftovers.$current`); the
/// harness adds every folder it makes to it. Outside a test (the bench) there is no record and
/// whoever makes a folder removes it.
public final class Leftovers: Sendable {
    /// The running test's record, if a test is running.
    @TaskLocal public static var current: Leftovers?

    private let storedPaths = Mutex<[String]>([])

    public init() {}

    /// The paths added so far, oldest first.
    public var paths: [String] { storedPaths.withLock { $0 } }

    public func add(_ path: String) { storedPaths.withLock { $0.append(path) } }

    /// Removes every path added (the test passed).
    public func removeAll() {
        for path in storedPaths.withLock({ paths in
            defer { paths = [] }; return paths
        }) {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Makes a new, empty folder `<prefix>-<tag>-<pid>` in the temporary directory and adds it to
    /// the running test's record, if any. The process id comes last: stale X servers are found
    /// by it (`XorgServer.reapOrphans`).
    public static func makeFolder(_ prefix: String) throws -> URL {
        let tag = "t" + UUID().uuidString.prefix(6).lowercased()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(tag)-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        current?.add(folder.path)
        return folder
    }
}
