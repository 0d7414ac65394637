import SystemPackage

/// Everything a board remembers: one `PhotoMemory` per photo it ever showed, by path. Photos
/// whose files are gone are remembered too, so a file that comes back lies where it was.
public struct BoardMemory: Hashable, Sendable {
    /// The most photos remembered; beyond it, the longest-unchanged photos that were not
    /// opened are forgotten first (`forgetBeyondLimit`).
    public static let photoLimit = 20_000

    /// The window's size when last saved, in window pixels; for information (and for builds that
    /// do not know `view`, which fit it into their window).
    public var boardSize: Size?
    /// The part of the board the window showed when last saved, in board points: shown whole and
    /// centred when the board opens again, whatever the window's size. `nil` for saves from
    /// before the board had a view, when the window was the table: `shownRect` says what they
    /// mean.
    public var view: Rect?
    private(set) var entriesByPath: [PathKey: PhotoMemory] = [:]
    /// The paths of the entries with each fingerprint, kept in step with `entriesByPath`: a
    /// renamed photo is found without a pass over every entry.
    private var pathsByFingerprint: [PhotoFingerprint: Set<PathKey>] = [:]

    public init(boardSize: Size? = nil, view: Rect? = nil, entries: [PhotoMemory] = []) {
        self.boardSize = boardSize
        self.view = view
        for entry in entries { self[entry.key] = entry }
    }

    /// Every photo remembered, bottom of the stack first (ties by path, so the order is stable).
    public var entries: [PhotoMemory] {
        entriesByPath.values.sorted { $0.stack != $1.stack ? $0.stack < $1.stack : PathKey.precedes($0.key, $1.key) }
    }

    /// The board rectangle to show when the board opens: the `view` saved, or for a save from
    /// before views (or one whose view was refused) the table it was saved on, (0, 0,
    /// `boardSize`); `nil` when neither is known (the window shows board points as pixels).
    public var shownRect: Rect? {
        view ?? boardSize.map { Rect(origin: .zero, size: $0) }
    }

    public var count: Int { entriesByPath.count }
    public var isEmpty: Bool { entriesByPath.isEmpty }
    public var keys: Set<PathKey> { Set(entriesByPath.keys) }
    public var paths: Set<FilePath> { Set(entriesByPath.keys.map(\.path)) }

    public subscript(path: FilePath) -> PhotoMemory? {
        get { self[PathKey(path)] }
        set { self[PathKey(path)] = newValue }
    }

    public subscript(path: PathKey) -> PhotoMemory? {
        get { entriesByPath[path] }
        set {
            if let old = entriesByPath[path]?.fingerprint {
                pathsByFingerprint[old]?.remove(path)
                if pathsByFingerprint[old]?.isEmpty == true { pathsByFingerprint[old] = nil }
            }
            if var entry = newValue {
                entry.key = path
                entriesByPath[path] = entry
                if let fingerprint = entry.fingerprint { pathsByFingerprint[fingerprint, default: []].insert(path) }
            } else {
                entriesByPath[path] = nil
            }
        }
    }

    /// The highest stacking key remembered, or `nil` when nothing is.
    public var highestStack: Double? { entriesByPath.values.map(\.stack).max() }

    /// The remembered photo a file of `fingerprint` is, among those whose paths are in
    /// `unclaimed` (remembered, but not opened under their own path this time): a photo
    /// renamed or moved. The most recently changed wins when several match.
    public func renamedEntry(matching fingerprint: PhotoFingerprint, among unclaimed: Set<PathKey>) -> PhotoMemory? {
        (pathsByFingerprint[fingerprint] ?? []).lazy.filter(unclaimed.contains).compactMap { entriesByPath[$0] }
            .max { $0.changed < $1.changed }
    }

    /// Forgets the longest-unchanged photos beyond `limit`, never one in `keeping` (the photos
    /// open now).
    public mutating func forgetBeyondLimit(_ limit: Int = photoLimit, keeping: Set<PathKey>) {
        guard entriesByPath.count > limit else { return }
        let forgettable = entriesByPath.values.filter { !keeping.contains($0.key) }.sorted { $0.changed < $1.changed }
        for entry in forgettable.prefix(entriesByPath.count - limit) { self[entry.key] = nil }
    }
}
