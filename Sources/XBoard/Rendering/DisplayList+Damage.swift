extension DisplayList {
    /// The board rectangles that differ between `previous` and this list, or `nil` when the
    /// whole frame must be repainted (size or background changed, or nothing was painted yet).
    ///
    /// A print that moved, changed or changed its place in the stack damages where it was and
    /// where it is (`PrintItem.damageRegion`: its extent, shadow included, or for a turned print
    /// the bands it covers); overlays damage their extents (`OverlayGeometry`). Dragging one
    /// photo over a hundred thus repaints just where it was and where it is. A frame with a
    /// table snapshot, or the first after one, is repainted whole.
    public func damage(since previous: DisplayList?) -> [Rect]? {
        guard let previous, previous.size == size, previous.uiScale == uiScale else { return nil }
        guard tableSnapshot == nil, previous.tableSnapshot == nil else { return nil }
        guard background == previous.background else { return nil }
        var damage = DamageCollector(frame: Rect(origin: .zero, size: size))
        if !Self.printDamageInPlace(old: previous.items, new: items, into: &damage) {
            damage = DamageCollector(frame: Rect(origin: .zero, size: size))
            printDamage(since: previous, into: &damage)
        }
        let overlays = overlays, previousOverlays = previous.overlays
        if !overlays.elementsEqual(previousOverlays) {
            for item in overlays + previousOverlays { damage.add(OverlayGeometry.extent(of: item, in: size, scale: uiScale)) }
        }
        return damage.region()
    }

    /// Where the prints that changed were and are, when both lists hold the same photos in the same
    /// order — the usual frame, where something moved and nothing was added, removed or
    /// restacked — or one list holds the other's and more on top (photos arriving on top of the
    /// stack, a frame of an opening or a drop, or the top ones leaving); `false` otherwise. One
    /// pass, no lookups: a board of a thousand prints is compared in a few microseconds.
    static func printDamageInPlace(old: [DisplayItem], new: [DisplayItem], into damage: inout DamageCollector) -> Bool {
        var i = 0, j = 0
        while true {
            // Most prints of a frame are as they were: told so from their bytes, in place, rather
            // than each copied out of both lists (even to ask whether it is a print) and compared
            // field by field, ten thousand a frame. Equal items need no damage, prints or not.
            if i < old.count, j < new.count, DisplayItem.areBitwiseEqual(old, i, new, j) {
                i += 1
                j += 1
                continue
            }
            while i < old.count, !old[i].isPrint { i += 1 }
            while j < new.count, !new[j].isPrint { j += 1 }
            guard i < old.count, j < new.count else {
                // What one list holds above all the other holds came or went: where it is or was.
                for case .print(let print) in old[i...] { damage.add(print) }
                for case .print(let print) in new[j...] { damage.add(print) }
                return true
            }
            guard case .print(let before) = old[i], case .print(let after) = new[j], before.photo == after.photo else { return false }
            if before != after {
                damage.add(before)
                damage.add(after)
            }
            i += 1
            j += 1
        }
    }

    /// Where the prints that moved, changed, came, went, or passed another in the stack were and are.
    /// One pass over each list and no hashing where photo numbers are dense (they are handed out
    /// one by one): a drop onto a board of ten thousand built two dictionaries of every print a
    /// frame, most of a 60–80 ms turn.
    private func printDamage(since previous: DisplayList, into damage: inout DamageCollector) {
        let oldPlaces = PrintPlaces(previous.items)
        var stillThere = [Bool](repeating: false, count: oldPlaces.count)
        // The photos in both lists, in the new stacking order: their places in both.
        var common: [(new: Int, old: Int, newItem: Int, oldItem: Int)] = []
        common.reserveCapacity(min(oldPlaces.count, items.count))
        var stack = 0
        for (index, item) in items.enumerated() {
            guard case .print(let print) = item else { continue }
            defer { stack += 1 }
            guard let old = oldPlaces[print.photo] else {
                damage.add(print)
                continue
            }
            stillThere[old.stack] = true
            common.append((stack, old.stack, index, old.item))
        }
        let passed = Self.passedOthers(common.map { ($0.new, $0.old) })
        for (place, wasPassing) in zip(common, passed) {
            guard case .print(let before) = previous.items[place.oldItem], case .print(let after) = items[place.newItem] else { continue }
            guard before != after || wasPassing else { continue }
            damage.add(before)
            damage.add(after)
        }
        var oldStack = 0
        for case .print(let print) in previous.items {
            if !stillThere[oldStack] { damage.add(print) }
            oldStack += 1
        }
    }

    /// Photos now above a photo that was above them: the ones whose stacking visibly changed
    /// (bringing one photo to the front shifts the others' indices but passes only it).
    static func photosThatPassedOthers(old: [PhotoID: Int], new: [PhotoID: Int]) -> Set<PhotoID> {
        var common: [(new: Int, old: Int, id: PhotoID)] = []
        common.reserveCapacity(new.count)
        for (id, newIndex) in new {
            guard let oldIndex = old[id] else { continue }
            common.append((newIndex, oldIndex, id))
        }
        common.sort { $0.new < $1.new }
        var passed: Set<PhotoID> = []
        for (photo, wasPassing) in zip(common, passedOthers(common.map { ($0.new, $0.old) })) where wasPassing { passed.insert(photo.id) }
        return passed
    }

    /// For photos in both lists, in their new stacking order (their new and old places): whether
    /// each passed another — when the highest old place among the photos below it now is above
    /// its own. One pass (a pairwise look took seconds on a board of ten thousand).
    static func passedOthers(_ places: [(new: Int, old: Int)]) -> [Bool] {
        var passed = [Bool](repeating: false, count: places.count)
        guard places.contains(where: { $0.new != $0.old }) else { return passed }
        var highestOldBelow = Int.min
        for (index, place) in places.enumerated() {
            if highestOldBelow > place.old { passed[index] = true }
            highestOldBelow = max(highestOldBelow, place.old)
        }
        return passed
    }

    private var background: Color? {
        if case .fill(let color) = items.first { return color }
        return nil
    }

}

