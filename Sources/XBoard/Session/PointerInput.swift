/// The mouse as the session sees it: its touches emulated (`MouseEmulator`), where it was last
/// seen — a finger pins there, a paste lands there — and what a right-click does: a print's
/// menu, as on every desktop (Ctrl+right-click pins a finger instead) (`PointerInputTests`).
struct PointerInput: Sendable {
    /// What a pointer event asks of the session.
    enum Outcome: Equatable, Sendable {
        /// Emulated touches, to route as any touch.
        case touches([TouchEvent])
        case closeMenu
        /// A right-click on a print opens its menu there.
        case openMenu(PhotoID, at: Point)
    }

    private(set) var emulator = MouseEmulator()
    /// The pinned finger's marker and hint, while one is pinned.
    var overlay: EmulationOverlay? { emulator.overlay }
    /// Where the pointer was last seen, window pixels.
    private(set) var location: Point?
    /// Where the paste asked for last lands.
    private var pasteLocation: Point?

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
        return .touches(emulator.touches(for: event, photoCenter: photoCenter))
    }

    /// The window lost the pointer (`WindowEvent.pointerLost`): every emulated finger is
    /// cancelled, each where its owner last saw it (`lastLocation`), to be routed as any touch.
    mutating func cancelFingers(at time: Instant, lastLocation: (TouchID) -> Point?) -> [TouchEvent] {
        emulator.cancelAll(at: time).map { cancel in
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
