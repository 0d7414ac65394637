/// Edits of prints (issue 40): cropped, flipped, black and white, see-through. Each acts on the
/// prints a command acts on (the selection, else the print; a crop is made on one print), is one
/// step of undo, and never touches a file.
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

    // MARK: Crop

    /// Begins cropping `id` (`CropLayer`): the print shows its whole picture, which stays where it
    /// lay, and stops where it comes to rest. Returns the photo as it was (what Cancel gives
    /// back); the undo point is recorded now, so the crop, once kept, is one step.
    public func beginCrop(_ id: PhotoID) -> Photo? {
        guard var photo = board.photo(id) else { return nil }
        photo.photoToBoard = restingPlacement(of: photo)
        catchMotion(of: id)
        recordUndoPoint()
        let before = photo
        board.replace(photo.cropped(to: PrintEdits.wholePicture))
        revision &+= 1
        return before
    }

    /// Places the print being cropped (its picture moved or zoomed within the frame): no step of
    /// undo of its own.
    public func placeCropping(_ id: PhotoID, at placement: AffineTransform) {
        guard var photo = board.photo(id), placement.isFinite, placement.inverted() != nil, photo.photoToBoard != placement else { return }
        photo.photoToBoard = placement
        board.replace(photo)
        revision &+= 1
    }

    /// Keeps the crop `crop` of the print being cropped, its picture where it lies.
    public func finishCrop(_ id: PhotoID, to crop: Rect) {
        guard let photo = board.photo(id), let crop = PrintEdits.checkedCrop(crop) else { return }
        board.replace(photo.cropped(to: crop))
        revision &+= 1
    }

    /// Leaves the print as it was before cropping began (`before`, from `beginCrop`).
    public func cancelCrop(_ before: Photo) {
        guard var photo = board.photo(before.id) else { return }
        photo.edits = before.edits
        photo.photoToBoard = before.photoToBoard
        photo.initialPhotoToBoard = before.initialPhotoToBoard
        board.replace(photo)
        revision &+= 1
    }

    /// Shows the prints' whole pictures again, each left where it lies (one step of undo).
    public func resetCrop(_ ids: [PhotoID]) {
        let photos = ids.compactMap { board.photo($0) }.filter(\.edits.isCropped)
        guard !photos.isEmpty else { return }
        recordUndoPoint()
        for var photo in photos {
            photo.photoToBoard = restingPlacement(of: photo)
            catchMotion(of: photo.id)
            board.replace(photo.cropped(to: PrintEdits.wholePicture))
        }
        revision &+= 1
    }
}
