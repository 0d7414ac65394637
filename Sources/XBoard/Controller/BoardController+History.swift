/// Undo and redo: whole arrangements, recorded before every gesture and command.
extension BoardController {
    /// One arrangement: every photo's placement, edits and the stacking order — and the photos selected
    /// then, which undo and redo give back with it (Delete of a selection undone brings the prints
    /// back selected, as they went), though selecting alone is no step of its own: two
    /// arrangements differing only in their selection are the same.
    public struct Arrangement: Hashable, Sendable {
        public var photos: [Photo]
        public var selected: Set<PhotoID> = []

        public static func == (a: Arrangement, b: Arrangement) -> Bool { a.photos == b.photos }
        public func hash(into hasher: inout Hasher) { hasher.combine(photos) }
    }

    /// The arrangement as it will rest: a photo moving on its own (gliding, or easing to where a
    /// command sends it) counts where it comes to rest. So an undo point recorded mid-glide — `t`
    /// pressed again while the board still glides into its grid — is the grid, not wherever the
    /// photos were halfway, and undo goes back to before the first `t`.
    public var arrangement: Arrangement {
        guard !motions.isEmpty else { return Arrangement(photos: board.photos, selected: selected) }
        var photos = board.photos
        for index in photos.indices { photos[index].photoToBoard = restingPlacement(of: photos[index]) }
        return Arrangement(photos: photos, selected: selected)
    }

    /// Remembers the arrangement before a change, so `undo()` can return to it. Called when a
    /// gesture starts and before every command; consecutive identical arrangements are kept
    /// once, and only the last `settings.undoDepth` are kept.
    public func recordUndoPoint() {
        historyChanges &+= 1
        let current = arrangement
        if history.undo.last != current { history.undo.append(current) }
        let depth = max(1, settings.undoDepth)
        if history.undo.count > depth { history.undo.removeFirst(history.undo.count - depth) }
        history.redo.removeAll()
    }

    public var canRedo: Bool { !history.redo.isEmpty }

    /// Whether `undo()` would change anything (an undo point that differs from now).
    public var canUndo: Bool {
        let current = arrangement
        return history.undo.reversed().contains { $0 != current }  // the latest differs, as a rule: one comparison
    }

    /// Returns to the arrangement before the last change (photos glide back; removed ones return).
    public func undo() {
        historyChanges &+= 1
        while let previous = history.undo.popLast() {
            guard previous != arrangement else { continue }
            history.redo.append(arrangement)
            restore(previous)
            return
        }
    }

    /// Re-applies what `undo()` took back.
    public func redo() {
        historyChanges &+= 1
        guard let next = history.redo.popLast() else { return }
        history.undo.append(arrangement)
        restore(next)
    }

    /// Records the undo point before a gesture on `photo` begins, unless it is a wheel step that
    /// continues a run of them on the same print: a wheel turned several notches is one step.
    func recordUndoPoint(beforeGestureOn photo: PhotoID, by event: TouchEvent) {
        if event.isWheelStep, let last = lastWheelStep, last.photo == photo, last.historyChanges == historyChanges,
            event.time - last.time <= settings.wheelStepsMergeWithin, event.time >= last.time
        {
            lastWheelStep?.time = event.time
            return
        }
        recordUndoPoint()
        lastWheelStep = event.isWheelStep ? (photo, event.time, historyChanges) : nil
    }

    /// Puts every photo back exactly where the arrangement had it, in view or not: the table is
    /// larger than the window, and a print the step did not touch stays where it lies (pulling
    /// them into the view piled every print off one edge onto it, beyond any undo).
    private func restore(_ arrangement: Arrangement) {
        let wanted = Set(arrangement.photos.map(\.id))
        for photo in board.photos where !wanted.contains(photo.id) { remove(photo.id) }
        for photo in arrangement.photos where board.photo(photo.id) == nil { add(photo) }
        if board.reorder(arrangement.photos.map(\.id)) { revision &+= 1 }
        for photo in arrangement.photos {
            forgetCloseUp(of: photo.id, ifReturnedTo: photo.photoToBoard)
            // A crop changed moves the print with it at once: the picture stays where it lies.
            if var lying = board.photo(photo.id), lying.edits.crop != photo.edits.crop, !touchOwners.values.contains(photo.id) {
                catchMotion(of: photo.id)
                (lying.edits, lying.photoToBoard, lying.initialPhotoToBoard) = (photo.edits, photo.photoToBoard, photo.initialPhotoToBoard)
                board.replace(lying)
                revision &+= 1
            }
            setEdits(photo.edits, of: photo.id)
            settleCommand(photo.id, to: photo.photoToBoard)
        }
        selected = arrangement.selected.filter { board.photo($0) != nil }
    }
}
