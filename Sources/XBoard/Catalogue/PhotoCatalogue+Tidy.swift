/// The order `t` tidies photos in, and the captions `c` shows: from what each photo's first
/// decode told (its name, its date taken), never from its file again.
extension PhotoCatalogue {
    /// `photos` sorted by file name as a file manager sorts them (`IMG_2` before `IMG_10`, the
    /// folder left out), or by date taken with the name breaking ties and undated photos last.
    /// Photos the catalogue does not know keep their place at the end.
    public func tidyOrder(of photos: [PhotoID], byDate: Bool) -> [PhotoID] {
        // Each photo's name key and date worked out once: ten thousand photos sort in one pass
        // of comparisons, without converting a name at each.
        struct Sorting {
            var id: PhotoID
            var date: Double?
            var name: NameOrder.Key
            var path: [UInt8]
        }
        let known = photos.compactMap { id -> Sorting? in
            guard let entry = entry(id) else { return nil }
            // The name from the path's bytes (swift-system's component view is slow unoptimized).
            let path = entry.path.bytes
            let name = path.lastIndex(of: UInt8(ascii: "/")).map { Array(path[($0 + 1)...]) } ?? path
            return Sorting(
                id: id, date: byDate ? (entry.dateTaken ?? nil) : nil, name: NameOrder.Key(name.isEmpty ? path : name), path: path)
        }
        let unknown = photos.filter { entry($0) == nil }
        let sorted = known.sorted { a, b in
            if byDate {
                switch (a.date, b.date) {
                case (let left?, let right?) where left != right: return left < right
                case (nil, _?): return false  // undated last
                case (_?, nil): return true
                default: break
                }
            }
            if a.name != b.name { return a.name < b.name }
            if a.path != b.path { return a.path.lexicographicallyPrecedes(b.path) }
            return a.id.rawValue < b.id.rawValue
        }
        return sorted.map(\.id) + unknown
    }

    /// A photo's caption: its file name and date taken (`CaptionLayout.text`).
    public func caption(of id: PhotoID) -> String {
        CaptionLayout.text(fileName: name(of: id), dateTaken: dateTaken(of: id) ?? nil)
    }
}
