/// What taps do: a double tap brings a photo up close and back, a triple tap puts it back as it
/// was first laid out.
extension BoardController {
    func react(to transitions: [GestureTransition], on id: PhotoID) {
        guard let photoGestures = gestures[id], let photo = board.photo(id) else { return }
        for transition in transitions {
            transitionObserver?(id, transition)
            switch (transition.recognizer, transition.state) {
            case (ObjectIdentifier(photoGestures.tripleTap), .recognized):
                photoGestures.placementBeforeCloseUp = nil
                settle(id, to: photo.initialPhotoToBoard)
            case (ObjectIdentifier(photoGestures.doubleTap), .recognized):
                toggleCloseUp(of: photo, gestures: photoGestures)
            default:
                break
            }
        }
    }

    /// Up close (centred, upright, filling `closeUpFraction` of the window), or back from it.
    ///
    /// Where the photo lay before its first close-up is remembered until a double tap puts it
    /// back there, whatever happened up close (drags, pinches, keys): adjusting a close-up never
    /// turns "back" into "back to the adjusted close-up". Only a triple tap, a gather, or an
    /// undo that returns the photo there anyway forgets it.
    private func toggleCloseUp(of photo: Photo, gestures photoGestures: PhotoGestures) {
        if let previous = photoGestures.placementBeforeCloseUp {
            photoGestures.placementBeforeCloseUp = nil
            settle(photo.id, to: board.clamped(previous))
            return
        }
        let printSize = photo.printBounds.size
        let fraction = settings.motion.closeUpFraction
        let fit = min(board.size.width * fraction / printSize.width, board.size.height * fraction / printSize.height)
        let scale = photo.clampScale(fit, settings: settings.motion)
        photoGestures.placementBeforeCloseUp = photo.photoToBoard
        settle(photo.id, to: AffineTransform(center: board.bounds.center, scale: scale, rotation: 0))
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
}
