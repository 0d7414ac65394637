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

    /// Opens the display (`nil`: `$DISPLAY`) and maps a window of `size` titled `title`.
    public init(displayName: String?, size: Size, title: String, applicationClass: String) throws {
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
        var major: Int32 = 2, minor: Int32 = 2
        if XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0,
            XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2)
        {
            xInputOpcode = opcode
            xInputVersion = (major, minor)
            var mask = [UInt8](repeating: 0, count: Int(cx11_mask_length()))
            for type in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_ButtonPress, XI_ButtonRelease, XI_Motion] {
                cx11_set_mask(&mask, type)
            }
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
            } else if let data = event.xcookie.data {
                let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
                let sample = XInputTranslator.Sample(
                    type: type, source: UInt32(device.sourceid), detail: UInt32(truncatingIfNeeded: device.detail),
                    location: Point(x: device.event_x, y: device.event_y), flags: device.flags,
                    time: timeMapper.instant(forServerTime: device.time, receivedAt: now))
                if var touch = input.translate(sample) {
                    if type == XI_TouchEnd, touch.phase == .ended, !isDeviceEnabled(touch.id.source) { touch.phase = .cancelled }
                    events.append(.touch(touch))
                }
            }
        case ButtonPress, ButtonRelease:
            let button = event.xbutton
            let sample = XInputTranslator.Sample(
                type: event.type == ButtonPress ? XI_ButtonPress : XI_ButtonRelease, source: XInputTranslator.corePointerSource,
                detail: button.button, location: Point(x: Double(button.x), y: Double(button.y)), flags: 0,
                time: timeMapper.instant(forServerTime: button.time, receivedAt: now))
            if let touch = input.translate(sample) { events.append(.touch(touch)) }
        case MotionNotify:
            let motion = event.xmotion
            let sample = XInputTranslator.Sample(
                type: XI_Motion, source: XInputTranslator.corePointerSource, detail: 0,
                location: Point(x: Double(motion.x), y: Double(motion.y)), flags: 0,
                time: timeMapper.instant(forServerTime: motion.time, receivedAt: now))
            if let touch = input.translate(sample) { events.append(.touch(touch)) }
        case Expose:
            if event.xexpose.count == 0 { events.append(.exposed) }
        case ConfigureNotify:
            let configure = event.xconfigure
            let newSize = Size(width: Double(configure.width), height: Double(configure.height))
            if newSize != size {
                size = newSize
                events.append(.resized(newSize))
            }
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
        default:
            break
        }
    }
}

extension String {
    fileprivate func replacingSpaces() -> String { String(map { $0 == " " ? "-" : $0 }) }
}
