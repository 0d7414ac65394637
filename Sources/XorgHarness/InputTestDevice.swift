import CInputTest
import Foundation

/// A client of one Xorg inputtest device: sends the driver's binary events over its socket.
///
/// Uses the driver's own C structs, so sizes and the padding before each valuator block are
/// exactly what it expects. `sync()` returns once the server processed everything sent.
public final class InputTestDevice {
    private var descriptor: Int32 = -1

    init(socketPath: String) throws {
        descriptor = try waitFor("inputtest socket \(socketPath)", stall: .seconds(10)) { () -> Int32? in
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return nil }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                let bytes = Array(socketPath.utf8.prefix(buffer.count - 1))
                buffer.copyBytes(from: bytes + [0])
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            if connected == 0 { return fd }
            Glibc.close(fd)
            return nil
        }
        var version = xf86ITEventClientVersion()
        version.header.length = UInt32(MemoryLayout<xf86ITEventClientVersion>.size)
        version.header.type = XF86IT_EVENT_CLIENT_VERSION
        version.major = UInt16(XF86IT_PROTOCOL_VERSION_MAJOR)
        version.minor = 1
        try send(&version)
        var response = xf86ITResponseServerVersion()
        try receive(&response)
        guard response.major == XF86IT_PROTOCOL_VERSION_MAJOR else {
            throw HarnessError("inputtest driver speaks \(response.major).\(response.minor)")
        }
    }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    public enum TouchType { case begin, update, end }

    /// One touch event at valuator coordinates (0…65535 across the screen).
    public func touch(_ type: TouchType, id: UInt32, x: Double, y: Double) throws {
        var event = xf86ITEventTouch()
        event.header.length = UInt32(MemoryLayout<xf86ITEventTouch>.size)
        event.header.type = XF86IT_EVENT_TOUCH
        event.touchid = id
        event.touch_type = UInt32(type == .begin ? 18 : type == .update ? 19 : 20)  // XI_TouchBegin/Update/End
        setValuators(&event.valuators, [0: x, 1: y])
        try send(&event)
    }

    /// Absolute pointer motion at valuator coordinates.
    public func motion(x: Double, y: Double) throws {
        var event = xf86ITEventMotion()
        event.header.length = UInt32(MemoryLayout<xf86ITEventMotion>.size)
        event.header.type = XF86IT_EVENT_MOTION
        event.is_absolute = 1
        setValuators(&event.valuators, [0: x, 1: y])
        try send(&event)
    }

    public func button(_ button: Int32, pressed: Bool) throws {
        var event = xf86ITEventButton()
        event.header.length = UInt32(MemoryLayout<xf86ITEventButton>.size)
        event.header.type = XF86IT_EVENT_BUTTON
        event.is_absolute = 1
        event.button = button
        event.is_press = pressed ? 1 : 0
        try send(&event)
    }

    /// Absolute pointer motion that also moves scroll valuators (axis 2 horizontal, 3 vertical;
    /// 120 units per notch), as a smooth-scrolling device does.
    public func motion(x: Double, y: Double, horizontalScroll: Double?, verticalScroll: Double?) throws {
        var event = xf86ITEventMotion()
        event.header.length = UInt32(MemoryLayout<xf86ITEventMotion>.size)
        event.header.type = XF86IT_EVENT_MOTION
        event.is_absolute = 1
        var values: [Int: Double] = [0: x, 1: y]
        if let horizontalScroll { values[2] = horizontalScroll }
        if let verticalScroll { values[3] = verticalScroll }
        setValuators(&event.valuators, values)
        try send(&event)
    }

    /// A key by X keycode (evdev code + 8): 50 Shift_L, 37 Control_L, 9 Escape.
    public func key(_ keycode: Int32, pressed: Bool) throws {
        var event = xf86ITEventKey()
        event.header.length = UInt32(MemoryLayout<xf86ITEventKey>.size)
        event.header.type = XF86IT_EVENT_KEY
        event.key_code = keycode
        event.is_press = pressed ? 1 : 0
        try send(&event)
    }

    /// Presses and releases a key (X keycode) with modifier keys held, as a person types a
    /// combination; returns once the server processed it.
    public func press(_ keycode: Int32, with modifiers: [Int32] = []) throws {
        for modifier in modifiers { try key(modifier, pressed: true) }
        try key(keycode, pressed: true)
        try key(keycode, pressed: false)
        for modifier in modifiers.reversed() { try key(modifier, pressed: false) }
        try sync()
    }

    public enum GesturePhase { case begin, update, end }

    /// A touchpad pinch event (XInput 2.4): `scale` relative to the start, `angleDelta` in degrees.
    public func pinch(
        _ phase: GesturePhase, touches: UInt16 = 2, dx: Double = 0, dy: Double = 0, scale: Double, angleDelta: Double,
        cancelled: Bool = false
    )
        throws
    {
        var event = xf86ITEventGesturePinch()
        event.header.length = UInt32(MemoryLayout<xf86ITEventGesturePinch>.size)
        event.header.type = XF86IT_EVENT_GESTURE_PINCH
        event.gesture_type = UInt16(phase == .begin ? 27 : phase == .update ? 28 : 29)  // XI_GesturePinchBegin/Update/End
        event.num_touches = touches
        event.flags = cancelled ? 1 : 0
        event.delta_x = dx
        event.delta_y = dy
        event.delta_unaccel_x = dx
        event.delta_unaccel_y = dy
        event.scale = scale
        event.delta_angle = angleDelta
        try send(&event)
    }

    /// Returns once the server has processed every event sent so far.
    public func sync() throws {
        var event = xf86ITEventWaitForSync()
        event.header.length = UInt32(MemoryLayout<xf86ITEventWaitForSync>.size)
        event.header.type = XF86IT_EVENT_WAIT_FOR_SYNC
        try send(&event)
        var response = xf86ITResponseSyncFinished()
        try receive(&response)
    }

    private func setValuators(_ data: inout xf86ITValuatorData, _ values: [Int: Double]) {
        data.has_unaccelerated = 0
        withUnsafeMutableBytes(of: &data.mask) { mask in
            for index in values.keys { mask[index / 8] |= UInt8(1 << (index % 8)) }
        }
        withUnsafeMutableBytes(of: &data.valuators) { buffer in
            let doubles = buffer.bindMemory(to: Double.self)
            for (index, value) in values { doubles[index] = value }
        }
    }

    private func send<T>(_ value: inout T) throws {
        let size = MemoryLayout<T>.size
        // MSG_NOSIGNAL: if the driver dropped us (device disabled), fail instead of dying of SIGPIPE.
        let written = withUnsafeBytes(of: &value) { Glibc.send(descriptor, $0.baseAddress, size, Int32(MSG_NOSIGNAL)) }
        guard written == size else { throw HarnessError("inputtest write failed (\(written) of \(size) bytes)") }
    }

    private func receive<T>(_ value: inout T) throws {
        let size = MemoryLayout<T>.size
        var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&pollDescriptor, 1, 10_000) == 1 else { throw HarnessError("inputtest driver did not answer within 10 s") }
        let read = withUnsafeMutableBytes(of: &value) { Glibc.read(descriptor, $0.baseAddress, size) }
        guard read == size else { throw HarnessError("inputtest read failed (\(read) of \(size) bytes)") }
    }
}
