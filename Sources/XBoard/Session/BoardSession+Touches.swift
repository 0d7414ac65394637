/// Touches, real and emulated: each is hit-tested once, where it begins, against what the last
/// frame showed — notices (a tap dismisses one), the removed photos list (a tap puts a photo
/// back), else the board — and belongs to what it began on until it lifts.
extension BoardSession {
    func route(_ touch: TouchEvent, effects: inout [BoardEffect]) {
        switch router.route(touch, hitTest: layer(at:)) {
        case .board:
            controller.handle(touch)
        case .notice(let id):
            if touch.phase == .began { notices.dismiss(id, at: touch.time) }
        case .removedPhotos:
            shelfTouch(touch)
        }
    }

    /// The top layer at a board point, as the last frame showed it.
    func layer(at point: Point) -> Layer {
        if let notice = shown.noticePanels.last(where: { $0.frame.contains(point) }) { return .notice(notice.id) }
        if showsRemovedPhotos, let shelf = shown.shelf, shelf.contains(point) { return .removedPhotos }
        return .board
    }

    /// A touch on the removed photos list: lifted on the slot it began on, it puts that photo
    /// back (a tap, or a press a finger slid about on).
    private func shelfTouch(_ touch: TouchEvent) {
        switch touch.phase {
        case .began:
            shelfTouches[touch.id] = .some(shown.shelf?.photo(at: touch.routingLocation ?? touch.location))
        case .moved:
            break
        case .ended:
            guard let began = shelfTouches.removeValue(forKey: touch.id), let photo = began else { return }
            if showsRemovedPhotos, shown.shelf?.photo(at: touch.location) == photo { controller.returnToBoard(photo) }
        case .cancelled:
            shelfTouches[touch.id] = nil
        }
    }
}
