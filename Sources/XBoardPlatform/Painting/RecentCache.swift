/// A bounded cache that keeps what was used recently: two generations of at most `capacity`
/// entries each. A hit in the older generation moves the entry to the current one; when the
/// current one is full it becomes the older one and the oldest entries go (the "2Q"-like scheme
/// of many glyph caches: no per-entry bookkeeping, and what a frame uses stays).
struct RecentCache<Key: Hashable, Value> {
    let capacity: Int
    private var current: [Key: Value] = [:]
    private var older: [Key: Value] = [:]

    init(capacity: Int) {
        precondition(capacity > 0, "a cache holds at least one entry")
        self.capacity = capacity
    }

    /// How many entries are held, in both generations (at most twice `capacity`).
    var count: Int { current.count + older.count }

    /// The value for `key`, or `make()`'s, which is kept.
    mutating func value(for key: Key, make: () -> Value) -> Value {
        if let value = current[key] { return value }
        let value = older.removeValue(forKey: key) ?? make()
        if current.count >= capacity {
            older = current
            current = [:]
        }
        current[key] = value
        return value
    }
}
