extension DisplayList {
    /// The board rectangles that differ between `previous` and this list, or `nil` when the
    /// whole frame must be repainted (size or background changed, or nothing was painted yet).
    ///
    /// A print that moved, changed or changed its place in the stack damages where it was and
    /// where it is (`PrintItem.damageRegion`: its extent, shadow included, or for a turned print
    /// the bands it covers); overlays damage their extents (`OverlayGeometry`). Dragging one
    /// photo over a hundred thus repaints just where it was and where it is.
    public func damage(since previous: DisplayList?) -> [Rect]? {
        guard let previous, previous.size == size, previous.uiScale == uiScale else { return nil }
        guard background == previous.background else { return nil }
        var damaged = Self.printDamageInPlace(old: previous.items, new: items) ?? printDamage(since: previous)
        let overlays = overlays, previousOverlays = previous.overlays
        if !overlays.elementsEqual(previousOverlays) {
            for item in overlays + previousOverlays { damaged.append(OverlayGeometry.extent(of: item, in: size, scale: uiScale)) }
        }
        let frame = Rect(origin: .zero, size: size)
        return RectRegion.mergingRows(damaged.compactMap { $0.intersection(frame) })
    }

    /// Where the prints that changed were and are, when both lists hold the same photos in the same
    /// order — the usual frame, where something moved and nothing was added, removed or
    /// restacked; `nil` otherwise. One pass, no lookups: a board of a thousand prints is
    /// compared in a few microseconds.
    static func printDamageInPlace(old: [DisplayItem], new: [DisplayItem]) -> [Rect]? {
        var damaged: [Rect] = []
        var i = 0, j = 0
        while true {
            while i < old.count, !old[i].isPrint { i += 1 }
            while j < new.count, !new[j].isPrint { j += 1 }
            guard i < old.count, j < new.count else { return i == old.count && j == new.count ? damaged : nil }
            guard case .print(let before) = old[i], case .print(let after) = new[j], before.photo == after.photo else { return nil }
            if before != after {
                damaged += before.damageRegion
                damaged += after.damageRegion
            }
            i += 1
            j += 1
        }
    }

    /// Where the prints that moved, changed, came, went, or passed another in the stack were and are.
    private func printDamage(since previous: DisplayList) -> [Rect] {
        var damaged: [Rect] = []
        let oldPrints = previous.printsByPhoto, newPrints = printsByPhoto
        let restacked = Self.photosThatPassedOthers(old: oldPrints.mapValues(\.stackIndex), new: newPrints.mapValues(\.stackIndex))
        for (id, new) in newPrints {
            if let old = oldPrints[id], old.item == new.item, !restacked.contains(id) { continue }
            if let old = oldPrints[id] { damaged += old.item.damageRegion }
            damaged += new.item.damageRegion
        }
        for (id, old) in oldPrints where newPrints[id] == nil { damaged += old.item.damageRegion }
        return damaged
    }

    /// Photos now above a photo that was above them: the ones whose stacking visibly changed
    /// (bringing one photo to the front shifts the others' indices but passes only it).
    public static func photosThatPassedOthers(old: [PhotoID: Int], new: [PhotoID: Int]) -> Set<PhotoID> {
        // In the new order, a photo passed another when one below it now was above it before:
        // when the highest old place among the photos below it is above its own. One sort and
        // one pass (a pairwise look took seconds on a board of ten thousand).
        var common: [(new: Int, old: Int, id: PhotoID)] = []
        common.reserveCapacity(new.count)
        var anyMoved = false
        for (id, newIndex) in new {
            guard let oldIndex = old[id] else { continue }
            if oldIndex != newIndex { anyMoved = true }
            common.append((newIndex, oldIndex, id))
        }
        guard anyMoved else { return [] }
        common.sort { $0.new < $1.new }
        var passed: Set<PhotoID> = []
        var highestOldBelow = Int.min
        for photo in common {
            if highestOldBelow > photo.old { passed.insert(photo.id) }
            highestOldBelow = max(highestOldBelow, photo.old)
        }
        return passed
    }

    private var background: Color? {
        if case .fill(let color) = items.first { return color }
        return nil
    }

    private var printsByPhoto: [PhotoID: (item: PrintItem, stackIndex: Int)] {
        var prints: [PhotoID: (PrintItem, Int)] = [:]
        var index = 0
        for case .print(let print) in items {
            prints[print.photo] = (print, index)
            index += 1
        }
        return prints
    }
}

extension Rect {
    /// The overlap of two rectangles, or `nil` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let lowX = max(minX, other.minX), lowY = max(minY, other.minY)
        let highX = min(maxX, other.maxX), highY = min(maxY, other.maxY)
        guard highX > lowX, highY > lowY else { return nil }
        return Rect(x: lowX, y: lowY, width: highX - lowX, height: highY - lowY)
    }

    public func intersects(_ other: Rect) -> Bool { intersection(other) != nil }

    /// The smallest rectangle with whole-pixel edges that contains this one.
    public var integral: Rect {
        let lowX = minX.rounded(.down), lowY = minY.rounded(.down)
        return Rect(x: lowX, y: lowY, width: maxX.rounded(.up) - lowX, height: maxY.rounded(.up) - lowY)
    }
}
