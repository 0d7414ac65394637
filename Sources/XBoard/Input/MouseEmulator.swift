import Foundation

/// Turns pointer events into synthetic touches, so a mouse or touchpad drives the very same
/// recognizers as fingers do (no second copy of the transform logic).
///
/// - Left drag is one finger: it moves and throws a photo; on the bare table it draws a band that
///   selects the photos it touches (with Shift or Ctrl, adding to the selection); clicks are taps.
/// - Middle drag is one finger that pans the table, over a photo too (`BareTableUse.pan`); so is
///   a left drag that `pans` (Space held, `PointerInput`).
/// - The wheel is a quick two-finger pinch about the pointer (about 10% a notch): of the photo
///   under it, else of the table; as a finger's, a print shown too small for a fingertip is the
///   table's (`BoardController.photo(for:)`). Shift+wheel or a horizontal wheel over a photo is a
///   two-finger twist about the pointer (the table does not turn). Each step's fingers go down,
///   move and lift in one instant, so a step never throws.
/// - The left button's fingers and a pinned finger are precise (`TouchEvent.isPrecise`): they
///   take a print of any size.
/// - Ctrl+left drag adds a mirrored second finger about the photo's centre: the drag's distance
///   and angle from the centre drive scale and rotation.
/// - Ctrl+right-click on a photo (or "Pin a finger here" in its menu) pins a second finger
///   there, shown as a marker with a hint, so the next left drag is a true two-finger gesture
///   with it; right-click again or Esc removes it. A plain right-click is the session's: the
///   photo's menu.
/// - A touchpad pinch (XInput 2.4) is two fingers about the pointer following its scale, turn and
///   movement: over a photo they pinch it, over the bare table (or a print too small for a
///   fingertip) the table.
///
/// Synthetic fingers are routed by the pointer (`TouchEvent.routingLocation`), wherever they lie.
public struct MouseEmulator: Sendable {
    public var settings: MouseSettings
    /// `TouchID.source` of every synthetic finger.
    public static let source: UInt32 = 0xFFFF_FF00

    private var nextNumber: UInt32 = 1
    private var drag: Drag?
    private var pinned: (id: TouchID, location: Point)?
    private var touchpad: TouchpadPinch?

    private enum Drag: Sendable {
        case finger(TouchID)
        /// The finger of the button that pans the table (the middle one, or the left one with Space).
        case tablePan(TouchID, button: PointerEvent.Button)
        /// The pointer's finger and its mirror image through `center`.
        case mirrored(TouchID, TouchID, center: Point)
    }

    private struct TouchpadPinch: Sendable {
        var first: TouchID
        var second: TouchID
        var center: Point
        var angle: Double
        var scale: Double
    }

    public init(settings: MouseSettings = MouseSettings()) {
        self.settings = settings
    }

    /// The marker and hint to show while a finger is pinned.
    public var overlay: EmulationOverlay? {
        pinned.map {
            EmulationOverlay(
                marker: $0.location,
                hint: "Second finger pinned: drag with the left button to pinch and turn about it · right-click or Esc removes it")
        }
    }

    /// Whether any synthetic finger is down.
    public var isActive: Bool { drag != nil || pinned != nil || touchpad != nil }

    /// Whether a button drags a finger (or two, mirrored).
    public var isDragging: Bool { drag != nil }

