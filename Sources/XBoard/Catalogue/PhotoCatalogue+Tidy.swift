/// The order `t` tidies photos in, and the captions `c` shows: from what each photo's first
/// decode told (its name, its date taken), never from its file again.
extension PhotoCatalogue {
    /// `photos` sorted by file name as a file manager sorts them (`IMG_2` before `IMG_10`, the
    /// folder left out), or by date taken with the name breaking ties and undated photos last.
    /// Photos the catalogue does not know keep their place at the end.
    public func tidyOrder(of photos: [PhotoID], byDate: Bool) -> [PhotoID] {
        let known = photos.filter { entry($0) != nil }
        let unknown = photos.filter { entry($0) == nil }
        let sorted = known.sorted { a, b in
            if byDate {
                let left = dateTaken(of: a) ?? nil, right = dateTaken(of: b) ?? nil
                switch (left, right) {
                case (let left?, let right?) where left != right: return left < right
                case (nil, _?): return false  // undated last
                case (_?, nil): return true
                default: break
                }
            }
            let left = entries[a.rawValue].path, right = entries[b.rawValue].path
            if left == right { return a.rawValue < b.rawValue }
            return NameOrder.isOrderedBefore(left, right)
        }
        return sorted + unknown
    }

    /// A photo's caption: its file name and date taken (`CaptionLayout.text`).
    public func caption(of id: PhotoID) -> String {
        CaptionLayout.text(fileName: name(of: id), dateTaken: dateTaken(of: id) ?? nil)
    }
}