extension DisplayItem {
    /// Whether `a[i]` and `b[j]` hold the same bytes — which makes them equal (the same numbers,
    /// the same string storage); items that are equal may still differ in their bytes (padding,
    /// a zero's sign), which only sends them to `==`.
    static func areBitwiseEqual(_ a: [DisplayItem], _ i: Int, _ b: [DisplayItem], _ j: Int) -> Bool {
        a.withUnsafeBufferPointer { first in
            b.withUnsafeBufferPointer { second in
                guard let left = first.baseAddress.map({ UnsafeRawPointer($0 + i) }),
                    let right = second.baseAddress.map({ UnsafeRawPointer($0 + j) })
                else { return false }
                let size = MemoryLayout<DisplayItem>.size, words = size / 8
                for word in 0..<words
                where left.load(fromByteOffset: word * 8, as: UInt64.self) != right.load(fromByteOffset: word * 8, as: UInt64.self) {
                    return false
                }
                for byte in (words * 8)..<size
                where left.load(fromByteOffset: byte, as: UInt8.self) != right.load(fromByteOffset: byte, as: UInt8.self) {
                    return false
                }
                return true
            }
        }
    }
}

/// Where each photo's print lies in a list: its item index and its place in the stack. Looked up
/// in flat arrays by photo number when the numbers are dense (the board hands them out one by
/// one), in a dictionary otherwise.
struct PrintPlaces {
    /// How many prints the list holds.
    let count: Int
    private var lowest = 0
    private var flat: [(item: Int32, stack: Int32)] = []
    private var sparse: [PhotoID: (item: Int, stack: Int)]?

    init(_ items: [DisplayItem]) {
        var photos: [(id: Int, item: Int)] = []
        photos.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if case .print(let print) = item { photos.append((print.photo.rawValue, index)) }
        }
        count = photos.count
        guard !photos.isEmpty else { return }
        if let (low, range) = PhotoID.denseSpan(of: photos.lazy.map { PhotoID($0.id) }, widest: 4 * photos.count + 1024),
            photos.count < Int(Int32.max)
        {
            lowest = low
            flat = Array(repeating: (-1, -1), count: range + 1)
            for (stack, photo) in photos.enumerated() { flat[photo.id - low] = (Int32(photo.item), Int32(stack)) }
        } else {
            var places: [PhotoID: (item: Int, stack: Int)] = [:]
            places.reserveCapacity(photos.count)
            for (stack, photo) in photos.enumerated() { places[PhotoID(photo.id)] = (photo.item, stack) }
            sparse = places
        }
    }

    subscript(photo: PhotoID) -> (item: Int, stack: Int)? {
        if let sparse { return sparse[photo] }
        let slot = photo.rawValue - lowest
        guard slot >= 0, slot < flat.count, flat[slot].item >= 0 else { return nil }
        return (Int(flat[slot].item), Int(flat[slot].stack))
    }
}

extension PhotoID {
    /// The lowest number of `photos` and how far the highest lies above it, when that is at most
    /// `widest` — close enough together for a flat array indexed by number (the board hands them
    /// out one by one); `nil` when they are spread wider, or there are none.
    static func denseSpan(of photos: some Collection<PhotoID>, widest: Int) -> (low: Int, range: Int)? {
        guard let low = photos.lazy.map(\.rawValue).min(), let high = photos.lazy.map(\.rawValue).max() else { return nil }
        let (range, overflowed) = high.subtractingReportingOverflow(low)
        guard !overflowed, range <= widest else { return nil }
        return (low, range)
    }
}

/// A set of photos told by number in a flat array where the numbers are close together, in a
/// hashed set otherwise: asked of each of ten thousand prints a frame, hashing them all cost
/// more than the frame's drawing.
public struct PhotoMarks {
    private var low = 0
    private var marks: [Bool] = []
    private var hashed: Set<PhotoID>?

    public init(_ photos: some Collection<PhotoID>) {
        guard !photos.isEmpty else { return }
        // A mark a number up to a million numbers wide: asked of every print, a few bytes each.
        guard let (low, range) = PhotoID.denseSpan(of: photos, widest: max(1 << 20, 4 * photos.count)) else {
            hashed = Set(photos)
            return
        }
        self.low = low
        marks = [Bool](repeating: false, count: range + 1)
        for id in photos { marks[id.rawValue - low] = true }
    }

    public func contains(_ id: PhotoID) -> Bool {
        if let hashed { return hashed.contains(id) }
        let (slot, overflowed) = id.rawValue.subtractingReportingOverflow(low)
        return !overflowed && slot >= 0 && slot < marks.count && marks[slot]
    }
}
