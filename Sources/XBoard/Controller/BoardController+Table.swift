/// The bare table's gestures: a touch that begins where no print lies, or on a print shown too
/// small for a fingertip (`photo(for:)`), or a `.pan` touch (the mouse's middle button)
/// anywhere, belongs to the table. One finger pans it, two zoom it about
/// them and pan with them, so the board point under each finger stays under it, as a print's
/// does; a flick glides on. A view is not an arrangement: nothing here records an undo point.
extension BoardController {
    /// Takes one change of a table touch (its location already sanitized, window pixels).
    func handleTable(_ event: TouchEvent, at location: Point) -> [GestureTransition] {
        let table = tableGestures ?? TableGestures(settings: settings.gestures)
        tableGestures = table
        var location = location
        switch event.phase {
        case .began:
            if tableTouches.isEmpty {
                // A finger catches the gliding table where it is; a view a command sends somewhere
                // (Ctrl+plus, Home) is there at once, so the zoom asked for is the zoom had.
                if case .settle(_, let to, _, _, _) = viewMotion { setView(limited(to)) }
                viewMotion = nil
                table.extent = printsExtent
            }
            tableTouches.insert(event.id)
            lastTouchLocations[event.id] = location
        case .moved:
            lastTouchLocations[event.id] = location
        case .ended, .cancelled:
            location = lastTouchLocations[event.id] ?? location
            tableTouches.remove(event.id)
            lastTouchLocations[event.id] = nil
        }
        // The event itself, at the board's location and time: whatever else it says (a pinned
        // finger) reaches the recognizers as it came.
        var routed = event
        (routed.location, routed.time) = (location, now)
        let transitions = table.suite.handle(routed)
        reactOnTable(to: transitions, table, at: location)
        if event.phase != .began { continueBand(event, at: location) }
        applyTableManipulation(table)
        switch event.phase {
        case .began:
            table.rebase(view: view)
        case .ended, .cancelled:
            if table.suite.trackedTouches.isEmpty {
                releaseTable(table, wasCancelled: event.phase == .cancelled)
            } else {
                table.rebase(view: view)
            }
        case .moved:
            break
        }
        return transitions
    }

    /// What the table's discrete recognizers asked for: a long press starts a band where the
    /// finger is, a tap clears the selection. A tap on a print too small for a fingertip (which
    /// is the table's) while a selection exists adds it or takes it out, as a tap on a larger
    /// print does (`+Taps`); without a selection it does nothing there either.
    func reactOnTable(to transitions: [GestureTransition], _ table: TableGestures, at location: Point? = nil) {
        for transition in transitions where transition.state == .recognized {
            switch transition.recognizer {
            case ObjectIdentifier(table.longPress):
                // A long press is one finger's: the table's only touch.
                guard tableTouches.count == 1, let touch = tableTouches.first, let location = lastTouchLocations[touch] else { continue }
                band = Band(touch: touch, start: table.longPress.start?.location ?? location, current: location)
            case ObjectIdentifier(table.tap):
                if !selected.isEmpty, let location, let id = photo(atWindow: location), isTooSmallForFinger(id) {
                    toggleSelection(of: id)
                } else {
                    clearSelection()
                }
            default:
                break
            }
        }
    }

    /// Whether the view moves: fingers on the table, or the view moving on its own.
    public var isViewMoving: Bool { !tableTouches.isEmpty || viewMotion != nil }

    /// Sets the view from the table's snapshot and its recognizers' values, within the limits.
    private func applyTableManipulation(_ table: TableGestures) {
        guard let snapshot = table.manipulation,
            PhotoGestures.contributes(table.pan.state) || PhotoGestures.contributes(table.pinch.state)
        else { return }
        let values = table.values(relativeTo: snapshot)
        let range = settings.view.zoomRange
        let startZoom = snapshot.startTransform.scale
        let zoom = min(max(startZoom * values.scale / snapshot.scale, range.lowerBound), range.upperBound)
        let boardToWindow = snapshot.placement(translation: values.translation, scaleRatio: zoom / startZoom, rotation: 0)
        guard let candidate = BoardView(boardToWindow: boardToWindow) else { return }
        setView(limited(candidate, extent: table.extent))
    }

    /// The last finger left the table: it glides on with the fingers' release velocity.
    private func releaseTable(_ table: TableGestures, wasCancelled: Bool) {
        table.manipulation = nil
        guard !wasCancelled, table.pan.state == .ended else { return }
        let velocity = table.pan.velocity(at: now)
        let speed = velocity.length, cap = settings.motion.maximumReleaseSpeed
        guard speed.isFinite, speed > 0 else { return }
        let motion = ViewMotion.glide(
            from: view, velocity: speed > cap ? velocity * (cap / speed) : velocity, startTime: now, tau: settings.motion.glideTime,
            restDistance: settings.motion.restDistance)
        if motion.endTime > now { viewMotion = motion }
    }
}
