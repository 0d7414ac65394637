internal import CX11
import XBoard

/// Turns XI2 device events (and core pointer events) into touches and pointer events.
///
/// Touches are keyed by source device and touch id. A touch update flagged `XITouchPendingEnd`
/// has physically ended: it ends here, and the later `XI_TouchEnd` for it is ignored. Pointer
/// events the server emulates (`XIPointerEmulated`: from a touch, or wheel buttons from smooth
/// scrolling and back) are dropped, so nothing is counted twice — except in `.mouse` mode, where
/// the pointer emulated from a touchscreen is the input. A leave or a focus out in grab mode (another
/// client grabbed the pointer or the keyboard), or the removal of a device holding a button down,
/// loses the pointer: no release will come for what it pressed. Any other focus out loses the
/// keyboard: no release will come for the keys held.
struct XInputTranslator {
    struct Sample {
        var type: Int32
        var source: UInt32
        /// The button, the touch's number, or a leave's or focus out's mode (`XINotifyGrab`, …).
        var detail: UInt32
        var location: Point
        var flags: Int32
        var time: Instant
        var modifiers: PointerEvent.Modifiers = []
        /// Smooth-scroll notches carried by a motion event's scroll valuators.
        var scroll: Point = .zero
    }

    enum Output: Equatable {
        case touch(TouchEvent)
        case pointer(PointerEvent)
        /// The window lost the pointer (`WindowEvent.pointerLost`).
        case pointerLost
        /// The window lost the keyboard focus (`WindowEvent.focusLost`).
        case focusLost
    }

    /// The `source` of core pointer events when the server has no XInput 2.2.
    static let corePointerSource: UInt32 = 0xFFFF_FFFF

    var mode: InputMode = .auto
    private var liveTouches: Set<TouchID> = []
    /// The devices holding a pointer button down.
    private var pressingSources: Set<UInt32> = []

    mutating func translate(_ sample: Sample) -> Output? {
        switch sample.type {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            guard mode != .mouse else { return nil }
            let id = TouchID(source: sample.source, number: sample.detail)
            if sample.type == XI_TouchBegin {
                liveTouches.insert(id)
                return .touch(TouchEvent(id: id, phase: .began, location: sample.location, time: sample.time))
            }
            guard liveTouches.contains(id) else { return nil }  // includes the End after a PendingEnd
            if sample.type == XI_TouchEnd || sample.flags & XITouchPendingEnd != 0 {
                liveTouches.remove(id)
                return .touch(TouchEvent(id: id, phase: .ended, location: sample.location, time: sample.time))
            }
            return .touch(TouchEvent(id: id, phase: .moved, location: sample.location, time: sample.time))
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            guard mode != .touch else { return nil }
            let isEmulated = sample.flags & XIPointerEmulated != 0
            let pressed = sample.type == XI_ButtonPress
            func pointer(_ kind: PointerEvent.Kind) -> Output {
                .pointer(PointerEvent(kind, at: sample.location, modifiers: sample.modifiers, time: sample.time))
            }
            if sample.type == XI_Motion {
                // Emulated motion may still carry the pointer of an emulated touch (mouse mode),
                // but its scroll valuators mirror wheel buttons already counted.
                if isEmulated && mode != .mouse { return nil }
                if !isEmulated, sample.scroll != .zero { return pointer(.scrolled(x: sample.scroll.x, y: sample.scroll.y)) }
                return pointer(.moved)
            }
            switch sample.detail {
            case 1, 2, 3:
                if isEmulated && mode != .mouse { return nil }
                if pressed { pressingSources.insert(sample.source) } else { pressingSources.remove(sample.source) }
                let button: PointerEvent.Button = sample.detail == 1 ? .left : sample.detail == 2 ? .middle : .right
                return pointer(pressed ? .pressed(button) : .released(button))
            case 4, 5, 6, 7:
                guard pressed, !isEmulated else { return nil }  // emulated from smooth scrolling
                let step: Double = sample.detail == 4 || sample.detail == 6 ? -1 : 1
                return pointer(sample.detail <= 5 ? .scrolled(x: 0, y: step) : .scrolled(x: step, y: 0))
            default:
                return nil
            }
        case XI_Leave, XI_FocusOut:
            // Another client grabbed the pointer or the keyboard: the releases go there now.
            guard sample.detail == UInt32(XINotifyGrab) else { return sample.type == XI_FocusOut ? .focusLost : nil }
            pressingSources = []
            return .pointerLost
        default:
            return nil
        }
    }

    /// Forgets the touches of a device that went away (the controller cancels them); whether it
    /// held a pointer button down (the pointer is lost).
    mutating func forgetDevice(_ source: UInt32) -> Bool {
        liveTouches = liveTouches.filter { $0.source != source }
        return pressingSources.remove(source) != nil
    }
}
