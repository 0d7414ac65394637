import SystemPackage

/// Saving without losing anything: a window's arrangement is merged into what is stored, photo
/// by photo, never written over it whole.
extension BoardMemory {
    /// What one window knows of its board when it saves.
    public struct Snapshot: Hashable, Sendable {
        /// Every photo the window placed or holds off the board, as it is now.
        public var photos: [PhotoMemory]
        /// The paths of the photos on the board, bottom to top.
        public var order: [PathKey]
        /// Photos recognised under a new name (renamed or moved in their folder): old path → new.
        public var renamed: [PathKey: PathKey]
        /// The part of the board the window shows, in board points (`nil`: not told, and the
        /// stored view is kept).
        public var view: Rect?

        public init(photos: [PhotoMemory], order: [PathKey], renamed: [PathKey: PathKey] = [:], view: Rect? = nil) {
            self.photos = photos
            self.order = order
            self.renamed = renamed
            self.view = view
        }

        public init(photos: [PhotoMemory], order: [FilePath], renamed: [FilePath: FilePath] = [:], view: Rect? = nil) {
            var keys: [PathKey: PathKey] = [:]
            for (old, new) in renamed { keys[PathKey(old)] = PathKey(new) }
            self.init(photos: photos, order: order.map(PathKey.init), renamed: keys, view: view)
        }

        /// Whether saving this would change anything stored: a photo changed since `baseline`
        /// (or new to it), restacked, or recognised renamed, or the view moved (a pan or a zoom,
        /// a resized window).
        public func hasChanges(since baseline: Snapshot) -> Bool {
            guard renamed.isEmpty else { return true }
            if let view, !Self.isSameView(view, baseline.view) { return true }
            var before: [PathKey: PhotoMemory] = [:]
            for photo in baseline.photos { before[photo.key] = photo }
            if photos.contains(where: { photo in before[photo.key].map { !photo.arrangesAlike($0) } ?? true }) { return true }
            return !StackOrder.moved(from: baseline.order, to: order).isEmpty
        }

        /// Whether `view` is `baseline` but for the last digits: a board opened again fits its
        /// remembered view to the window, and the part shown comes back only to rounding.
        static func isSameView(_ view: Rect, _ baseline: Rect?) -> Bool {
            guard let baseline else { return false }
            let tolerance = 1e-9 * max(1, baseline.size.width, baseline.size.height)
            return [
                (view.minX, baseline.minX), (view.minY, baseline.minY), (view.size.width, baseline.size.width),
                (view.size.height, baseline.size.height),
            ].allSatisfy { abs($0 - $1) <= tolerance }
        }
    }

    /// Merges `snapshot` into this (the stored memory, read just now under the board's lock).
    ///
    /// A photo the window changed since `baseline` (what it last loaded or saved) takes the
    /// window's values, stamped `changedAt` (seconds since 1970), unless the stored entry
    /// changed later — the latest change of each photo wins. Every other stored photo keeps its
    /// entry: photos not opened this time, not decoded yet or failing, and whatever another
    /// window changed meanwhile. Photos the window restacked get keys among the stored ones
    /// (`StackOrder`).
    ///
    /// The snapshot's view, when it tells one, is the memory's from now on: the latest save's
    /// view wins (a view has no change time: the window that saved last showed it last).
    ///
    /// With `size`, the window's size: the memory records it. A memory without a view (saved
    /// before views, and merged with a snapshot that tells none) is moved onto a table of that
    /// size first (`moveOntoTable`), and then every photo the window holds takes its place as it
    /// lies on this table — what the person sees — keeping its change time when the window did
    /// not change it. With a view, nothing moves: placements are in board points, the same on
    /// any window.
    public mutating func merge(_ snapshot: Snapshot, since baseline: Snapshot?, changedAt: Double, onTableOf size: Size? = nil) {
        if let shown = snapshot.view { view = shown }
        let isNewTable = size.map { moveOntoTable(of: $0) } ?? false
        for (old, new) in snapshot.renamed where old != new {
            if let entry = self[old], self[new] == nil { self[new] = entry }
            self[old] = nil
        }
        var before: [PathKey: PhotoMemory] = [:]
        for photo in baseline?.photos ?? [] { before[photo.key] = photo }
        var restacked = StackOrder.moved(from: baseline?.order ?? [], to: snapshot.order)
        for photo in snapshot.photos {
            guard var stored = self[photo.key] else {
                var entry = photo
                if before[photo.key].map({ !photo.arrangesAlike($0) }) ?? true { entry.changed = changedAt }
                self[photo.key] = entry
                restacked.insert(photo.key)
                continue
            }
            let isChanged = before[photo.key].map { !photo.arrangesAlike($0) } ?? true
            if stored.changed > changedAt {
                restacked.remove(photo.key)  // another window changed it later: its change stands
            } else if isChanged || isNewTable {
                var entry = photo
                entry.stack = stored.stack
                entry.fingerprint = photo.fingerprint ?? stored.fingerprint
                entry.changed = isChanged ? changedAt : stored.changed
                self[photo.key] = entry
                continue
            }
            if stored.fingerprint == nil, let fingerprint = photo.fingerprint {
                stored.fingerprint = fingerprint
                self[photo.key] = stored
            }
        }
        restackAll(order: snapshot.order, moved: restacked, changedAt: changedAt)
    }

    /// Gives the restacked photos new keys (`StackOrder.assignKeys`) and stamps them changed.
    private mutating func restackAll(order: [PathKey], moved: Set<PathKey>, changedAt: Double) {
        let moved = moved.filter { self[$0] != nil }
        guard !moved.isEmpty else { return }
        var keys: [PathKey: Double] = [:]
        for entry in entriesByPath.values { keys[entry.key] = entry.stack }
        StackOrder.assignKeys(order: order.filter { self[$0] != nil }, moved: moved, keys: &keys)
        for (path, key) in keys {
            guard var entry = self[path], entry.stack != key || moved.contains(path) else { continue }
            entry.stack = key
            if moved.contains(path) { entry.changed = max(entry.changed, changedAt) }
            self[path] = entry
        }
    }
}
