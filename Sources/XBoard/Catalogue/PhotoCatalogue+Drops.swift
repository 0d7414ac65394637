/// Photos dropped on the board.
extension PhotoCatalogue {
    /// What a drop brought.
    public struct Dropped: Sendable {
        /// How many photos come onto the board.
        public var count: Int
        public var decodes: [DecodeRequest]
        /// Photos taken off before that come back, where the drop lays them (`BoardController.place`).
        public var placements: [Placement]
    }

    /// Adds files dropped on the board: they decode like the others and land around `location`
    /// (window pixels) on top, at the size a layout of the whole board gives, fully inside the view
    /// (`DropLayout`), and belong to the board from now on. A file already open is not added
    /// twice: if it was taken off the board, it comes back where the drop lays it; if it failed
    /// before, it is tried again. `controller` is read, never changed: what comes back is in
    /// the placements.
    public mutating func add(_ files: [ListedFile], at location: Point, controller: BoardController) -> Dropped {
        var arriving: [(file: ListedFile, id: PhotoID?)] = []
        var seen = Set<PathKey>()
        for file in files {
            guard seen.insert(file.canonical).inserted else { continue }
            if let id = idsByKey[file.canonical] {
                let returns = controller.isOffBoard(id) || (entries[id.rawValue].copy == nil && controller.board.photo(id) == nil)
                if returns { arriving.append((file, id)) }
            } else {
                arriving.append((file, nil))
            }
        }
        let visible = controller.visibleBounds
        let drop = DropLayout(
            count: arriving.count, photosOnBoard: controller.board.photos.count, boardSize: visible.size, origin: visible.origin,
            at: controller.view.windowToBoard.apply(to: location), seed: layout.seed)
        var decodes: [DecodeRequest] = [], placements: [Placement] = []
        let wanted = resolution.forDrop(pictureLongEdge: drop.pictureLongEdge)
        for (slot, arrival) in arriving.enumerated() {
            if let id = arrival.id {
                if controller.isOffBoard(id) {
                    let size = controller.removedPhotos.first { $0.id == id }?.pixelSize ?? Size(width: 1, height: 1)
                    placements.append(.returned(id, at: drop.photo(at: slot, id: id, pixelSize: size).center))
                } else {
                    // Still opening, or failed before: let it arrive on the board here.
                    entries[id.rawValue].isAside = false
                    entries[id.rawValue].dropSlot = (drop, slot)
                    if entries[id.rawValue].copy == nil, entries[id.rawValue].isFailed {
                        decodes.append(request(id, wanted: wanted, shown: drop.pictureLongEdge))
                    }
                }
                continue
            }
            let id = PhotoID(entries.count)
            entries.append(Entry(path: arrival.file.path, canonical: arrival.file.canonical, isAdded: true, dropSlot: (drop, slot)))
            idsByKey[arrival.file.canonical] = id
            unclaimed.remove(arrival.file.canonical)
            decodes.append(request(id, wanted: wanted, shown: drop.pictureLongEdge))
        }
        return Dropped(count: arriving.count, decodes: decodes, placements: placements)
    }
}