    /// The touches `event` stands for.
    ///
    /// - Parameter photoCenter: the centre of the photo under a board point, in board points, or
    ///   `nil` where no photo lies (`BoardController.photoCenter(atWindow:)`); twists and pinned
    ///   fingers need a photo under the pointer, and Ctrl+drag mirrors about its centre.
    /// - Parameter pans: a left press pans the table as the middle button does (Space is held).
    public mutating func touches(for event: PointerEvent, photoCenter: (Point) -> Point?, pans: Bool = false) -> [TouchEvent] {
        let p = event.location, t = event.time
        switch event.kind {
        case .pressed(.left) where pans, .pressed(.middle):
            guard drag == nil, case .pressed(let button) = event.kind else { return [] }
            let id = makeID()
            drag = .tablePan(id, button: button)
            return [TouchEvent(id: id, phase: .began, location: p, time: t, bareTable: .pan)]
        case .released(let button) where isPanning(with: button):
            guard case .tablePan(let id, _) = drag else { return [] }
            drag = nil
            return [TouchEvent(id: id, phase: .ended, location: p, time: t)]
        case .pressed(.left):
            guard drag == nil else { return [] }
            if event.modifiers.contains(.control), pinned == nil, let center = photoCenter(p) {
                let first = makeID(), second = makeID()
                drag = .mirrored(first, second, center: center)
                return [
                    TouchEvent(id: first, phase: .began, location: p, time: t, routingLocation: p, isPrecise: true),
                    TouchEvent(id: second, phase: .began, location: center * 2 - p, time: t, routingLocation: p, isPrecise: true),
                ]
            }
            let id = makeID()
            drag = .finger(id)
            let adds = !event.modifiers.intersection([.shift, .control]).isEmpty
            return [TouchEvent(id: id, phase: .began, location: p, time: t, bareTable: adds ? .addingBand : .band, isPrecise: true)]
        case .moved:
            switch drag {
            case .finger(let id), .tablePan(let id, _):
                return [TouchEvent(id: id, phase: .moved, location: p, time: t)]
            case .mirrored(let first, let second, let center):
                return [
                    TouchEvent(id: first, phase: .moved, location: p, time: t),
                    TouchEvent(id: second, phase: .moved, location: center * 2 - p, time: t),
                ]
            case nil:
                return []
            }
        case .released(.left):
            if case .tablePan = drag { return [] }
            defer { drag = nil }
            switch drag {
            case .finger(let id):
                return [TouchEvent(id: id, phase: .ended, location: p, time: t)]
            case .mirrored(let first, let second, let center):
                return [
                    TouchEvent(id: first, phase: .ended, location: p, time: t),
                    TouchEvent(id: second, phase: .ended, location: center * 2 - p, time: t),
                ]
            case nil, .tablePan:
                return []
            }
        case .pressed(.right):
            if let pinned {
                self.pinned = nil
                return [TouchEvent(id: pinned.id, phase: .ended, location: pinned.location, time: t)]
            }
            guard event.modifiers.contains(.control), photoCenter(p) != nil else { return [] }
            return pinFinger(at: p, time: t)
        case .released:
            return []
        case .scrolled(let x, let y):
            if event.modifiers.contains(.shift) || (y == 0 && x != 0) {
                guard photoCenter(p) != nil else { return [] }
                let notches = event.modifiers.contains(.shift) && y != 0 ? y : x
                return twistStep(by: notches * settings.turnPerNotch, at: p, time: t)
            }
            return zoomStep(by: pow(settings.zoomPerNotch, -y), at: p, time: t)
        case .pinchBegan:
            guard touchpad == nil else { return [] }
            let pinch = TouchpadPinch(first: makeID(), second: makeID(), center: p, angle: 0, scale: 1)
            touchpad = pinch
            let (a, b) = touchpadFingers(pinch)
            return [
                TouchEvent(id: pinch.first, phase: .began, location: a, time: t, routingLocation: p),
                TouchEvent(id: pinch.second, phase: .began, location: b, time: t, routingLocation: p),
            ]
        case .pinchUpdated(let scale, let angleDelta, let offset):
            guard var pinch = touchpad else { return [] }
            if scale.isFinite, scale > 0 { pinch.scale = scale }
            if angleDelta.isFinite { pinch.angle += angleDelta }
            if offset.isFinite { pinch.center += offset }
            touchpad = pinch
            let (a, b) = touchpadFingers(pinch)
            return [
                TouchEvent(id: pinch.first, phase: .moved, location: a, time: t),
                TouchEvent(id: pinch.second, phase: .moved, location: b, time: t),
            ]
        case .pinchEnded(let isCancelled):
            guard let pinch = touchpad else { return [] }
            touchpad = nil
            let (a, b) = touchpadFingers(pinch)
            let phase: TouchPhase = isCancelled ? .cancelled : .ended
            return [
                TouchEvent(id: pinch.first, phase: phase, location: a, time: t),
                TouchEvent(id: pinch.second, phase: phase, location: b, time: t),
            ]
        }
    }

    /// Whether a second finger is pinned.
    public var hasPinnedFinger: Bool { pinned != nil }

