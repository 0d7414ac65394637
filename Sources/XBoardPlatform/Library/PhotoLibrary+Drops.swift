import SystemPackage
import XBoard

/// Photos dropped on the board.
extension PhotoLibrary {
    /// Adds files dropped on the board: they decode like the others and land around `location`
    /// on top, at the size a layout of the whole board gives, fully inside the window
    /// (`DropLayout`), and belong to the board from now on. A file already open is not added
    /// twice: if it was taken off the board, it comes back where the drop lays it; if it failed
    /// before, it is tried again. Returns how many photos come onto the board.
    @discardableResult
    public func add(files newFiles: [FilePath], at location: Point, controller: BoardController) -> Int {
        var arriving: [(path: FilePath, canonical: FilePath, index: Int?)] = []
        var seen = Set<PathKey>()
        for path in newFiles {
            let canonical = System.canonicalPath(path)
            let key = PathKey(canonical)
            guard seen.insert(key).inserted else { continue }
            if let id = idsByKey[key] {
                let index = id.rawValue
                let returns = controller.isOffBoard(id) || (copies[id] == nil && controller.board.photo(id) == nil)
                if returns { arriving.append((path, canonical, index)) }
            } else {
                arriving.append((path, canonical, nil))
            }
        }
        let drop = DropLayout(
            count: arriving.count, photosOnBoard: controller.board.photos.count, boardSize: controller.board.size, at: location,
            seed: layout.seed)
        for (slot, file) in arriving.enumerated() {
            if let index = file.index {
                let id = PhotoID(index)
                if controller.isOffBoard(id) {
                    let size = controller.removedPhotos.first { $0.id == id }?.pixelSize ?? Size(width: 1, height: 1)
                    controller.returnToBoard(id, at: drop.photo(at: slot, id: id, pixelSize: size).center)
                } else {
                    asideIDs.remove(id)  // still opening, or failed before: let it arrive on the board here
                    dropSlots[id] = (drop, slot)
                    if !isPendingFirstDecode(id) {
                        decoder.submit(PhotoDecoder.Request(photo: id, path: files[index], maximumLongEdge: resolution.baseLongEdge))
                    }
                }
                continue
            }
            let id = PhotoID(files.count)
            files.append(file.path)
            canonicalPaths.append(file.canonical)
            let key = PathKey(file.canonical)
            canonicalKeys.append(key)
            idsByKey[key] = id
            unclaimed.remove(key)
            addedIDs.insert(id)
            dropSlots[id] = (drop, slot)
            decoder.submit(PhotoDecoder.Request(photo: id, path: file.path, maximumLongEdge: resolution.baseLongEdge))
        }
        return arriving.count
    }
}
