/// Stacking kept as one number per photo (a key: higher lies above), so two windows can change
/// the stacking of different photos and both changes survive.
///
/// A window knows the order it shows; at a save it finds which photos it moved in that order
/// (`moved`), and gives only those new keys, placed among the keys already stored (`assignKeys`).
/// The rest keep theirs, which another window may have changed meanwhile.
public enum StackOrder {
    /// The photos whose place in the stack changed between `before` and `after` (bottom to
    /// top): those outside a longest run of photos that kept their relative order, plus those
    /// `before` did not have. Raising one photo to the top moves just that one; where two
    /// readings are as short (a photo raised, or the one it passed lowered), the photos higher
    /// up now are taken to have moved, since touching a photo raises it.
    public static func moved<Key: Hashable>(from before: [Key], to after: [Key]) -> Set<Key> {
        var positionBefore: [Key: Int] = [:]
        for (index, key) in before.enumerated() { positionBefore[key] = index }
        // From the top down, the longest run of falling old positions (patience sorting, in
        // O(n log n)), so that among runs as long, the photos kept are the lower ones.
        let known = after.filter { positionBefore[$0] != nil }.reversed().map { $0 }
        var tails: [Int] = []  // index into `known` of the smallest tail of each run length
        var previous = [Int](repeating: -1, count: known.count)
        for (index, key) in known.enumerated() {
            let value = -(positionBefore[key] ?? 0)
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if -(positionBefore[known[tails[middle]]] ?? 0) < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var kept: Set<Key> = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            kept.insert(known[cursor])
            cursor = previous[cursor]
        }
        return Set(after.filter { !kept.contains($0) })
    }

    /// Gives each photo in `moved` a key that puts it where it lies in `order` (bottom to top):
    /// above every photo below it there, and below the unmoved photos above it when the stored
    /// keys allow (when another window raised those meanwhile, the moved photo's own latest
    /// change wins: it goes just above the ones below it). Keys of photos not in `order` (not
    /// shown by this window) are respected: a new key never equals another.
    ///
    /// `keys` holds every stored key and receives the new ones. When two keys come too close
    /// to split, every key is renumbered 0, 1, 2… in its order first.
    public static func assignKeys<Key: Hashable>(order: [Key], moved: Set<Key>, keys: inout [Key: Double]) {
        guard !moved.isEmpty else { return }
        /// The lowest key of an unmoved photo above each position of `order`.
        func unmovedAbove() -> [Double] {
            var lowest = [Double](repeating: .infinity, count: order.count + 1)
            for index in order.indices.reversed() {
                let key = moved.contains(order[index]) ? nil : keys[order[index]]
                lowest[index] = min(lowest[index + 1], key ?? .infinity)
            }
            return lowest
        }
        var upperBounds = unmovedAbove()
        var highestBelow = -Double.infinity
        for (index, photo) in order.enumerated() {
            defer { highestBelow = max(highestBelow, keys[photo] ?? -.infinity) }
            guard moved.contains(photo) else { continue }
            if let key = key(between: highestBelow, and: upperBounds[index + 1], excluding: photo, in: keys) {
                keys[photo] = key
                continue
            }
            // No number left between two keys: renumber (the order stays) and read the bounds again.
            renumber(&keys)
            upperBounds = unmovedAbove()
            highestBelow = order[..<index].compactMap { keys[$0] }.max() ?? -.infinity
            keys[photo] =
                key(between: highestBelow, and: upperBounds[index + 1], excluding: photo, in: keys)
                ?? (highestBelow.isFinite ? highestBelow + 0.5 : 0)
        }
    }

    /// A key above `lower` and below both `upper` and the next key above `lower` (so no other
    /// photo is passed); `nil` when no such number is left between them. With `lower` at or
    /// above `upper` (a conflict), a key just above `lower`.
    static func key<Key: Hashable>(between lower: Double, and upper: Double, excluding photo: Key, in keys: [Key: Double]) -> Double? {
        var next = Double.infinity
        for (other, key) in keys where other != photo && key > lower && key < next { next = key }
        let ceiling = lower < upper ? min(upper, next) : next
        switch (lower.isFinite, ceiling.isFinite) {
        case (false, false): return 0
        case (false, true): return ceiling - 1
        case (true, false): return lower + 1
        case (true, true):
            let middle = lower + (ceiling - lower) / 2
            return middle > lower && middle < ceiling ? middle : nil
        }
    }

    /// Replaces every key by its rank (0, 1, 2…), keeping the order; ties keep their relative
    /// order by nothing in particular, as before.
    static func renumber<Key: Hashable>(_ keys: inout [Key: Double]) {
        for (rank, entry) in keys.sorted(by: { $0.value < $1.value }).enumerated() { keys[entry.key] = Double(rank) }
    }
}
