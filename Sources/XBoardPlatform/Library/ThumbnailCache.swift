import Synchronization
import SystemPackage
import XBoard

/// The freedesktop shared thumbnail cache (Thumbnail Managing Standard 0.9), which file managers,
/// image viewers and the desktop's thumbnailers fill and read: `$XDG_CACHE_HOME/thumbnails`, or
/// `~/.cache/thumbnails`, a folder per size (`ThumbnailFlavour`), each thumbnail named by the MD5
/// of its picture's URI (`ThumbnailName`), and `fail/photoboard-x11-VERSION` for the pictures
/// this version could not open, so they are not tried on every start. Private: folders 0700,
/// files 0600, each written atomically (a temporary file in the same folder, renamed).
///
/// Thumbnails are other programs' files as much as the board's, so reading one is reading
/// untrusted bytes: it is opened like any picture (`OpenedPicture`), its size held to its
/// folder's, its text checked against the picture as it is now (`ThumbnailRecord`), and it is
/// decoded by a confined helper. The board writes thumbnails from pixels a helper handed back
/// (`ThumbnailCache+Writing`), never bytes a helper made.
///
/// Used from the decoding workers' threads: it holds no state but whether a write problem was
/// said (said once, under a lock).
public final class ThumbnailCache: Sendable {
    /// `…/thumbnails`.
    public let root: FilePath
    /// The program and its version, as thumbnails' `Software` and the failure folder name it.
    public let program: String
    public let version: String
    private let report: @Sendable (String) -> Void
    private let hasSaidWriteProblem = Mutex(false)

    /// The largest thumbnail file read, in bytes: a 1024×1024 RGBA PNG stored without
    /// compression is 4 MiB and a little.
    static let maximumFileSize: Int64 = 8 << 20
    /// The most text inflated from one compressed text entry, in bytes.
    static let maximumTextLength = 64 << 10

    /// A cache at `root`; `report` says a problem writing it (once).
    public init(root: FilePath, program: String, version: String, report: @escaping @Sendable (String) -> Void) {
        self.root = root
        self.program = program
        self.version = version
        self.report = report
    }

    /// The cache the environment names (`$XDG_CACHE_HOME` when absolute and not blank, else
    /// `$HOME/.cache`), its folders made private and ready; or why there is none to use.
    public static func standard(
        program: String, version: String, report: @escaping @Sendable (String) -> Void
    ) -> Result<ThumbnailCache, StoreError> {
        let base: FilePath
        switch System.xdgBaseFolder("XDG_CACHE_HOME", else: ".cache") {
        case .success(let folder): base = folder
        case .failure(let error): return .failure(error)
        }
        let cache = ThumbnailCache(root: base.appending("thumbnails"), program: program, version: version, report: report)
        do {
            try System.makePrivateFolder(cache.root)
            for flavour in ThumbnailFlavour.allCases { try System.makePrivateFolder(cache.folder(flavour)) }
            try System.makePrivateFolder(cache.failures)
        } catch {
            return .failure(error)
        }
        return .success(cache)
    }

    /// The folder of a size.
    public func folder(_ flavour: ThumbnailFlavour) -> FilePath { root.appending(flavour.folder) }

    /// Where this version records the pictures it could not open.
    public var failures: FilePath { root.appending("fail").appending("\(program)-\(version)") }

    /// `Software`, as written into thumbnails.
    var software: String { "\(program) \(version)" }

    /// Where the thumbnail of `name` in `flavour` is.
    public func path(of name: ThumbnailName, in flavour: ThumbnailFlavour) -> FilePath { folder(flavour).appending(name.fileName) }

    /// Where the failure record of `name` is.
    public func failurePath(of name: ThumbnailName) -> FilePath { failures.appending(name.fileName) }

    /// Whether `file` (absolute, links resolved) lies inside the cache: its files are never
    /// thumbnailed (the standard forbids it).
    public func holds(_ file: FilePath) -> Bool { file.starts(with: root) }

    /// Says a problem writing to the cache, the first time only.
    func sayWriteProblem(_ problem: StoreError) {
        let isFirst = hasSaidWriteProblem.withLock { said in
            defer { said = true }
            return !said
        }
        if isFirst { report("thumbnails cannot be kept: \(problem); photos are decoded from their files") }
    }
}
