internal import CX11

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

    private struct ScrollKey: Hashable {
        var source: Int32
        var number: Int32
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
        XMapWindow(display, window)
        XFlush(display)
    }

    deinit {
        XDestroyWindow(display, window)
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
        case MapNotify:
            events.append(.visibilityChanged(isVisible: true))
        case UnmapNotify:
            events.append(.visibilityChanged(isVisible: false))
        case ClientMessage:
            let message = event.xclient
            if message.message_type == protocolsAtom, Atom(message.data.l.0) == deleteWindowAtom {
                events.append(.closeRequested)
            }
        case KeyPress:
            var keyEvent = event.xkey
            let symbol = XLookupKeysym(&keyEvent, 0)
            let control = keyEvent.state & UInt32(ControlMask) != 0
            if symbol == KeySym(XK_q) || (control && symbol == KeySym(XK_w)) { events.append(.key(.quit)) }
            if symbol == KeySym(XK_Escape) { events.append(.key(.escape)) }
        default:
            break
        }
    }
}

extension String {
    fileprivate func replacingSpaces() -> String { String(map { $0 == " " ? "-" : $0 }) }
}
