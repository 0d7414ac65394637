import SystemPackage

/// What a board is, and so what it remembers under one name.
///
/// A board is what the command line named: the set of photos and folders given (absolute, with
/// links resolved, each once, in any order; no paths is the bundled photos' folder), or a
/// board document. Renaming, adding or deleting files inside a named folder leaves the board
/// the same board; naming one more path makes another (which starts from the memory of the
/// largest board it contains, `BoardKeeper`). Photos dropped onto a board belong to it.
public enum BoardIdentity: Hashable, Sendable {
    /// The photos and folders named, sorted by their bytes, each once.
    case paths([FilePath])
    /// A board document (`NAME.photoboard`), by its absolute path.
    case document(FilePath)

    /// The board of these named paths (absolute, links resolved), however ordered or repeated.
    public static func named(_ paths: [FilePath]) -> BoardIdentity {
        .paths(Array(Set(paths)).sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) })
    }

    /// The name its memory is kept under: FNV-1a (64 bits, hex) of its paths' bytes with NUL
    /// between them (`LayoutDocument.key`), "document-" and the hash of its path for a document.
    public var key: String {
        switch self {
        case .paths(let paths): LayoutDocument.key(for: paths)
        case .document(let path): "document-" + LayoutDocument.key(for: [path])
        }
    }

    /// Whether every path this board names is also named by `other` (and `other` names more):
    /// `other` grew out of this board, so it starts from this board's memory.
    public func isContained(in other: BoardIdentity) -> Bool {
        guard case .paths(let mine) = self, case .paths(let theirs) = other else { return false }
        return mine.count < theirs.count && Set(mine).isSubset(of: Set(theirs))
    }
}
