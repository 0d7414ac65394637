internal import CX11
import Foundation
import XBoard

/// The board's top-level X11 window and its input: XInput 2.2 touches and pointer where the
/// server has them, the core pointer where it does not.
///
/// Owns the display connection. Events come out of `pendingEvents()` converted into the
/// core's `WindowEvent`s, with XI2 cookie data copied inside the `XGetEventData` /
/// `XFreeEventData` scope.
public final class X11Window {
    let display: OpaquePointer
    let window: Window
    let screen: Int32
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    public private(set) var size: Size
    /// The XInput version negotiated, or `nil` when the board runs on the core pointer.
    public private(set) var xInputVersion: (major: Int32, minor: Int32)?
    private var xInputOpcode: Int32 = 0
    private let deleteWindowAtom: Atom
    private let protocolsAtom: Atom
    private var timeMapper = ServerTimeMapper()
    private var input = XInputTranslator()
    /// Scroll valuators per (source device, valuator number): direction and one notch's size.
    private var scrollValuators: [ScrollKey: (isVertical: Bool, increment: Double)] = [:]
    private var lastScrollValues: [ScrollKey: Double] = [:]
    private let inputMode: InputMode
    /// Set when another client destroyed the window; it must not be destroyed again.
    private var isDestroyed = false
    private var drop: DropTarget?
    /// Report keys that map to no command (with `--trace`).
    public var traceKeys = false

    private struct ScrollKey: Hashable {
        var source: Int32
        var number: Int32
    }

    /// Device pixels per board point for fixed-size things, from the `Xft.dpi` resource
    /// (as desktops set it for HiDPI screens): dpi / 96, or 1 when unset.
    public var uiScale: Double {
        guard let resources = XResourceManagerString(display).map({ String(cString: $0) }) else { return 1 }
        for line in resources.split(separator: "\n") where line.hasPrefix("Xft.dpi:") {
            if let dpi = Double(line.dropFirst("Xft.dpi:".count).trimmingCharacters(in: .whitespaces)), dpi > 0 {
                return min(max(dpi / 96, 0.5), 4)
            }
        }
        return 1
    }

    /// Whether the server speaks XInput 2.4 (touchpad pinch gestures).
    public var hasTouchpadGestures: Bool {
        guard let version = xInputVersion else { return false }
        return version.major > 2 || version.minor >= 4
    }

    /// Opens the display (`nil`: `$DISPLAY`) and maps a window of `size` titled `title`.
    public init(displayName: String?, size: Size, title: String, applicationClass: String, inputMode: InputMode = .auto) throws {
        self.inputMode = inputMode
        input.mode = inputMode
        X11Errors.install()
        guard let display = displayName.map({ XOpenDisplay($0) }) ?? XOpenDisplay(nil) else {
            throw PlatformError.cannotOpenDisplay(displayName ?? "(DISPLAY is not set)")
        }
        self.display = display
        screen = cx11_default_screen(display)
        visual = cx11_default_visual(display, screen)
        depth = cx11_default_depth(display, screen)
        self.size = size
        let root = cx11_root_window(display, screen)
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0  // None: the server never clears to a colour, so no flicker
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = ExposureMask | StructureNotifyMask | KeyPressMask
        window = XCreateWindow(
            display, root, 0, 0, UInt32(max(1, size.width)), UInt32(max(1, size.height)), 0, depth,
            UInt32(InputOutput), visual, UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        deleteWindowAtom = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        protocolsAtom = XInternAtom(display, "WM_PROTOCOLS", 0)
        setProperties(title: title, applicationClass: applicationClass)
        selectInput(root: root)
        drop = DropTarget(display: display, window: window)
        XMapWindow(display, window)
        XFlush(display)
    }

    deinit {
        if !isDestroyed { XDestroyWindow(display, window) }
        XCloseDisplay(display)
    }

    /// The connection's socket, to sleep on in poll().
    public var fileDescriptor: Int32 { cx11_connection_number(display) }

    /// Whether events are already queued client-side (poll would not see them).
    public var hasPendingEvents: Bool { XPending(display) > 0 }

    public func flush() { XFlush(display) }

    /// Reads and converts every event the server has sent so far, without blocking.
    public func pendingEvents() -> [WindowEvent] {
        var events: [WindowEvent] = []
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            translate(&event, into: &events)
        }
        return events
    }

