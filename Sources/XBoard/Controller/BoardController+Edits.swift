/// Edits of prints (issue 40): flipped, black and white, see-through. Each acts on the prints a
/// command acts on (the selection, else the print), is one step of undo, and never touches a file.
extension BoardController {
    /// Mirrors the prints' pictures left to right (or, `vertically`, top to bottom).
    public func flip(_ ids: [PhotoID], vertically: Bool) {
        edit(ids) { edits in
            if vertically { edits.flipsVertically.toggle() } else { edits.flipsHorizontally.toggle() }
        }
    }

    /// Shows the prints in black and white, or in colour again when every one of them was in
    /// black and white already (as a toggle on a selection does in a file manager's bold: all
    /// alike first).
    public func toggleBlackAndWhite(_ ids: [PhotoID]) {
        let allAlready = ids.compactMap { board.photo($0) }.allSatisfy(\.edits.isBlackAndWhite)
        edit(ids) { $0.isBlackAndWhite = !allAlready }
    }

    /// Takes the prints one see-through step on (100, 75, 50, 25 %, then opaque again), all to
    /// the step after the first's.
    public func stepSeeThrough(_ ids: [PhotoID]) {
        guard let first = ids.lazy.compactMap({ self.board.photo($0) }).first else { return }
        let next = first.edits.nextOpacity
        edit(ids) { $0.opacity = next }
    }

    /// Changes the edits of the prints `ids` on the board by `change`, after one undo point.
    func edit(_ ids: [PhotoID], _ change: (inout PrintEdits) -> Void) {
        let photos = ids.compactMap { board.photo($0) }
        guard !photos.isEmpty else { return }
        recordUndoPoint()
        for var photo in photos {
            change(&photo.edits)
            board.replace(photo)
        }
        revision &+= 1
    }

    /// Gives a photo the edits an undo or redo step had (`restore`).
    func setEdits(_ edits: PrintEdits, of id: PhotoID) {
        guard var photo = board.photo(id), photo.edits != edits else { return }
        photo.edits = edits
        board.replace(photo)
        revision &+= 1
    }
}
