/// The prints' captions (c): whether they show, and each photo's caption, made once — making
/// one asks the catalogue for its name, date and camera (`CaptionsTests`).
struct Captions: Sendable {
    var isShown = false
    /// The captions made so far.
    private(set) var made: [PhotoID: String] = [:]

    /// Shows or hides the captions on `photos`; whether no print shown is large enough to read
    /// one (`CaptionLayout.anyReadable`), so that the board says so.
    mutating func toggle(on photos: [Photo], zoom: Double = 1) -> Bool {
        isShown.toggle()
        return isShown && !photos.isEmpty && !CaptionLayout.anyReadable(photos, zoom: zoom)
    }

    /// The captions of `photos` while shown (none while hidden), each made by `caption` the
    /// first time it is asked for.
    mutating func shown(on photos: some Sequence<PhotoID>, caption: (PhotoID) -> String) -> [PhotoID: String] {
        guard isShown else { return [:] }
        var shown: [PhotoID: String] = [:]
        for id in photos {
            if let text = made[id] {
                shown[id] = text
                continue
            }
            let text = caption(id)
            made[id] = text
            shown[id] = text
        }
        return shown
    }
}
