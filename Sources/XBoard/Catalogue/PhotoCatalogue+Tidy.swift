/// The order `t` tidies photos in, and the captions `c` shows: from what each photo's first
/// decode told (its name, its date taken), never from its file again.
extension PhotoCatalogue {
    /// `photos` sorted by file name as a file manager sorts them (`IMG_2` before `IMG_10`, the
    /// folder left out), or by date taken with the name breaking ties and undated photos last.
    /// Photos the catalogue does not know keep their place at the end.
    public func tidyOrder(of photos: [PhotoID], byDate: Bool) -> [PhotoID] {
        // Each photo's name key (made as its first decode arrived) and date, looked up once: ten
        // thousand photos sort in one pass of comparisons; paths are compared only on a tie.
        struct Sorting {
            var id: PhotoID
            var date: Double?
            var name: NameOrder.Key
        }
        var known: [Sorting] = []
        known.reserveCapacity(photos.count)
        var unknown: [PhotoID] = []
        for id in photos {
            guard entries.indices.contains(id.rawValue) else {
                unknown.append(id)
                continue
            }
            known.append(
                Sorting(
                    id: id, date: byDate ? (entries[id.rawValue].dateTaken ?? nil) : nil,
                    name: entries[id.rawValue].nameKey ?? NameOrder.Key(entries[id.rawValue].nameBytes)))
        }
        func precedes(_ a: Sorting, _ b: Sorting) -> Bool? {
            if byDate {
                switch (a.date, b.date) {
                case (let left?, let right?) where left != right: return left < right
                case (nil, _?): return false  // undated last
                case (_?, nil): return true
                default: break
                }
            }
            return a.name != b.name ? a.name < b.name : nil
        }
        known.sort { a, b in precedes(a, b) ?? (a.id.rawValue < b.id.rawValue) }
        // Photos of the same name (and date) by their whole paths: each run of them sorted again,
        // every path's bytes made once (ten thousand ties compared paths made afresh each time).
        var start = 0
        while start < known.count {
            var end = start + 1
            while end < known.count, precedes(known[start], known[end]) == nil { end += 1 }
            if end - start > 1 {
                let paths = known[start..<end].map { ($0, entries[$0.id.rawValue].path.bytes) }
                let sorted = paths.sorted { a, b in
                    a.1 != b.1 ? a.1.lexicographicallyPrecedes(b.1) : a.0.id.rawValue < b.0.id.rawValue
                }
                known.replaceSubrange(start..<end, with: sorted.map(\.0))
            }
            start = end
        }
        return known.map(\.id) + unknown
    }

    /// A photo's caption: its file name and date taken (`CaptionLayout.text`).
    public func caption(of id: PhotoID) -> String {
        CaptionLayout.text(fileName: name(of: id), dateTaken: dateTaken(of: id) ?? nil)
    }
}
