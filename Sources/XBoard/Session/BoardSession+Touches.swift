/// Touches, real and emulated (the pointer's, `PointerInput`), through the layers
/// (`ScreenLayers.route`): what a touch on a layer asks for, and the board's own touches, carried
/// out here. A long press's finger becomes the menu's it opens.
extension BoardSession {
    func route(_ touch: TouchEvent, effects: inout [BoardEffect]) {
        carryOut(layers.route(touch, in: controller.board.size), at: touch.time, effects: &effects)
    }

    /// Carries out what the layers asked for at `time` (a touch's; else the controller's now).
    func carryOut(_ outcomes: [ScreenLayers.Outcome], at time: Instant? = nil, effects: inout [BoardEffect]) {
        let time = time ?? controller.now
        for outcome in outcomes {
            switch outcome {
            case .board(let touch):
                if touch.phase == .began, controller.photo(for: touch) == nil {
                    layers.controls.show(at: touch.time)  // a finger on the table (or a tiny print) brings the controls
                }
                controller.handle(touch)
            case .crop(let touch): routeCrop(touch)
            case .dismissNotice(let id): notices.dismiss(id, at: time)
            case .putBack(let photo): controller.returnToBoard(photo)
            case .chose(let action, let anchor): choose(action, at: anchor, time: time, effects: &effects)
            case .activate(let index): activateControl(index, at: time, effects: &effects)
            case .listFolder(let folder): effects.append(.listFolder(folder))
            case .decodeThumbnails(let requests): effects.append(.decodeThumbnails(requests))
            case .forgetThumbnails(let ids): effects.append(.forgetThumbnails(ids))
            case .addPictures(let files, let location):
                let location = location ?? Rect(origin: .zero, size: controller.board.size).center
                effects += arrivals.takeIntoBoard(files, at: location, controller: controller, notices: &notices)
            case .cannotOpen(let name): notices.tell(.cannotOpen(name), at: controller.now)
            }
        }
    }

    /// A long press on a print opens its menu beside the finger; the finger is the menu's from
    /// then on (it may slide to an entry and lift there), and the print lets go of it.
    func takeHolds(at now: Instant, effects: inout [BoardEffect]) {
        for hold in controller.takeHolds() {
            guard let touch = layers.boardTouches.first(where: { controller.owner(of: $0) == hold.photo }) else { continue }
            controller.handle(TouchEvent(id: touch, phase: .cancelled, location: hold.location, time: now))
            openPrintMenu(hold.photo, at: hold.location, viaPointer: false)
            layers.giveToMenu(touch)
        }
    }

    /// The pointer: moved toward the top edge or over the empty table, it brings the controls;
    /// what else it does, `PointerInput` says.
    func pointed(_ event: PointerEvent, effects: inout [BoardEffect]) {
        let location = event.location
        if case .moved = event.kind, location.y < metrics.target + 3 * metrics.edgeMargin || controller.photo(atWindow: location) == nil {
            layers.controls.show(at: event.time)
        }
        switch pointer.pointer(
            event, isMenuOpen: layers.menu != nil, photo: controller.photo(atWindow:), photoCenter: controller.photoCenter(atWindow:))
        {
        case .touches(let touches): for touch in touches { route(touch, effects: &effects) }
        case .closeMenu: layers.closeMenu()
        // While a print is cropped, the crop takes every press: no menu, no selecting.
        case .openMenu(let id, let location): if layers.crop == nil { openPrintMenu(id, at: location, viaPointer: true) }
        case .toggleSelection(let id): if layers.crop == nil { controller.toggleSelection(of: id) }
        }
    }
}