    /// Pins a second finger at `location` (Ctrl+right-click, or "Pin a finger here" in a
    /// print's menu); one pinned before is lifted first.
    public mutating func pinFinger(at location: Point, time: Instant) -> [TouchEvent] {
        var events = removePinnedFinger(at: time)
        let id = makeID()
        pinned = (id, location)
        var pinnedFinger = TouchEvent(id: id, phase: .began, location: location, time: time, isPrecise: true)
        pinnedFinger.isPinned = true
        events.append(pinnedFinger)
        return events
    }

    /// Esc: lifts the pinned finger, if any.
    public mutating func removePinnedFinger(at time: Instant) -> [TouchEvent] {
        guard let pinned else { return [] }
        self.pinned = nil
        return [TouchEvent(id: pinned.id, phase: .ended, location: pinned.location, time: time)]
    }

    /// Lifts every synthetic finger (the window lost the pointer, the mode changed).
    public mutating func cancelAll(at time: Instant) -> [TouchEvent] {
        var events: [TouchEvent] = []
        switch drag {
        case .finger(let id), .tablePan(let id, _): events.append(TouchEvent(id: id, phase: .cancelled, location: .zero, time: time))
        case .mirrored(let a, let b, _):
            events += [
                TouchEvent(id: a, phase: .cancelled, location: .zero, time: time),
                TouchEvent(id: b, phase: .cancelled, location: .zero, time: time),
            ]
        case nil: break
        }
        if let pinned { events.append(TouchEvent(id: pinned.id, phase: .cancelled, location: pinned.location, time: time)) }
        if let touchpad {
            events += [
                TouchEvent(id: touchpad.first, phase: .cancelled, location: .zero, time: time),
                TouchEvent(id: touchpad.second, phase: .cancelled, location: .zero, time: time),
            ]
        }
        drag = nil
        pinned = nil
        touchpad = nil
        return events
    }

    // MARK: Private

    /// Whether `button` holds the finger panning the table.
    private func isPanning(with button: PointerEvent.Button) -> Bool {
        if case .tablePan(_, button) = drag { true } else { false }
    }

    private mutating func makeID() -> TouchID {
        defer { nextNumber = nextNumber == UInt32.max ? 1 : nextNumber + 1 }
        return TouchID(source: Self.source, number: nextNumber)
    }

    private func touchpadFingers(_ pinch: TouchpadPinch) -> (Point, Point) {
        let arm = AffineTransform(rotation: pinch.angle).applyToVector(Point(x: settings.fingerSpread * pinch.scale, y: 0))
        return (pinch.center - arm, pinch.center + arm)
    }

    /// Two fingers about `center` spread by `factor`, all in one instant.
    private mutating func zoomStep(by factor: Double, at center: Point, time: Instant) -> [TouchEvent] {
        guard factor.isFinite, factor > 0, factor != 1 else { return [] }
        let spread = max(settings.fingerSpread, settings.minimumStepTravel / abs(factor - 1))
        return step(from: Point(x: spread, y: 0), to: Point(x: spread * factor, y: 0), center: center, time: time)
    }

    /// Two fingers about `center` turned by `angle` radians, all in one instant.
    private mutating func twistStep(by angle: Double, at center: Point, time: Instant) -> [TouchEvent] {
        guard angle.isFinite, angle != 0 else { return [] }
        let spread = max(settings.fingerSpread, settings.minimumStepTravel / abs(2 * sin(angle / 2)))
        let start = Point(x: spread, y: 0)
        return step(from: start, to: AffineTransform(rotation: angle).applyToVector(start), center: center, time: time)
    }

    private mutating func step(from start: Point, to end: Point, center: Point, time: Instant) -> [TouchEvent] {
        let first = makeID(), second = makeID()
        return [
            TouchEvent(id: first, phase: .began, location: center - start, time: time, routingLocation: center, isWheelStep: true),
            TouchEvent(id: second, phase: .began, location: center + start, time: time, routingLocation: center, isWheelStep: true),
            TouchEvent(id: first, phase: .moved, location: center - end, time: time),
            TouchEvent(id: second, phase: .moved, location: center + end, time: time),
            TouchEvent(id: first, phase: .ended, location: center - end, time: time),
            TouchEvent(id: second, phase: .ended, location: center + end, time: time),
        ]
    }
}
