/// Touches, real and emulated: each is hit-tested once, where it begins, against the layers the
/// last frame showed, top down (`LayerStack`), else the board, and belongs to what it began on
/// until it lifts; what a layer asks for is carried out here. A long press's finger becomes the
/// menu's it opens.
extension BoardSession {
    func route(_ touch: TouchEvent, effects: inout [BoardEffect]) {
        switch router.route(touch, hitTest: layer(at:)) {
        case .board:
            if touch.phase == .began, controller.board.photo(at: touch.routingLocation ?? touch.location) == nil {
                controls.show(at: touch.time)  // a finger on the empty table brings the controls
            }
            controller.handle(touch)
        case .notice(let id):
            if touch.phase == .began { notices.dismiss(id, at: touch.time) }
        case .help:
            help.touch(touch)
        case .removedPhotos:
            for outcome in shelf.touch(touch, shown: shown.shelf) {
                switch outcome {
                case .putBack(let photo): controller.returnToBoard(photo)
                case .close: showsRemovedPhotos = false
                }
            }
        case .picker:
            apply(pickerLayer?.touch(touch, shown: shown.picker, in: controller.board.size) ?? [], effects: &effects)
        case .menu:
            for outcome in menuLayer?.touch(touch, shown: shown.menu) ?? [] {
                switch outcome {
                case .chose(let action): choose(action, at: touch.time, effects: &effects)
                case .close: closeMenu()
                }
            }
        case .dismissMenu:
            // Outside an open menu: the touch closes it, and is nothing more until it lifts.
            if touch.phase == .began { closeMenu() }
        case .controls:
            for case .activate(let index) in controls.touch(touch, shown: shown.bar) {
                activateControl(index, at: touch.time, effects: &effects)
            }
        }
    }

    /// A long press on a print opens its menu beside the finger; the finger is the menu's from
    /// then on (it may slide to an entry and lift there), and the print lets go of it.
    func takeHolds(at now: Instant, effects: inout [BoardEffect]) {
        for hold in controller.takeHolds() {
            guard let touch = router.touches(of: .board).first(where: { controller.owner(of: $0) == hold.photo }) else { continue }
            controller.handle(TouchEvent(id: touch, phase: .cancelled, location: hold.location, time: now))
            router.reassign(touch, to: .menu)
            openPrintMenu(hold.photo, at: hold.location, viaPointer: false)
            menuLayer?.take(touch)
        }
    }

    /// The pointer moved: toward the top edge, or over the empty table, the controls show.
    func pointerMoved(_ pointer: PointerEvent) {
        guard case .moved = pointer.kind else { return }
        let reach = WidgetMetrics(scale: scene.style.uiScale)
        if pointer.location.y < reach.target + 3 * reach.edgeMargin || controller.board.photo(at: pointer.location) == nil {
            controls.show(at: pointer.time)
        }
    }

    /// The top layer at a board point, as the last frame showed it (and drew it).
    func layer(at point: Point) -> BoardLayer { shown.layer(at: point) }
}
