extension Board {
    /// The topmost photo whose print (picture and border) covers `boardLocation`.
    ///
    /// Each photo is tested through its inverse transform, so a rotated, scaled print is hit
    /// exactly where it is drawn.
    public func photo(at boardLocation: Point) -> PhotoID? {
        guard boardLocation.isFinite else { return nil }
        for photo in photos.reversed() {
            guard let boardToPhoto = photo.photoToBoard.inverted() else { continue }
            if photo.printBounds.contains(boardToPhoto.apply(to: boardLocation)) { return photo.id }
        }
        return nil
    }

    /// The centre of the topmost photo under `boardLocation`, in board points; what mouse
    /// emulation needs to know about the board.
    public func photoCenter(at boardLocation: Point) -> Point? {
        photo(at: boardLocation).flatMap { photo($0)?.center }
    }
}
