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
        var known: [Key] = []  // from the top down, with their old positions negated
        var values: [Int] = []
        for key in after.reversed() {
            guard let position = positionBefore[key] else { continue }
            known.append(key)
            values.append(-position)
        }
        var tails: [Int] = []  // index into `known` of the smallest tail of each run length
        var previous = [Int](repeating: -1, count: known.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
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
    /// shown by this window) are respected: a new key never equals another, and never passes
    /// the key of a photo that did not move.
    ///
    /// `keys` holds every stored key and receives the new ones. One ordered pass, O(n log n):
    /// each run of moved photos lying together in `order` is spread evenly over the gap it lands
    /// in, found by binary search among the unmoved keys. When a gap is too narrow for its run,
    /// every key is renumbered 0, 1, 2… in its order first (once: whole numbers leave room for
    /// any run).
    public static func assignKeys<Key: Hashable>(order: [Key], moved: Set<Key>, keys: inout [Key: Double]) {
        guard !moved.isEmpty else { return }
        var gaps = Gaps(order: order, moved: moved, keys: keys)
        var index = 0
        while index < order.count {
            guard moved.contains(order[index]) else {
                gaps.pass(order[index], keys: keys)
                index += 1
                continue
            }
            var end = index
            while end < order.count, moved.contains(order[end]) { end += 1 }
            let run = order[index..<end]
            if let runKeys = gaps.keys(for: run.count, startingAt: index) {
                for (photo, key) in zip(run, runKeys) { keys[photo] = key }
            } else {
                // No room left between two keys: renumber (the order stays) and look again.
                renumber(&keys)
                gaps = Gaps(order: order, moved: moved, keys: keys)
                for photo in order[..<index] { gaps.pass(photo, keys: keys) }
                let runKeys = gaps.keys(for: run.count, startingAt: index) ?? evenlyAbove(gaps.highestBelow, count: run.count)
                for (photo, key) in zip(run, runKeys) { keys[photo] = key }
            }
            for photo in run { gaps.pass(photo, keys: keys) }
            index = end
        }
    }

    /// What a pass up `order` knows: the highest key below the current position, the lowest
    /// unmoved key above each position, and every unmoved key (shown by this window or not),
    /// sorted, to find the next one above a key.
    private struct Gaps {
        var highestBelow = -Double.infinity
        /// `unmovedAbove[i]`: the lowest key of an unmoved photo at position `i` or above.
        let unmovedAbove: [Double]
        let unmovedKeys: [Double]

        init<Key: Hashable>(order: [Key], moved: Set<Key>, keys: [Key: Double]) {
            var lowest = [Double](repeating: .infinity, count: order.count + 1)
            for index in order.indices.reversed() {
                let key = moved.contains(order[index]) ? nil : keys[order[index]]
                lowest[index] = min(lowest[index + 1], key ?? .infinity)
            }
            unmovedAbove = lowest
            unmovedKeys = keys.compactMap { moved.contains($0.key) ? nil : $0.value }.sorted()
        }

        mutating func pass<Key: Hashable>(_ photo: Key, keys: [Key: Double]) {
            highestBelow = max(highestBelow, keys[photo] ?? -.infinity)
        }

        /// The smallest unmoved key above `value`, or infinity.
        func nextKey(above value: Double) -> Double {
            var low = 0, high = unmovedKeys.count
            while low < high {
                let middle = (low + high) / 2
                if unmovedKeys[middle] > value { high = middle } else { low = middle + 1 }
            }
            return low < unmovedKeys.count ? unmovedKeys[low] : .infinity
        }

        /// `count` increasing keys for a run that starts at position `start` of the order:
        /// above `highestBelow`, below both the unmoved photos above the run and the next
        /// unmoved key (so no other photo is passed); `nil` when they do not fit. With the
        /// photos above lying lower than those below (a conflict), the run goes just above.
        func keys(for count: Int, startingAt start: Int) -> [Double]? {
            let lower = highestBelow
            let upper = unmovedAbove[min(start + count, unmovedAbove.count - 1)]
            let next = nextKey(above: lower)
            let ceiling = lower < upper ? min(upper, next) : next
            let result: [Double]
            switch (lower.isFinite, ceiling.isFinite) {
            case (false, false): result = (0..<count).map(Double.init)
            case (false, true): result = (0..<count).map { ceiling - Double(count - $0) }
            case (true, false): result = evenlyAbove(lower, count: count)
            case (true, true):
                let step = (ceiling - lower) / Double(count + 1)
                result = (1...count).map { lower + step * Double($0) }
            }
            // Too narrow a gap (or too large keys) shows as keys that are equal or out of it.
            var previous = lower
            for key in result {
                guard key > previous, key < ceiling else { return nil }
                previous = key
            }
            return result
        }
    }

    /// `count` keys 1, 2, 3… above `lower` (0, 1, 2… when there is nothing below).
    private static func evenlyAbove(_ lower: Double, count: Int) -> [Double] {
        let base = lower.isFinite ? lower : -1
        return (0..<count).map { base + Double($0 + 1) }
    }

    /// Replaces every key by its rank (0, 1, 2…), keeping the order; ties keep their relative
    /// order by nothing in particular, as before.
    static func renumber<Key: Hashable>(_ keys: inout [Key: Double]) {
        for (rank, entry) in keys.sorted(by: { $0.value < $1.value }).enumerated() { keys[entry.key] = Double(rank) }
    }
}
