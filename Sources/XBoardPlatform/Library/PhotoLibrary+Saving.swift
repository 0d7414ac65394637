import SystemPackage
import XBoard

/// What a save needs from the library: a snapshot of the board by path, the baseline a save
/// merges against, and recording a save so photos still to open are placed from it.
extension PhotoLibrary {
    /// What this window knows of the board now, for a save: every photo placed (on the board,
    /// bottom to top, as they lie — a close-up where it lay before — and off it), by its
    /// canonical path.
    public func snapshot(of controller: BoardController) -> BoardMemory.Snapshot {
        func memory(_ photo: Photo, isRemoved: Bool) -> PhotoMemory {
            PhotoMemory(
                photo, key: canonicalKeys[photo.id.rawValue], fingerprint: fingerprints[photo.id], stack: stacks[photo.id] ?? 0,
                isRemoved: isRemoved, isAdded: addedIDs.contains(photo.id))
        }
        let onBoard = controller.photosAsTheyLie.filter { $0.id.rawValue < canonicalPaths.count }
        let offBoard = controller.removedPhotos.filter { $0.id.rawValue < canonicalPaths.count }
        return BoardMemory.Snapshot(
            photos: onBoard.map { memory($0, isRemoved: false) } + offBoard.map { memory($0, isRemoved: true) },
            order: onBoard.map { canonicalKeys[$0.id.rawValue] }, renamed: renamed)
    }

    /// What a save merges against: each photo as it was last loaded or saved, and the order
    /// this window put them in.
    public var baseline: BoardMemory.Snapshot {
        // The order by stacking key (ties by path, so it is stable), sorted once per save.
        let order = baselineKeys.sorted { $0.value != $1.value ? $0.value < $1.value : PathKey.precedes($0.key, $1.key) }.map(\.key)
        return BoardMemory.Snapshot(photos: Array(baselineByPath.values), order: order)
    }

    /// Records a save: `snapshot` was merged into `memory`, which is now what the board
    /// remembers (photos still to open are placed from it).
    public func didSave(_ snapshot: BoardMemory.Snapshot, as memory: BoardMemory) {
        baselineByPath = [:]
        for photo in snapshot.photos { baselineByPath[photo.key] = photo }
        baselineKeys = [:]
        // Keys that are new by position, so the baseline's order is the snapshot's.
        for (position, path) in snapshot.order.enumerated() { baselineKeys[path] = Double(position) }
        for old in snapshot.renamed.keys { renamed[old] = nil }
        restore.memory = memory
        unclaimed = unclaimed.filter { memory[$0] != nil && idsByKey[$0] == nil }
        for index in canonicalKeys.indices where stacks[PhotoID(index)] != nil {
            if let key = memory[canonicalKeys[index]]?.stack { stacks[PhotoID(index)] = key }
        }
        highestStack = stacks.values.max()
    }
}