    /// Whether the input device is still there and enabled (one round trip).
    ///
    /// When a device goes away the server first ends its touches (XI_TouchEnd) and only then
    /// reports the removal, so a touch end is checked against this: ends from a vanished device
    /// become cancellations and never throw a photo.
    /// Reads every device's scroll valuators (which axis scrolls which way, and how much is one
    /// notch), so smooth scrolling is honoured.
    private func learnScrollValuators() {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return }
        defer { XIFreeDeviceInfo(devices) }
        scrollValuators = [:]
        for index in 0..<Int(count) {
            let device = devices[index]
            for classIndex in 0..<Int(device.num_classes) {
                guard let info = device.classes[classIndex], info.pointee.type == XIScrollClass else { continue }
                let scroll = UnsafeRawPointer(info).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                guard scroll.increment != 0 else { continue }
                scrollValuators[ScrollKey(source: device.deviceid, number: scroll.number)] =
                    (scroll.scroll_type == XIScrollTypeVertical, scroll.increment)
            }
        }
    }

    /// Notches scrolled by a motion event's scroll valuators since the device's last event.
    private func scrollNotches(_ event: XIDeviceEvent) -> Point {
        var notches = Point.zero
        guard let mask = event.valuators.mask, let values = event.valuators.values else { return notches }
        var valueIndex = 0
        for bit in 0..<Int(event.valuators.mask_len) * 8 where cx11_mask_is_set(mask, event.valuators.mask_len, Int32(bit)) != 0 {
            defer { valueIndex += 1 }
            let key = ScrollKey(source: event.sourceid, number: Int32(bit))
            guard let scroll = scrollValuators[key] else { continue }
            let value = values[valueIndex]
            if let last = lastScrollValues[key] {
                let delta = (value - last) / scroll.increment
                if scroll.isVertical { notches.y += delta } else { notches.x += delta }
            }
            lastScrollValues[key] = value
        }
        return notches
    }

    /// The command a key stands for (keysym already shifted by XLookupString).
    private static func key(for symbol: KeySym, state: UInt32) -> WindowEvent.Key? {
        let control = state & UInt32(ControlMask) != 0, shift = state & UInt32(ShiftMask) != 0
        let step = shift ? 50.0 : 10.0
        switch Int32(truncatingIfNeeded: symbol) {
        case XK_q, XK_Q: return .quit
        case XK_w where control: return .quit
        case XK_z, XK_Z: return control ? (shift ? .redo : .undo) : nil
        case XK_y where control: return .redo
        case XK_s, XK_S: return control ? .export : nil
        case XK_Escape: return .escape
        case XK_f where !control, XK_F11: return .toggleFullscreen
        case XK_space, XK_g: return .gather
        case XK_Delete, XK_BackSpace, XK_KP_Delete: return .remove
        case XK_question, XK_F1: return .help
        case XK_Tab: return .selectNext(backwards: shift)
        case XK_ISO_Left_Tab: return .selectNext(backwards: true)
        case XK_Left, XK_KP_Left: return .nudge(Point(x: -step, y: 0))
        case XK_Right, XK_KP_Right: return .nudge(Point(x: step, y: 0))
        case XK_Up, XK_KP_Up: return .nudge(Point(x: 0, y: -step))
        case XK_Down, XK_KP_Down: return .nudge(Point(x: 0, y: step))
        case XK_plus, XK_equal, XK_KP_Add: return .zoom(isIn: true)
        case XK_minus, XK_KP_Subtract: return .zoom(isIn: false)
        case XK_bracketright: return .turn(isClockwise: true)
        case XK_bracketleft: return .turn(isClockwise: false)
        default: return nil
        }
    }

    // MARK: Fullscreen

    /// Whether the window fills the screen.
    public private(set) var isFullscreen = false
    private var geometryBeforeFullscreen: (x: Int32, y: Int32, width: UInt32, height: UInt32)?

    /// Enters or leaves fullscreen: through the window manager (`_NET_WM_STATE_FULLSCREEN`) when
    /// one runs, or by covering the screen itself when none does.
    public func setFullscreen(_ fullscreen: Bool) {
        guard fullscreen != isFullscreen else { return }
        isFullscreen = fullscreen
        let root = cx11_root_window(display, screen)
        let state = XInternAtom(display, "_NET_WM_STATE", 0), full = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0)
        if hasWindowManager {
            var message = XEvent()
            message.xclient.type = ClientMessage
            message.xclient.window = window
            message.xclient.message_type = state
            message.xclient.format = 32
            message.xclient.data.l.0 = fullscreen ? 1 : 0  // _NET_WM_STATE_ADD / _REMOVE
            message.xclient.data.l.1 = Int(full)
            message.xclient.data.l.3 = 1  // a normal application
            XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &message)
        } else if fullscreen {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display, window, &attributes)
            geometryBeforeFullscreen = (attributes.x, attributes.y, UInt32(attributes.width), UInt32(attributes.height))
            var atoms = [full]
            XChangeProperty(display, window, state, XA_ATOM, 32, PropModeReplace, &atoms, 1)
            XMoveResizeWindow(
                display, window, 0, 0, UInt32(cx11_display_width(display, screen)), UInt32(cx11_display_height(display, screen)))
            XRaiseWindow(display, window)
        } else {
            XDeleteProperty(display, window, state)
            if let geometry = geometryBeforeFullscreen {
                XMoveResizeWindow(display, window, geometry.x, geometry.y, geometry.width, geometry.height)
            }
        }
        XFlush(display)
    }

    /// Whether an EWMH window manager runs (it sets `_NET_SUPPORTING_WM_CHECK` on the root).
    private var hasWindowManager: Bool {
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 1)
        guard check != 0 else { return false }
        var type: Atom = 0, format: Int32 = 0
        var items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, cx11_root_window(display, screen), check, 0, 1, 0, XA_WINDOW, &type, &format, &items, &after, &data)
        if let data { XFree(data) }
        return status == Success && items == 1
    }

    private static func modifiers(_ state: Int32) -> PointerEvent.Modifiers {
        var modifiers: PointerEvent.Modifiers = []
        if state & Int32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if state & Int32(ControlMask) != 0 { modifiers.insert(.control) }
        return modifiers
    }

    private func isDeviceEnabled(_ deviceID: UInt32) -> Bool {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return false }
        defer { XIFreeDeviceInfo(devices) }
        return (0..<Int(count)).contains { devices[$0].deviceid == Int32(deviceID) && devices[$0].enabled != 0 }
    }

    // MARK: Setup

    private func setProperties(title: String, applicationClass: String) {
        XStoreName(display, window, title)
        let utf8String = XInternAtom(display, "UTF8_STRING", 0)
        let netWMName = XInternAtom(display, "_NET_WM_NAME", 0)
        var titleBytes = Array(title.utf8)
        XChangeProperty(display, window, netWMName, utf8String, 8, PropModeReplace, &titleBytes, Int32(titleBytes.count))
        var pid = Int(System.processID)
        let netWMPID = XInternAtom(display, "_NET_WM_PID", 0)
        _ = withUnsafeBytes(of: &pid) { bytes in
            XChangeProperty(
                display, window, netWMPID, XA_CARDINAL, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
        let name = strdup(title.lowercased().replacingSpaces()), resourceClass = strdup(applicationClass)
        defer {
            free(name)
            free(resourceClass)
        }
        var classHint = XClassHint(res_name: name, res_class: resourceClass)
        XSetClassHint(display, window, &classHint)
        var protocols = [deleteWindowAtom]
        XSetWMProtocols(display, window, &protocols, 1)
    }

    private func selectInput(root: Window) {
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        var major: Int32 = 2, minor: Int32 = 4
        if XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0,
            XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2)
        {
            xInputOpcode = opcode
            xInputVersion = (major, minor)
            var mask = [UInt8](repeating: 0, count: Int(cx11_mask_length()))
            var types = [XI_ButtonPress, XI_ButtonRelease, XI_Motion]
            // In mouse mode touches are not selected, so the server emulates the pointer from them.
            if inputMode != .mouse { types += [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] }
            if hasTouchpadGestures, inputMode != .touch { types += [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd] }
            for type in types { cx11_set_mask(&mask, type) }
            mask.withUnsafeMutableBufferPointer { buffer in
                var eventMask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
                XISelectEvents(display, window, &eventMask, 1)
            }
            var hierarchyMask = [UInt8](repeating: 0, count: Int(cx11_mask_length()))
            cx11_set_mask(&hierarchyMask, XI_HierarchyChanged)
            hierarchyMask.withUnsafeMutableBufferPointer { buffer in
                var eventMask = XIEventMask(deviceid: XIAllDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
                XISelectEvents(display, root, &eventMask, 1)
            }
            learnScrollValuators()
        } else {
            XSelectInput(
                display, window, ExposureMask | StructureNotifyMask | KeyPressMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        }
    }

    // MARK: Events

    private func translate(_ event: inout XEvent, into events: inout [WindowEvent]) {
        let now = System.now()
        switch event.type {
        case GenericEvent:
            guard event.xcookie.extension == xInputOpcode, XGetEventData(display, &event.xcookie) != 0 else { return }
            defer { XFreeEventData(display, &event.xcookie) }
            let type = event.xcookie.evtype
            if type == XI_HierarchyChanged, let data = event.xcookie.data {
                let hierarchy = data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee
                for index in 0..<Int(hierarchy.num_info) {
                    let info = hierarchy.info[index]
                    if info.flags & (XISlaveRemoved | XIDeviceDisabled | XIMasterRemoved) != 0 {
                        input.forgetDevice(UInt32(info.deviceid))
                        events.append(.deviceRemoved(UInt32(info.deviceid)))
                    }
                }
                learnScrollValuators()
            } else if type == XI_GesturePinchBegin || type == XI_GesturePinchUpdate || type == XI_GesturePinchEnd,
                let data = event.xcookie.data
            {
                let pinch = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
                let location = Point(x: pinch.event_x, y: pinch.event_y)
                let time = timeMapper.instant(forServerTime: pinch.time, receivedAt: now)
                let kind: PointerEvent.Kind =
                    type == XI_GesturePinchBegin
                    ? .pinchBegan
                    : type == XI_GesturePinchUpdate
                        ? .pinchUpdated(
                            scale: pinch.scale, angleDelta: pinch.delta_angle * .pi / 180, offset: Point(x: pinch.delta_x, y: pinch.delta_y))
                        : .pinchEnded(isCancelled: pinch.flags & XIGesturePinchEventCancelled != 0)
                events.append(.pointer(PointerEvent(kind, at: location, modifiers: Self.modifiers(pinch.mods.effective), time: time)))
            } else if let data = event.xcookie.data {
                let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
                let sample = XInputTranslator.Sample(
                    type: type, source: UInt32(device.sourceid), detail: UInt32(truncatingIfNeeded: device.detail),
                    location: Point(x: device.event_x, y: device.event_y), flags: device.flags,
                    time: timeMapper.instant(forServerTime: device.time, receivedAt: now), modifiers: Self.modifiers(device.mods.effective),
                    scroll: type == XI_Motion ? scrollNotches(device) : .zero)
                switch input.translate(sample) {
                case .touch(var touch):
                    if type == XI_TouchEnd, touch.phase == .ended, !isDeviceEnabled(touch.id.source) { touch.phase = .cancelled }
                    events.append(.touch(touch))
                case .pointer(let pointer):
                    events.append(.pointer(pointer))
                case nil:
                    break
                }
            }
        case ButtonPress, ButtonRelease:
            let button = event.xbutton
            let sample = XInputTranslator.Sample(
                type: event.type == ButtonPress ? XI_ButtonPress : XI_ButtonRelease, source: XInputTranslator.corePointerSource,
                detail: button.button, location: Point(x: Double(button.x), y: Double(button.y)), flags: 0,
                time: timeMapper.instant(forServerTime: button.time, receivedAt: now), modifiers: Self.modifiers(Int32(button.state)))
            if case .pointer(let pointer) = input.translate(sample) { events.append(.pointer(pointer)) }
        case MotionNotify:
            let motion = event.xmotion
            let sample = XInputTranslator.Sample(
                type: XI_Motion, source: XInputTranslator.corePointerSource, detail: 0,
                location: Point(x: Double(motion.x), y: Double(motion.y)), flags: 0,
                time: timeMapper.instant(forServerTime: motion.time, receivedAt: now), modifiers: Self.modifiers(Int32(motion.state)))
            if case .pointer(let pointer) = input.translate(sample) { events.append(.pointer(pointer)) }
        case Expose:
            if event.xexpose.count == 0 { events.append(.exposed) }
        case ConfigureNotify:
            let configure = event.xconfigure
            let newSize = Size(width: Double(configure.width), height: Double(configure.height))
            if newSize != size {
                size = newSize
                events.append(.resized(newSize))
            }
        case DestroyNotify:
            if event.xdestroywindow.window == window {
                isDestroyed = true
                events.append(.windowDestroyed)
            }
        case MapNotify:
            events.append(.visibilityChanged(isVisible: true))
        case UnmapNotify:
            events.append(.visibilityChanged(isVisible: false))
        case ClientMessage:
            let message = event.xclient
            if message.message_type == protocolsAtom, Atom(message.data.l.0) == deleteWindowAtom {
                events.append(.closeRequested)
            } else {
                drop?.handle(message)
            }
        case SelectionNotify:
            if let dropped = drop?.receive(event.xselection) { events.append(dropped) }
        case KeyPress:
            var keyEvent = event.xkey
            var symbol: KeySym = 0
            var text = [CChar](repeating: 0, count: 8)
            _ = XLookupString(&keyEvent, &text, Int32(text.count), &symbol, nil)
            if let key = Self.key(for: symbol, state: keyEvent.state) {
                events.append(.key(key))
            } else if traceKeys {
                System.printError("trace: key \(keyEvent.keycode) → keysym 0x\(String(symbol, radix: 16)) unused")
            }
        default:
            break
        }
    }
}

extension String {
    fileprivate func replacingSpaces() -> String { String(map { $0 == " " ? "-" : $0 }) }
}
