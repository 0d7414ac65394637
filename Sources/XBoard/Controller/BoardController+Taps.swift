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
            case (ObjectIdentifier(photoGestures.pan), .began):
                photoGestures.placementBeforeCloseUp = nil
            default:
                break
            }
        }
    }

    /// Up close (centred, upright, filling `closeUpFraction` of the window), or back from it.
    private func toggleCloseUp(of photo: Photo, gestures photoGestures: PhotoGestures) {
        if let previous = photoGestures.placementBeforeCloseUp {
            photoGestures.placementBeforeCloseUp = nil
            settle(photo.id, to: previous)
            return
        }
        let printSize = photo.printBounds.size
        let fraction = settings.motion.closeUpFraction
        let fit = min(board.size.width * fraction / printSize.width, board.size.height * fraction / printSize.height)
        let scale = photo.clampScale(fit, settings: settings.motion)
        photoGestures.placementBeforeCloseUp = photo.photoToBoard
        settle(photo.id, to: AffineTransform(center: board.bounds.center, scale: scale, rotation: 0))
    }
}
