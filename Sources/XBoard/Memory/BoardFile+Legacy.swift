/// Layouts saved before boards remembered each photo (`LayoutDocument`, one file per set of
/// paths): read once, when a board has no memory of its own yet, and carried over.
extension BoardFile {
    /// The memory an old layout amounts to: each photo where it lay (stacked as listed), the
    /// photos it took off the board removed (laid out anew if they come back), all as changed
    /// long ago, so any newer change wins. Numbers are checked as in `decode`.
    public static func contents(ofLegacy layout: LayoutDocument, limits: MemoryLimits = MemoryLimits()) -> Contents {
        var entries: [PhotoMemory] = []
        var problems: [String] = []
        for (index, saved) in layout.photos.enumerated() where saved.path.isAbsolute {
            let raw = RawPhoto(
                path: saved.path, fingerprint: nil, baseLongEdge: saved.baseLongEdge, placement: saved.placement,
                initialPlacement: saved.initialPlacement, stack: Double(index), removed: nil, added: nil, changed: 0, unplaced: nil)
            let (entry, problem) = checked(raw, path: saved.path, limits: limits)
            entries.append(entry)
            if let problem { problems.append(problem) }
        }
        let placed = Set(entries.map(\.path))
        for path in layout.removedPaths ?? [] where path.isAbsolute && !placed.contains(path) {
            var entry = PhotoMemory(
                path: path, baseLongEdge: 1, placement: .identity, initialPlacement: .identity, stack: -1, isRemoved: true)
            entry.isUnplaced = true
            entries.append(entry)
        }
        let size = Size(width: layout.boardWidth, height: layout.boardHeight)
        let boardSize = size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0 ? size : nil
        return Contents(memory: BoardMemory(boardSize: boardSize, entries: entries), arguments: [], document: nil, problems: problems)
    }
}
