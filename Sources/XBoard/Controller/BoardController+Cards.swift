/// Prints laid out before their pictures arrive — plain cards, sized from their files' headers
/// — and what their first decode changes: the picture's true size, or its file failing.
extension BoardController {
    /// Gives a photo the picture size its decode found (`pixelSize`, upright pixels) where its
    /// card was laid out from what the header declared: the print keeps its long edge on the
    /// board and its placement, and takes the picture's shape. Nothing changes when the shape and
    /// size are the ones laid out.
    public func setPictureSize(_ pixelSize: Size, of id: PhotoID) {
        guard pixelSize.width > 0, pixelSize.height > 0, pixelSize.width.isFinite, pixelSize.height.isFinite else { return }
        func resized(_ photo: Photo) -> Photo {
            var photo = photo
            photo.pictureSize = pixelSize * (photo.pictureSize.longEdge / pixelSize.longEdge)
            photo.pixelSize = pixelSize
            return photo
        }
        if let photo = board.photo(id), photo.pixelSize != pixelSize {
            board.replace(resized(photo))
            revision &+= 1
        } else if let waiting = offBoard[id], waiting.photo.pixelSize != pixelSize {
            offBoard[id]?.photo = resized(waiting.photo)
            revision &+= 1
        }
    }

    /// Takes a photo off the board and out of the removed photos for good, as if it had never
    /// been laid out: its file could not be opened after all. Undo and redo forget it too.
    public func withdraw(_ id: PhotoID) {
        guard board.photo(id) != nil || offBoard[id] != nil else { return }
        if board.photo(id) != nil { remove(id) }
        offBoard[id] = nil
        history.undo = history.undo.map { Arrangement(photos: $0.photos.filter { $0.id != id }, selected: $0.selected.subtracting([id])) }
        history.redo = history.redo.map { Arrangement(photos: $0.photos.filter { $0.id != id }, selected: $0.selected.subtracting([id])) }
        if selection == id { selection = nil }
        placementsBeforeResize[id] = nil
        revision &+= 1
    }
}
