/// Window resizes: the board follows the window and never loses the arrangement.
extension BoardController {
    /// The window changed size: the view keeps its corner and zoom (the window's top-left shows
    /// the same board point), and photos the view showed that it no longer does glide back in
    /// (photos out of view before stay where they are).
    ///
    /// Photos a shrinking window pushed in remember where they were and glide back there when
    /// the window grows again (as far as it allows), unless they were moved in between.
    public func resize(to size: Size) {
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite, size != board.size else {
            return
        }
        let oldVisible = visibleBounds
        board.size = size
        revision &+= 1
        let visible = visibleBounds
        for photo in board.photos {
            if case .glide(var glide) = motions[photo.id] {
                // Glides clamp as they go; remember where this one was headed if it no longer fits.
                if placementsBeforeResize[photo.id] == nil {
                    let destination = glide.transform(at: glide.endTime)
                    if !visible.contains(destination.center) { placementsBeforeResize[photo.id] = destination }
                }
                glide.bounds = visible
                motions[photo.id] = .glide(glide)
                continue
            }
            // A photo easing somewhere (a command's move, a tidy) still wants to go there.
            var resting = photo.photoToBoard
            if case .settle(let settle) = motions[photo.id] { resting = settle.to }
            // Prints out of view stay where they are: only what the window showed is kept in it.
            guard placementsBeforeResize[photo.id] != nil || oldVisible.contains(resting.center) else { continue }
            let wanted = placementsBeforeResize[photo.id] ?? resting
            let target = clamped(wanted, into: visible)
            if target.center != wanted.center { placementsBeforeResize[photo.id] = wanted }  // kept until the photo is handled
            guard target != photo.photoToBoard else { continue }
            if case .settle(let settle) = motions[photo.id], settle.to == target { continue }  // on its way there already
            if gestures[photo.id]?.manipulation != nil {
                board.setTransform(target, of: photo.id)
                if let photoGestures = gestures[photo.id] { rebase(photo.id, photoGestures) }
                continue
            }
            settle(photo.id, to: target)
        }
    }
}
