/// What a save needs from the catalogue: a snapshot of the board by path and of the part shown,
/// the baseline a save merges against, and recording a save so photos still to open are placed
/// from it.
extension PhotoCatalogue {
    /// What this window knows of the board now, for a save: every photo placed (on the board,
    /// bottom to top, as they lie — a close-up where it lay before — and off it), by its
    /// canonical path, and the part of the board the window shows (`visibleBounds`). O(n) in the
    /// photos, no sorting: cheap enough for the main thread.
    public func snapshot(of controller: BoardController) -> BoardMemory.Snapshot {
        func memory(_ photo: Photo, isRemoved: Bool) -> PhotoMemory? {
            guard let entry = entry(photo.id) else { return nil }
            return PhotoMemory(
                photo, key: entry.canonical, fingerprint: entry.fingerprint, stack: entry.stack ?? 0, isRemoved: isRemoved,
                isAdded: entry.isAdded)
        }
        let onBoard = controller.photosAsTheyLie.compactMap { memory($0, isRemoved: false) }
        let offBoard = controller.removedPhotos.compactMap { memory($0, isRemoved: true) }
        return BoardMemory.Snapshot(
            photos: onBoard + offBoard, order: onBoard.map(\.key), renamed: renamed, view: controller.visibleBounds)
    }

    /// What a save merges against, as the catalogue keeps it: each photo as it was last loaded
    /// or saved, the stacking keys that give the order this window put them in, and the view
    /// remembered then.
    public var baseline: Baseline { Baseline(photos: baselineByPath, keys: baselineKeys, view: baselineView) }

    /// The baseline of a save, as kept; `snapshot` makes the merge's value of it (a sort, for
    /// the worker that saves, not the main thread).
    public struct Baseline: Sendable {
        var photos: [PathKey: PhotoMemory]
        var keys: [PathKey: Double]
        var view: Rect?

        init(photos: [PathKey: PhotoMemory], keys: [PathKey: Double], view: Rect?) {
            self.photos = photos
            self.keys = keys
            self.view = view
        }

        /// As a snapshot, its order by stacking key (ties by path, so it is stable).
        public var snapshot: BoardMemory.Snapshot {
            let order = keys.sorted { $0.value != $1.value ? $0.value < $1.value : PathKey.precedes($0.key, $1.key) }.map(\.key)
            return BoardMemory.Snapshot(photos: Array(photos.values), order: order, view: view)
        }
    }

    /// Records a save (`SavedBoard`, worked out on the worker that saved): what it merged is the
    /// baseline of the next, and what is remembered now places photos still to open. Only the
    /// photos the merge gave another stacking key are looked up: after a save of ten thousand
    /// photos the main thread took 12 ms rebuilding what the worker now builds.
    public mutating func didSave(_ saved: SavedBoard) {
        baselineByPath = saved.baselinePhotos
        baselineKeys = saved.baselineKeys
        baselineView = saved.memory.view
        for old in saved.snapshot.renamed.keys { renamed[old] = nil }
        let memory = saved.memory
        restore.memory = memory
        if !unclaimed.isEmpty { unclaimed = unclaimed.filter { memory[$0] != nil && idsByKey[$0] == nil } }
        for (key, stack) in saved.restacked {
            guard let id = idsByKey[key], entries.indices.contains(id.rawValue), entries[id.rawValue].stack != nil else { continue }
            entries[id.rawValue].stack = stack
        }
        highestStack = nil
        for index in entries.indices {
            guard let stack = entries[index].stack else { continue }
            highestStack = max(highestStack ?? stack, stack)
        }
    }
}

/// What a save leaves behind, worked out on the worker that saved, so the main thread only takes it in
/// (`PhotoCatalogue.didSave`): the snapshot merged, what is remembered now, the snapshot by path
/// and its stacking order (the next save's baseline), and the stacking keys the merge changed.
public struct SavedBoard: Sendable {
    public let snapshot: BoardMemory.Snapshot
    public let memory: BoardMemory
    let baselinePhotos: [PathKey: PhotoMemory]
    let baselineKeys: [PathKey: Double]
    /// Remembered photos whose stacking key is not the one the snapshot gave them (restacked by
    /// the merge), and remembered photos the snapshot does not hold (placed since it was taken).
    public let restacked: [(key: PathKey, stack: Double)]

    public init(snapshot: BoardMemory.Snapshot, memory: BoardMemory) {
        self.snapshot = snapshot
        self.memory = memory
        var photos: [PathKey: PhotoMemory] = [:]
        photos.reserveCapacity(snapshot.photos.count)
        for photo in snapshot.photos { photos[photo.key] = photo }
        var keys: [PathKey: Double] = [:]
        keys.reserveCapacity(snapshot.order.count)
        // Keys by position, so the baseline's order is the snapshot's.
        for (position, path) in snapshot.order.enumerated() { keys[path] = Double(position) }
        var restacked: [(key: PathKey, stack: Double)] = []
        for entry in memory.entries where photos[entry.key]?.stack != entry.stack { restacked.append((entry.key, entry.stack)) }
        baselinePhotos = photos
        baselineKeys = keys
        self.restacked = restacked
    }
}
