/// What a save needs from the catalogue: a snapshot of the board by path, the baseline a save
/// merges against, and recording a save so photos still to open are placed from it.
extension PhotoCatalogue {
    /// What this window knows of the board now, for a save: every photo placed (on the board,
    /// bottom to top, as they lie — a close-up where it lay before — and off it), by its
    /// canonical path. O(n) in the photos, no sorting: cheap enough for the loop.
    public func snapshot(of controller: BoardController) -> BoardMemory.Snapshot {
        func memory(_ photo: Photo, isRemoved: Bool) -> PhotoMemory? {
            guard let entry = entry(photo.id) else { return nil }
            return PhotoMemory(
                photo, key: entry.canonical, fingerprint: entry.fingerprint, stack: entry.stack ?? 0, isRemoved: isRemoved,
                isAdded: entry.isAdded)
        }
        let onBoard = controller.photosAsTheyLie.compactMap { memory($0, isRemoved: false) }
        let offBoard = controller.removedPhotos.compactMap { memory($0, isRemoved: true) }
        return BoardMemory.Snapshot(photos: onBoard + offBoard, order: onBoard.map(\.key), renamed: renamed)
    }

    /// What a save merges against, as the catalogue keeps it: each photo as it was last loaded
    /// or saved, and the stacking keys that give the order this window put them in.
    public var baseline: Baseline { Baseline(photos: baselineByPath, keys: baselineKeys) }

    /// The baseline of a save, as kept; `snapshot` makes the merge's value of it (a sort, for
    /// the worker that saves, not the loop).
    public struct Baseline: Sendable {
        var photos: [PathKey: PhotoMemory]
        var keys: [PathKey: Double]

        public init() {
            photos = [:]
            keys = [:]
        }

        init(photos: [PathKey: PhotoMemory], keys: [PathKey: Double]) {
            self.photos = photos
            self.keys = keys
        }

        /// As a snapshot, its order by stacking key (ties by path, so it is stable).
        public var snapshot: BoardMemory.Snapshot {
            let order = keys.sorted { $0.value != $1.value ? $0.value < $1.value : PathKey.precedes($0.key, $1.key) }.map(\.key)
            return BoardMemory.Snapshot(photos: Array(photos.values), order: order)
        }
    }

    /// Records a save: `snapshot` was merged into `memory`, which is now what the board
    /// remembers (photos still to open are placed from it).
    public mutating func didSave(_ snapshot: BoardMemory.Snapshot, as memory: BoardMemory) {
        baselineByPath = [:]
        for photo in snapshot.photos { baselineByPath[photo.key] = photo }
        baselineKeys = [:]
        // Keys by position, so the baseline's order is the snapshot's.
        for (position, path) in snapshot.order.enumerated() { baselineKeys[path] = Double(position) }
        for old in snapshot.renamed.keys { renamed[old] = nil }
        restore.memory = memory
        unclaimed = unclaimed.filter { memory[$0] != nil && idsByKey[$0] == nil }
        highestStack = nil
        for index in entries.indices where entries[index].stack != nil {
            if let key = memory[entries[index].canonical]?.stack { entries[index].stack = key }
            highestStack = max(highestStack ?? entries[index].stack ?? 0, entries[index].stack ?? 0)
        }
    }
}
