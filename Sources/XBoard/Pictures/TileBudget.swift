/// The tiles kept, within a budget of bytes: each kept tile costs its pixels' bytes; when one more
/// would go over the budget the tiles least recently seen go first — never those seen in the
/// frame being drawn (`seen(_:)` since the last `beginFrame()`), so a view needing more than the
/// budget keeps what it shows and goes without the rest (issue 39: a 200 MP picture at 1:1 within
/// the board's and the X server's memory, ten such pictures not ten times that).
public struct TileBudget<Key: Hashable & Sendable>: Sendable {
    public let capacity: Int
    public private(set) var used = 0
    private var kept: [Key: (bytes: Int, stamp: UInt64)] = [:]
    private var clock: UInt64 = 0
    private var frameStart: UInt64 = 0

    public init(capacity: Int) { self.capacity = max(0, capacity) }

    public var count: Int { kept.count }
    public func contains(_ key: Key) -> Bool { kept[key] != nil }

    /// A new frame begins: tiles seen from now on are the frame's.
    public mutating func beginFrame() {
        clock &+= 1
        frameStart = clock
    }

    /// `key` is drawn (or wanted) in this frame.
    public mutating func seen(_ key: Key) {
        guard kept[key] != nil else { return }
        clock &+= 1
        kept[key]?.stamp = clock
    }

    /// Keeps `key` at `bytes`, seen now; returns the keys let go to make room (least recently
    /// seen first), or `nil` when it cannot be kept without letting go of a tile of this frame
    /// (then nothing is let go and it is not kept).
    public mutating func keep(_ key: Key, bytes: Int) -> [Key]? {
        let bytes = max(0, bytes)
        let previous = kept[key]?.bytes ?? 0
        var needed = used - previous + bytes - capacity
        var released: [Key] = []
        if needed > 0 {
            let candidates = kept.filter { $0.key != key && $0.value.stamp < frameStart }.sorted { $0.value.stamp < $1.value.stamp }
            guard candidates.reduce(0, { $0 + $1.value.bytes }) >= needed else { return nil }
            for candidate in candidates where needed > 0 {
                released.append(candidate.key)
                needed -= candidate.value.bytes
            }
        }
        for old in released { release(old) }
        clock &+= 1
        kept[key] = (bytes, clock)
        used += bytes - previous
        return released
    }

    /// Lets `key` go (its picture was removed, or decoded again).
    public mutating func release(_ key: Key) {
        guard let entry = kept.removeValue(forKey: key) else { return }
        used -= entry.bytes
    }
}
