internal import CX11

/// Turns XI2 device events (and core pointer events) into the core's touch events.
///
/// Touches are keyed by source device and touch id. The left mouse button acts as one finger
/// (mouse emulation's basic drag, throw and tap). Pointer events the server emulates from a
/// touch carry `XIPointerEmulated` and are dropped, so a touch is never counted twice. A touch
/// update flagged `XITouchPendingEnd` has physically ended: it ends here, and the later
/// `XI_TouchEnd` for it is ignored.
struct XInputTranslator {
    struct Sample {
        var type: Int32
        var source: UInt32
        var detail: UInt32
        var location: Point
        var flags: Int32
        var time: Instant
    }

    /// The `TouchID.source` of the core pointer when the server has no XInput 2.2.
    static let corePointerSource: UInt32 = 0xFFFF_FFFF
    /// Mouse-emulated touches use this bit in `TouchID.source` so they never collide with a
    /// touch device's ids.
    static let pointerSourceFlag: UInt32 = 0x8000_0000

    private var endedWhilePending: Set<TouchID> = []
    private var liveTouches: Set<TouchID> = []
    private var pressedPointer: TouchID?

    mutating func translate(_ sample: Sample) -> TouchEvent? {
        switch sample.type {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let id = TouchID(source: sample.source, number: sample.detail)
            if sample.type == XI_TouchBegin {
                endedWhilePending.remove(id)
                liveTouches.insert(id)
                return TouchEvent(id: id, phase: .began, location: sample.location, time: sample.time)
            }
            guard liveTouches.contains(id) else {
                if sample.type == XI_TouchEnd { endedWhilePending.remove(id) }
                return nil
            }
            if sample.type == XI_TouchEnd || sample.flags & XITouchPendingEnd != 0 {
                liveTouches.remove(id)
                if sample.type != XI_TouchEnd { endedWhilePending.insert(id) }
                return TouchEvent(id: id, phase: .ended, location: sample.location, time: sample.time)
            }
            return TouchEvent(id: id, phase: .moved, location: sample.location, time: sample.time)
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            guard sample.flags & XIPointerEmulated == 0 else { return nil }
            let id = TouchID(source: sample.source | Self.pointerSourceFlag, number: 1)
            switch sample.type {
            case XI_ButtonPress where sample.detail == 1 && pressedPointer == nil:
                pressedPointer = id
                return TouchEvent(id: id, phase: .began, location: sample.location, time: sample.time)
            case XI_ButtonRelease where sample.detail == 1:
                guard let pressed = pressedPointer else { return nil }
                pressedPointer = nil
                return TouchEvent(id: pressed, phase: .ended, location: sample.location, time: sample.time)
            case XI_Motion:
                guard let pressed = pressedPointer else { return nil }
                return TouchEvent(id: pressed, phase: .moved, location: sample.location, time: sample.time)
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// Forgets the touches of a device that went away (the controller cancels them).
    mutating func forgetDevice(_ source: UInt32) {
        liveTouches = liveTouches.filter { $0.source != source }
        if let pressed = pressedPointer, pressed.source & ~Self.pointerSourceFlag == source { pressedPointer = nil }
    }
}
