internal import CX11
import XBoard

/// The window's input: selects XInput 2.2 touches, buttons, motion and (2.4) touchpad pinches,
/// or the core pointer on servers without XInput 2.2, and converts their events into the core's
/// touches, pointer events and key presses and releases, each with its instant.
///
/// A held key's auto-repeat is made detectable (`XkbSetDetectableAutoRepeat`): repeats are
/// presses alone, and the one release comes when the key is let go (so a held Space stays
/// held). A server that cannot sends a release and a press with the same time for each repeat;
/// such a release is dropped here.
///
/// XI2 cookie data is copied into Swift values inside the `XGetEventData` / `XFreeEventData`
/// scope. Server timestamps are mapped onto the local monotonic clock.
final class XInputReader {
    private let display: OpaquePointer
    /// The XInput version negotiated, or `nil` when the board runs on the core pointer.
    private(set) var version: (major: Int32, minor: Int32)?
    private var opcode: Int32 = 0
    private var translator = XInputTranslator()
    private var timeMapper = ServerTimeMapper()
    private var scrollValuators = ScrollValuators()
    private let keyMap = KeyMap()
    /// Whether the server sends a held key's repeats without releases between them.
    private var detectsAutoRepeat = false
    /// Report keys that map to no command (with `--trace`).
    var traceKeys = false

