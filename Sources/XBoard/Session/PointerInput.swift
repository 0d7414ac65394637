/// The mouse as the session sees it: its touches emulated (`MouseEmulator`), where it was last
/// seen — a finger pins there, a paste lands there — and what a right-click does: a print's
/// menu, as on every desktop (Ctrl+right-click pins a finger instead) (`PointerInputTests`).
///
/// Space held down arms the pan, as in PureRef, Photoshop and Figma: a left drag then pans the
/// table, over a print too (`BareTableUse.pan`, the middle button's). Space's own command
/// (gather) then runs when it is let go, unless a left press came while it was held. A
/// Ctrl+left press on a print waits: moved past the slop it is the mirrored Ctrl+drag from where
/// it pressed, let go within it a click that adds the print to the selection or takes it out.
struct PointerInput: Sendable {
    /// What a pointer event asks of the session.
    enum Outcome: Equatable, Sendable {
        /// Emulated touches, to route as any touch.
        case touches([TouchEvent])
        case closeMenu
        /// A right-click on a print opens its menu there.
        case openMenu(PhotoID, at: Point)
        /// A Shift+click or Ctrl+click on a print adds it to the selection or takes it out.
        case toggleSelection(PhotoID)
    }

    /// How far, in window pixels, a Ctrl+left press may move and still be a click
    /// (`GestureSettings.slop`).
    var clickSlop: Double = GestureSettings().slop

    private(set) var emulator = MouseEmulator()
    /// The pinned finger's marker and hint, while one is pinned.
    var overlay: EmulationOverlay? { emulator.overlay }
    /// Where the pointer was last seen, window pixels.
    private(set) var location: Point?
    /// Where the paste asked for last lands.
    private var pasteLocation: Point?
    /// The pan key (Space) while it is held: the chord it was pressed as (whose command runs on
    /// its release), and whether a left press came meanwhile (then nothing runs).
    private var heldPanKey: (chord: KeyChord, wasUsed: Bool)?
    /// A Ctrl+left press on a print, held back until it moves past `clickSlop` or is let go.
    /// The print's centre, window pixels, is the one at the press (the mirror's).
    private var ctrlPress: (event: PointerEvent, photo: PhotoID, center: Point)?

    /// Whether Space is held, so that a left press pans the table.
    var isPanArmed: Bool { heldPanKey != nil }

    /// A pointer event: a right-click (no Ctrl, no finger pinned) closes an open menu (when
    /// `isMenuOpen`), else opens the menu of the print `photo(at:)` finds under it; anything
    /// else is emulated touches (`photoCenter` for the touchpad's pinch).
    mutating func pointer(
        _ event: PointerEvent, isMenuOpen: Bool, photo: (Point) -> PhotoID?, photoCenter: (Point) -> Point?
    ) -> Outcome {
        location = event.location
        if case .pressed(.right) = event.kind, !event.modifiers.contains(.control), !emulator.hasPinnedFinger {
            if isMenuOpen { return .closeMenu }
            return photo(event.location).map { .openMenu($0, at: event.location) } ?? .touches([])
        }
        if let ctrlPress {
            return ctrlPressGoesOn(ctrlPress, with: event, photoCenter: photoCenter)
        }
        if case .pressed(.left) = event.kind {
            if heldPanKey != nil {
                heldPanKey?.wasUsed = true
                return .touches(emulator.touches(for: event, photoCenter: photoCenter, pans: true))
            }
            if event.modifiers == .shift, !emulator.hasPinnedFinger, let id = photo(event.location) { return .toggleSelection(id) }
            if event.modifiers.contains(.control), !emulator.hasPinnedFinger, !emulator.isDragging, let id = photo(event.location),
                let center = photoCenter(event.location)
            {
                ctrlPress = (event, id, center)
                return .touches([])
            }
        }
        return .touches(emulator.touches(for: event, photoCenter: photoCenter))
    }

    /// What comes after a held-back Ctrl+left press: past the slop, the press and this event as
    /// the mirrored Ctrl+drag, mirrored about the print's centre at the press; let go within it,
    /// the print's toggle. Other events (the wheel) are the emulator's as ever.
    private mutating func ctrlPressGoesOn(
        _ press: (event: PointerEvent, photo: PhotoID, center: Point), with event: PointerEvent, photoCenter: (Point) -> Point?
    ) -> Outcome {
        let isRelease = event.kind == .released(.left)
        guard event.kind == .moved || isRelease else { return .touches(emulator.touches(for: event, photoCenter: photoCenter)) }
        let isWithinSlop = (event.location - press.event.location).length <= clickSlop
        if isWithinSlop, !isRelease { return .touches([]) }
        ctrlPress = nil
        if isWithinSlop { return .toggleSelection(press.photo) }
        let began = emulator.touches(for: press.event, photoCenter: { _ in press.center })
        return .touches(began + emulator.touches(for: event, photoCenter: photoCenter))
    }

    /// A key pressed: whether the pointer takes it. Space arms the pan and is taken, repeats and
    /// all; its command waits for the release (`keyReleased(_:)`).
    mutating func keyPressed(_ chord: KeyChord) -> Bool {
        guard chord.key == .named(.space) else { return false }
        if heldPanKey == nil { heldPanKey = (chord, false) }
        return true
    }

    /// A key let go: the chord whose command runs now — Space's as it was pressed, when no left
    /// press came while it was held — or `nil`. The pan is disarmed; a pan under way goes on
    /// until its button lifts.
    mutating func keyReleased(_ chord: KeyChord) -> KeyChord? {
        guard chord.key == .named(.space), let held = heldPanKey else { return nil }
        heldPanKey = nil
        return held.wasUsed ? nil : held.chord
    }

    /// The keyboard went elsewhere (`WindowEvent.focusLost`, `.pointerLost`): Space's release
    /// will not come, so the pan is disarmed and Space's command does not run.
    mutating func forgetHeldKeys() { heldPanKey = nil }

    /// The window lost the pointer (`WindowEvent.pointerLost`): every emulated finger is
    /// cancelled, each where its owner last saw it (`lastLocation`), to be routed as any touch.
    mutating func cancelFingers(at time: Instant, lastLocation: (TouchID) -> Point?) -> [TouchEvent] {
        ctrlPress = nil
        return emulator.cancelAll(at: time).map { cancel in
            var cancel = cancel
            cancel.location = lastLocation(cancel.id) ?? cancel.location
            return cancel
        }
    }

    /// Pins a second finger at `location` (Ctrl+right-click's, or a print menu's "Pin a finger
    /// here"); one pinned before lifts first. The touches, to route.
    mutating func pinFinger(at location: Point, time: Instant) -> [TouchEvent] { emulator.pinFinger(at: location, time: time) }

    /// Esc: lifts the pinned finger, if any. The touch, to route.
    mutating func liftPinnedFinger(at time: Instant) -> [TouchEvent] { emulator.removePinnedFinger(at: time) }

    /// A paste was asked for on a board of `bounds`: it will land under the pointer, else in the
    /// middle.
    mutating func notePaste(on bounds: Rect) {
        pasteLocation = location.flatMap { bounds.contains($0) ? $0 : nil } ?? bounds.center
    }

    /// Where what was pasted lands on a board of `bounds`: where the paste was asked for, else
    /// the middle.
    func pasteLanding(on bounds: Rect) -> Point { pasteLocation ?? bounds.center }
}
