import XBoard
import XBoardPlatform

/// The removed photos list (r): the photos taken off the board along the bottom edge, a tap
/// on one putting it back; touches that begin on the list never reach the board.
extension EventLoop {
    /// A touch or emulated finger that did not begin on a notice: to the removed photos list
    /// when it began there, else to the board.
    func routeToShelfOrBoard(_ touch: TouchEvent) {
        switch shelfTouches.route(touch, shelf: showsRemovedPhotos ? shownShelf : nil) {
        case .board:
            controller.handle(touch)
        case .shelf:
            break
        case .returnPhoto(let id):
            controller.returnToBoard(id)
        }
    }

    /// The list as it shows now (above the loading panel while that shows), or `nil`.
    func removedShelf(status: LoadingStatus?) -> RemovedShelf? {
        guard showsRemovedPhotos else { return nil }
        let entries = controller.removedPhotos.map { photo in
            RemovedShelf.Entry(photo: photo.id, pictureSize: photo.size, name: library.name(of: photo.id))
        }
        let scale = scene.style.uiScale, size = controller.board.size
        let inset = status == nil ? 0 : OverlayGeometry.progressPanel(in: size, scale: scale).size.height
        return RemovedShelf(entries: entries, in: size, scale: scale, bottomInset: inset)
    }
}