    /// Selects the input `mode` asks for on `window` (and device hierarchy changes on `root`).
    init(display: OpaquePointer, window: Window, root: Window, mode: InputMode) {
        self.display = display
        translator.mode = mode
        var isSupported: Int32 = 0
        detectsAutoRepeat = XkbSetDetectableAutoRepeat(display, 1, &isSupported) != 0 && isSupported != 0
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        var major: Int32 = 2, minor: Int32 = 4
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0,
            XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2)
        else {
            // The window's own mask (`X11Window`) is replaced, not added to: it is said again
            // whole, property changes included (INCR drops and clipboard replies arrive by them).
            XSelectInput(
                display, window,
                ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | PropertyChangeMask | ButtonPressMask
                    | ButtonReleaseMask | PointerMotionMask
                    | LeaveWindowMask
                    | FocusChangeMask)
            return
        }
        self.opcode = opcode
        version = (major, minor)
        var types = [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Leave, XI_FocusOut]
        // In mouse mode touches are not selected, so the server emulates the pointer from them.
        if mode != .mouse { types += [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] }
        if hasTouchpadGestures, mode != .touch { types += [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd] }
        select(types, deviceID: XIAllMasterDevices, on: window)
        select([XI_HierarchyChanged], deviceID: XIAllDevices, on: root)
        learnScrollValuators()
    }

    /// Whether the server speaks XInput 2.4 (touchpad pinch gestures).
    var hasTouchpadGestures: Bool {
        guard let version else { return false }
        return version.major > 2 || version.minor >= 4
    }

    /// Converts an input event (XI2, core pointer or key press) into `events`; returns `false`
    /// for events that are not input, which the window handles itself.
    func translate(_ event: inout XEvent, receivedAt now: Instant, into events: inout [WindowEvent]) -> Bool {
        switch event.type {
        case GenericEvent:
            guard event.xcookie.extension == opcode, XGetEventData(display, &event.xcookie) != 0 else { return true }
            defer { XFreeEventData(display, &event.xcookie) }
            guard let data = event.xcookie.data else { return true }
            translateXI2(type: event.xcookie.evtype, data: data, receivedAt: now, into: &events)
        case ButtonPress, ButtonRelease:
            let button = event.xbutton
            let sample = XInputTranslator.Sample(
                type: event.type == ButtonPress ? XI_ButtonPress : XI_ButtonRelease, source: XInputTranslator.corePointerSource,
                detail: button.button, location: Point(x: Double(button.x), y: Double(button.y)), flags: 0,
                time: timeMapper.instant(forServerTime: button.time, receivedAt: now), modifiers: Self.modifiers(Int32(button.state)))
            if case .pointer(let pointer) = translator.translate(sample) { events.append(.pointer(pointer)) }
        case MotionNotify:
            let motion = event.xmotion
            let sample = XInputTranslator.Sample(
                type: XI_Motion, source: XInputTranslator.corePointerSource, detail: 0,
                location: Point(x: Double(motion.x), y: Double(motion.y)), flags: 0,
                time: timeMapper.instant(forServerTime: motion.time, receivedAt: now), modifiers: Self.modifiers(Int32(motion.state)))
            if case .pointer(let pointer) = translator.translate(sample) { events.append(.pointer(pointer)) }
        case LeaveNotify, FocusOut:
            // The core pointer's: a grab by another client loses the pointer.
            let mode = event.type == LeaveNotify ? event.xcrossing.mode : event.xfocus.mode
            let sample = XInputTranslator.Sample(
                type: event.type == LeaveNotify ? XI_Leave : XI_FocusOut, source: XInputTranslator.corePointerSource,
                detail: UInt32(truncatingIfNeeded: mode), location: .zero, flags: 0, time: now)
            if let output = translator.translate(sample) { events += Self.events(for: output) }
        case KeyPress, KeyRelease:
            var keyEvent = event.xkey
            if event.type == KeyRelease, !detectsAutoRepeat, isRepeat(of: keyEvent) { return true }
            var symbol: KeySym = 0
            var text = [CChar](repeating: 0, count: 8)
            _ = XLookupString(&keyEvent, &text, Int32(text.count), &symbol, nil)
            let time = timeMapper.instant(forServerTime: keyEvent.time, receivedAt: now)
            if let chord = keyMap.chord(for: symbol, modifiers: KeyMap.Modifiers(xState: keyEvent.state)) {
                events.append(event.type == KeyPress ? .key(chord, at: time) : .keyReleased(chord, at: time))
            } else if traceKeys, event.type == KeyPress {
                System.printError("trace: key \(keyEvent.keycode) → keysym 0x\(String(symbol, radix: 16)) unused")
            }
        default:
            return false
        }
        return true
    }

    // MARK: XInput 2

    private func translateXI2(type: Int32, data: UnsafeMutableRawPointer, receivedAt now: Instant, into events: inout [WindowEvent]) {
        switch type {
        case XI_HierarchyChanged:
            let hierarchy = data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee
            for index in 0..<Int(hierarchy.num_info) {
                let info = hierarchy.info[index]
                if info.flags & (XISlaveRemoved | XIDeviceDisabled | XIMasterRemoved) != 0 {
                    let heldButtons = translator.forgetDevice(UInt32(info.deviceid))
                    events.append(.deviceRemoved(UInt32(info.deviceid)))
                    if heldButtons { events.append(.pointerLost) }
                }
            }
            learnScrollValuators()
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let pinch = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
            let kind: PointerEvent.Kind
            switch type {
            case XI_GesturePinchBegin:
                kind = .pinchBegan
            case XI_GesturePinchUpdate:
                kind = .pinchUpdated(
                    scale: pinch.scale, angleDelta: pinch.delta_angle * .pi / 180, offset: Point(x: pinch.delta_x, y: pinch.delta_y))
            default:
                kind = .pinchEnded(isCancelled: pinch.flags & XIGesturePinchEventCancelled != 0)
            }
            let time = timeMapper.instant(forServerTime: pinch.time, receivedAt: now)
            let location = Point(x: pinch.event_x, y: pinch.event_y)
            events.append(.pointer(PointerEvent(kind, at: location, modifiers: Self.modifiers(pinch.mods.effective), time: time)))
        case XI_Leave, XI_FocusOut:
            let crossing = data.assumingMemoryBound(to: XIEnterEvent.self).pointee
            let sample = XInputTranslator.Sample(
                type: type, source: UInt32(crossing.sourceid), detail: UInt32(truncatingIfNeeded: crossing.mode),
                location: Point(x: crossing.event_x, y: crossing.event_y), flags: 0,
                time: timeMapper.instant(forServerTime: crossing.time, receivedAt: now))
            if let output = translator.translate(sample) { events += Self.events(for: output) }
        default:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            let sample = XInputTranslator.Sample(
                type: type, source: UInt32(device.sourceid), detail: UInt32(truncatingIfNeeded: device.detail),
                location: Point(x: device.event_x, y: device.event_y), flags: device.flags,
                time: timeMapper.instant(forServerTime: device.time, receivedAt: now), modifiers: Self.modifiers(device.mods.effective),
                scroll: type == XI_Motion ? scrollNotches(device) : .zero)
            switch translator.translate(sample) {
            case .touch(var touch):
                if type == XI_TouchEnd, touch.phase == .ended, !isDeviceEnabled(touch.id.source) { touch.phase = .cancelled }
                events.append(.touch(touch))
            case .pointer(let pointer):
                events.append(.pointer(pointer))
            case .pointerLost:
                events.append(.pointerLost)
            case .focusLost:
                events.append(.focusLost)
            case nil:
                break
            }
        }
    }

    /// The window events a crossing's or focus change's output stands for.
    private static func events(for output: XInputTranslator.Output) -> [WindowEvent] {
        switch output {
        case .pointerLost: [.pointerLost]
        case .focusLost: [.focusLost]
        case .touch, .pointer: []
        }
    }

    /// Whether a key release is half of an auto-repeat (on a server without detectable
    /// auto-repeat): the next event, already here, presses the same key at the same time.
    private func isRepeat(of release: XKeyEvent) -> Bool {
        guard XEventsQueued(display, QueuedAfterReading) > 0 else { return false }
        var next = XEvent()
        XPeekEvent(display, &next)
        return next.type == KeyPress && next.xkey.keycode == release.keycode && next.xkey.time == release.time
    }

    private func select(_ types: [Int32], deviceID: Int32, on window: Window) {
        var mask = [UInt8](repeating: 0, count: Int(cx11_mask_length()))
        for type in types { cx11_set_mask(&mask, type) }
        mask.withUnsafeMutableBufferPointer { buffer in
            var eventMask = XIEventMask(deviceid: deviceID, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            XISelectEvents(display, window, &eventMask, 1)
        }
    }

    /// Reads every device's scroll valuators (which axis scrolls which way, and how much is one
    /// notch), so smooth scrolling is honoured.
    private func learnScrollValuators() {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return }
        defer { XIFreeDeviceInfo(devices) }
        var axes: [ScrollValuators.Axis] = []
        for index in 0..<Int(count) {
            let device = devices[index]
            for classIndex in 0..<Int(device.num_classes) {
                guard let info = device.classes[classIndex], info.pointee.type == XIScrollClass else { continue }
                let scroll = UnsafeRawPointer(info).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                axes.append(
                    ScrollValuators.Axis(
                        source: device.deviceid, number: scroll.number, isVertical: scroll.scroll_type == XIScrollTypeVertical,
                        increment: scroll.increment))
            }
        }
        scrollValuators.learn(axes)
    }

    /// Notches scrolled by a motion event's scroll valuators since the device's last event.
    private func scrollNotches(_ event: XIDeviceEvent) -> Point {
        guard let mask = event.valuators.mask, let values = event.valuators.values else { return .zero }
        var set: [(number: Int32, value: Double)] = []
        for bit in 0..<Int(event.valuators.mask_len) * 8 where cx11_mask_is_set(mask, event.valuators.mask_len, Int32(bit)) != 0 {
            set.append((Int32(bit), values[set.count]))
        }
        return scrollValuators.notches(source: event.sourceid, values: set)
    }

    /// Whether the input device is still there and enabled (one round trip).
    ///
    /// When a device goes away the server first ends its touches (XI_TouchEnd) and only then
    /// reports the removal, so a touch end is checked against this: ends from a vanished device
    /// become cancellations and never throw a photo.
    private func isDeviceEnabled(_ deviceID: UInt32) -> Bool {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return false }
        defer { XIFreeDeviceInfo(devices) }
        return (0..<Int(count)).contains { devices[$0].deviceid == Int32(deviceID) && devices[$0].enabled != 0 }
    }

    private static func modifiers(_ state: Int32) -> PointerEvent.Modifiers {
        var modifiers: PointerEvent.Modifiers = []
        if state & Int32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if state & Int32(ControlMask) != 0 { modifiers.insert(.control) }
        return modifiers
    }
}
