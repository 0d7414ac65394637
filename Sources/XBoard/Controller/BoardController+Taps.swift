/// What taps do: a double tap brings a photo up close and back, a triple tap puts it back as it
/// was first laid out; a long press is reported (`takeHolds`), for its menu.
extension BoardController {
    /// A photo held still by a finger long enough (a long press), and where the finger is (window
    /// pixels).
    public struct Hold: Hashable, Sendable {
        public var photo: PhotoID
        public var location: Point
    }

    /// The long presses since the last call.
    public func takeHolds() -> [Hold] {
        defer { holds = [] }
        return holds
    }

    /// A finger held on a photo or the bare table that may become a long press: where (window
    /// pixels), and how far along (0…1).
    public func holdProgress(at now: Instant) -> (location: Point, fraction: Double)? {
        if let table = tableGestures, let fraction = table.longPress.progress(at: now), let start = table.longPress.start {
            return (start.location, fraction)
        }
        for (touch, owner) in touchOwners {
            guard let photoGestures = gestures[owner], let fraction = photoGestures.longPress.progress(at: now),
                let start = photoGestures.longPress.start, photoGestures.longPress.core.touch(touch) != nil
            else { continue }
            return (start.location, fraction)
        }
        return nil
    }

    /// Brings a photo up close, or back from its close-up (as a double tap does).
    public func toggleCloseUp(_ id: PhotoID) {
        guard let photo = board.photo(id) else { return }
        recordUndoPoint()
        toggleCloseUp(of: photo, gestures: gesturesOf(id))
        revision &+= 1
    }

    /// Whether a photo is up close now (a double tap, or its menu, puts it back).
    public func isUpClose(_ id: PhotoID) -> Bool { gestures[id]?.placementBeforeCloseUp != nil }

    /// Puts a photo back where, how big and how turned it was first laid out (as a triple tap does).
    public func putBack(_ id: PhotoID) { putBack([id]) }

    /// Puts photos back as first laid out, after one undo point (a selection, from a print's menu).
    public func putBack(_ ids: [PhotoID]) {
        let photos = ids.compactMap { board.photo($0) }
        guard !photos.isEmpty else { return }
        recordUndoPoint()
        for photo in photos {
            gestures[photo.id]?.placementBeforeCloseUp = nil
            settleCommand(photo.id, to: photo.initialPhotoToBoard)
        }
    }

    /// Turns a photo upright where it lies, at its size.
    public func turnUpright(_ id: PhotoID) { turnUpright([id]) }

    /// Shows `id`'s picture at its own pixels, one to a window pixel at the view, about the
    /// print's middle, as it lies (turned or not) — as far as the print may grow
    /// (`Photo.maximumScale`: with the table zoomed far out, Ctrl+plus first). One step of undo.
    public func showActualPixels(_ id: PhotoID) {
        guard let photo = board.photo(id), photo.pictureSize.width > 0, photo.pixelSize.width >= 1 else { return }
        recordUndoPoint()
        forgetCloseUps()
        // The whole picture's pixels across its whole width, however it is cropped.
        let scale = photo.clampScale(photo.pixelSize.width / (photo.pictureSize.width * view.zoom), settings: settings.motion)
        settleCommand(photo.id, to: AffineTransform(center: photo.center, scale: scale, rotation: photo.rotation))
        if board.bringToFront(id) { revision &+= 1 }
    }

    /// Turns photos upright where they lie, after one undo point (a selection, from a print's menu).
    public func turnUpright(_ ids: [PhotoID]) {
        let photos = ids.compactMap { board.photo($0) }
        guard !photos.isEmpty else { return }
        recordUndoPoint()
        for photo in photos {
            let placement = photo.photoToBoard
            settleCommand(photo.id, to: AffineTransform(center: placement.center, scale: placement.scale, rotation: 0))
        }
    }

    func react(to transitions: [GestureTransition], on id: PhotoID) {
        guard let photoGestures = gestures[id], let photo = board.photo(id) else { return }
        for transition in transitions {
            transitionObserver?(id, transition)
            switch (transition.recognizer, transition.state) {
            case (ObjectIdentifier(photoGestures.tripleTap), .recognized):
                photoGestures.placementBeforeCloseUp = nil
                settle(id, to: photo.initialPhotoToBoard)
            case (ObjectIdentifier(photoGestures.singleTap), .recognized):
                if !selected.isEmpty { toggleSelection(of: id) }  // while a selection exists, a tap adds or removes
            case (ObjectIdentifier(photoGestures.doubleTap), .recognized):
                toggleCloseUp(of: photo, gestures: photoGestures)
            case (ObjectIdentifier(photoGestures.longPress), .recognized):
                holds.append(Hold(photo: id, location: photoGestures.longPress.start?.location ?? windowPlacement(of: id).center))
            default:
                break
            }
        }
    }

    /// Up close (centred in the view, upright, filling `closeUpFraction` of the window at any
    /// zoom), or back from it (into the view).
    ///
    /// Where the photo lay before its first close-up is remembered until a double tap puts it
    /// back there, whatever happened up close (drags, pinches, keys): adjusting a close-up never
    /// turns "back" into "back to the adjusted close-up". Only a triple tap, a gather, or an
    /// undo that returns the photo there anyway forgets it.
    private func toggleCloseUp(of photo: Photo, gestures photoGestures: PhotoGestures) {
        if let previous = photoGestures.placementBeforeCloseUp {
            photoGestures.placementBeforeCloseUp = nil
            settle(photo.id, to: clamped(previous, into: visibleBounds))
            return
        }
        let printSize = photo.printBounds.size
        let fraction = settings.motion.closeUpFraction
        let fit = min(board.size.width * fraction / printSize.width, board.size.height * fraction / printSize.height) / view.zoom
        let scale = photo.clampScale(fit, settings: settings.motion)
        photoGestures.placementBeforeCloseUp = photo.photoToBoard
        settle(photo.id, to: AffineTransform(center: visibleBounds.center, scale: scale, rotation: 0))
    }

    /// Forgets every close-up's way back (the photos were laid out anew).
    func forgetCloseUps() {
        for photoGestures in gestures.values { photoGestures.placementBeforeCloseUp = nil }
    }

    /// Forgets a close-up's way back when `placement` is that place: the photo is back there.
    func forgetCloseUp(of id: PhotoID, ifReturnedTo placement: AffineTransform) {
        if let photoGestures = gestures[id], photoGestures.placementBeforeCloseUp == placement {
            photoGestures.placementBeforeCloseUp = nil
        }
    }

    /// The photos on the board, bottom to top, as they lie: a photo up close is where it lay
    /// before its close-up (a close-up is a way of looking, not a place), so what is kept of
    /// the board never loses that place, even when the board ends while a photo is up close;
    /// and a photo moving on its own is where it comes to rest (the board ending while ten
    /// thousand glide into a grid keeps the grid, not wherever they were halfway).
    public var photosAsTheyLie: [Photo] {
        // Most of the time nothing is up close or moving: the photos as they are (a save asks
        // for all of them, and a lookup per photo of ten thousand was most of its turn).
        guard !motions.isEmpty || gestures.values.contains(where: { $0.placementBeforeCloseUp != nil }) else { return board.photos }
        return board.photos.map { photo in
            var resting = photo
            resting.photoToBoard =
                gestures[photo.id]?.placementBeforeCloseUp.map { clamped($0, into: visibleBounds) } ?? restingPlacement(of: photo)
            return resting
        }
    }
}
