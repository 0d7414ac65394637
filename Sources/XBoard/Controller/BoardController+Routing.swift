/// Touch routing: the photo under a touch's first contact owns it until it lifts, and every
/// change of the touch goes to that photo's recognizers; where no photo lies, the table owns it
/// (`+Table`). A print shown too small for a fingertip belongs to the table too, unless the touch
/// is precise (the mouse's buttons) or the print is already held or up close (`photo(for:)`):
/// on a dense board there is no bare table left to touch.
extension BoardController {
    /// Touch coordinates are limited to this far outside the window, in window pixels, so wild
    /// input cannot overflow the arithmetic.
    static let coordinateLimit = 1e6

    /// Takes one touch change. Returns the recognizer transitions it caused.
    @discardableResult
    public func handle(_ event: TouchEvent) -> [GestureTransition] {
        advance(to: event.time)
        guard var location = sanitized(event.location, for: event.id) else { return [] }
        if event.phase == .began, touchOwners[event.id] != nil || tableTouches.contains(event.id) || band?.touch == event.id {
            // A began for a live id: the old touch was lost without an end; cancel it first.
            handle(TouchEvent(id: event.id, phase: .cancelled, location: lastTouchLocations[event.id] ?? location, time: now))
        }
        if event.phase == .began {
            var sanitizedEvent = event
            sanitizedEvent.location = location
            guard var id = photo(for: sanitizedEvent) else {
                if event.bareTable == .band || event.bareTable == .addingBand {
                    // The mouse's left button on the bare table: a band at once, the table's alone.
                    band = Band(
                        touch: event.id, start: location, current: location, isAdding: event.bareTable == .addingBand, isOwnTouch: true)
                    lastTouchLocations[event.id] = location
                    return []
                }
                return handleTable(event, at: location)
            }
            // A finger on another print of a selection already in a finger's hold joins that
            // finger: the two pinch and turn the selection as one piece, about the fingers, as
            // two fingers on one of its prints do.
            if selected.count > 1, selected.contains(id),
                let held = touchOwners.values.first(where: { $0 != id && self.selected.contains($0) })
            {
                id = held
            }
            if touchOwners.isEmpty { recordUndoPoint(beforeGestureOn: id, by: event) }
            touchOwners[event.id] = id
            catchMotion(of: id)
            if selected.contains(id) { for member in selected { catchMotion(of: member) } }  // the selection moves together
            placementsBeforeResize[id] = nil
            if selected.count > 1, selected.contains(id) {
                // The selection comes up together, as it moves together: the touched print on top,
                // the rest in their order just beneath it, none left under a print not selected.
                let raised = board.photos.lazy.map(\.id).filter { $0 != id && self.selected.contains($0) } + [id]
                if board.reorder(Array(raised)) { revision &+= 1 }
            } else if board.bringToFront(id) {
                revision &+= 1
            }
        }
        if let band, band.isOwnTouch, band.touch == event.id {
            if event.phase == .ended || event.phase == .cancelled {
                location = lastTouchLocations[event.id] ?? location
                if event.location.isFinite { location = clampToLimit(event.location) }
                lastTouchLocations[event.id] = nil
            } else {
                lastTouchLocations[event.id] = location
            }
            continueBand(event, at: location)
            return []
        }
        if tableTouches.contains(event.id) { return handleTable(event, at: location) }
        guard let owner = touchOwners[event.id] else { return [] }
        let photoGestures = gesturesOf(owner)
        if event.phase == .began || event.phase == .moved {
            lastTouchLocations[event.id] = location
        } else {
            location = lastTouchLocations[event.id] ?? location
            if event.location.isFinite { location = clampToLimit(event.location) }
            touchOwners[event.id] = nil
            lastTouchLocations[event.id] = nil
        }
        // The event itself, at the board's location and time: whatever else it says (a pinned
        // finger) reaches the recognizers as it came.
        var routed = event
        (routed.location, routed.time) = (location, now)
        let transitions = photoGestures.suite.handle(routed)
        noteDeadline(of: owner, photoGestures)
        react(to: transitions, on: owner)
        applyManipulation(of: owner)
        switch event.phase {
        case .began:
            rebase(owner, photoGestures)
        case .ended, .cancelled:
            if photoGestures.suite.trackedTouches.isEmpty {
                release(owner, wasCancelled: event.phase == .cancelled)
            } else {
                rebase(owner, photoGestures)
            }
        case .moved:
            break
        }
        return transitions
    }

    /// The photo a beginning touch belongs to, or `nil` where it belongs to the table: the
    /// topmost photo under its routing location, unless the touch pans the table, or the print
    /// shows too small for a fingertip (`isTooSmallForFinger`) and the touch is not precise.
    public func photo(for event: TouchEvent) -> PhotoID? {
        guard event.bareTable != .pan else { return nil }
        let routing = event.routingLocation.flatMap { $0.isFinite ? clampToLimit($0) : nil } ?? clampToLimit(event.location)
        guard routing.isFinite, let id = photo(atWindow: routing) else { return nil }
        return event.isPrecise || !isTooSmallForFinger(id) ? id : nil
    }

    /// Whether a print shows too small for a fingertip to handle (its shorter side, as shown in
    /// the window, below `GestureSettings.fingertip`), so that a finger on it handles the table;
    /// a print already held, or up close, never is.
    public func isTooSmallForFinger(_ id: PhotoID) -> Bool {
        guard let photo = board.photo(id), !touchOwners.values.contains(id), !isUpClose(id) else { return false }
        let shown = min(photo.printBounds.size.width, photo.printBounds.size.height) * windowPlacement(of: id).scale
        return shown < settings.gestures.fingertip
    }

    /// Cancels the touches of one input device (it was unplugged or disabled mid-gesture).
    public func cancelTouches(fromSource source: UInt32) {
        for (id, location) in lastTouchLocations where id.source == source {
            handle(TouchEvent(id: id, phase: .cancelled, location: location, time: now))
        }
    }

    /// How many touches currently belong to photos or the table.
    public var activeTouchCount: Int { touchOwners.count + tableTouches.count + (band?.isOwnTouch == true ? 1 : 0) }

    /// The photo a touch belongs to, if any.
    public func owner(of touch: TouchID) -> PhotoID? { touchOwners[touch] }

    private func clampToLimit(_ location: Point) -> Point {
        let limit = Self.coordinateLimit
        return Point(x: min(max(location.x, -limit), board.size.width + limit), y: min(max(location.y, -limit), board.size.height + limit))
    }

    /// A finite location within the coordinate limit; for a non-finite one, the touch's last
    /// known location, or `nil` for a touch that has none.
    private func sanitized(_ location: Point, for id: TouchID) -> Point? {
        if location.isFinite { return clampToLimit(location) }
        return lastTouchLocations[id] ?? (touchOwners[id] == nil && !tableTouches.contains(id) && band?.touch != id ? nil : .zero)
    }
}
