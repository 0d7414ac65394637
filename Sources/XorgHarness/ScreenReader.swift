import CX11
import Foundation

/// The test's own connection to the X server: screenshots, windows, and client messages.
public final class ScreenReader {
    private var connection: OpaquePointer?
    let root: Window
    var display: OpaquePointer {
        guard let connection else { preconditionFailure("ScreenReader used after close()") }
        return connection
    }

    public init(displayName: String) throws {
        Self.surviveProtocolErrors()
        guard let display = XOpenDisplay(displayName) else { throw HarnessError("cannot open display \(displayName)") }
        connection = display
        root = cx11_root_window(display, cx11_default_screen(display))
    }

    deinit { close() }

    /// Xlib's default handler ends the whole test process on any protocol error — a BadWindow
    /// because the board's window closed between listing it and reading its property is
    /// enough. The reads check what they get back, so errors are survived (once per process).
    private static let errorHandler: Void = {
        XSetErrorHandler { _, _ in 0 }
        return ()
    }()

    static func surviveProtocolErrors() { _ = errorHandler }

    /// Closes the connection; must happen before the server stops, or Xlib exits the process.
    public func close() {
        if let connection { XCloseDisplay(connection) }
        connection = nil
    }

    static func canConnect(_ displayName: String) -> Bool {
        guard let display = XOpenDisplay(displayName) else { return false }
        XCloseDisplay(display)
        return true
    }

    /// The whole screen as a person sees it.
    public func screenshot() throws -> Screenshot {
        let screen = cx11_default_screen(display)
        let width = Int(cx11_display_width(display, screen)), height = Int(cx11_display_height(display, screen))
        guard let image = XGetImage(display, root, 0, 0, UInt32(width), UInt32(height), ~0, ZPixmap) else {
            throw HarnessError("XGetImage failed")
        }
        defer { cx11_destroy_image(image) }
        var pixels = [UInt32](repeating: 0, count: width * height)
        let bytesPerLine = Int(image.pointee.bytes_per_line)
        if image.pointee.bits_per_pixel == 32, let data = image.pointee.data {
            // Raw pointers and `while` loops: the tests run unoptimized, and this is a million pixels.
            pixels.withUnsafeMutableBufferPointer { buffer in
                guard let target = buffer.baseAddress else { return }
                var y = 0
                while y < height {
                    let row = UnsafeRawPointer(data + y * bytesPerLine).assumingMemoryBound(to: UInt32.self), out = target + y * width
                    var x = 0
                    while x < width {
                        out[x] = row[x] & 0xFF_FFFF
                        x &+= 1
                    }
                    y &+= 1
                }
            }
        } else {
            for y in 0..<height {
                for x in 0..<width {
                    pixels[y * width + x] = UInt32(truncatingIfNeeded: cx11_get_pixel(image, Int32(x), Int32(y))) & 0xFF_FFFF
                }
            }
        }
        return Screenshot(width: width, height: height, pixels: pixels)
    }

    /// One rectangle of the screen, 0xRRGGBB per pixel (cheap enough to poll).
    public func pixels(x: Int, y: Int, width: Int, height: Int) throws -> [UInt32] {
        guard let image = XGetImage(display, root, Int32(x), Int32(y), UInt32(width), UInt32(height), ~0, ZPixmap) else {
            throw HarnessError("XGetImage failed")
        }
        defer { cx11_destroy_image(image) }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width {
                pixels[row * width + column] = UInt32(truncatingIfNeeded: cx11_get_pixel(image, Int32(column), Int32(row))) & 0xFF_FFFF
            }
        }
        return pixels
    }

    /// The top-level window whose `_NET_WM_PID` is `pid`, once it is mapped: a child of the root,
    /// or, under a reparenting window manager, a child of its frame (searched a few levels deep).
    public func window(ofProcess pid: Int32) -> UInt? {
        let pidAtom = XInternAtom(display, "_NET_WM_PID", 1)
        guard pidAtom != 0 else { return nil }
        return window(under: root, withPID: Int(pid), atom: pidAtom, depth: 3)
    }

    private func window(under parent: Window, withPID pid: Int, atom: Atom, depth: Int) -> UInt? {
        var rootReturn: Window = 0, parentReturn: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, parent, &rootReturn, &parentReturn, &children, &count) != 0, let children else { return nil }
        defer { XFree(children) }
        let windows = (0..<Int(count)).map { children[$0] }
        for window in windows where cardinalProperty(window, atom) == pid {
            var attributes = XWindowAttributes()
            if XGetWindowAttributes(display, window, &attributes) != 0, attributes.map_state == IsViewable { return UInt(window) }
        }
        guard depth > 1 else { return nil }
        for window in windows {
            if let found = self.window(under: window, withPID: pid, atom: atom, depth: depth - 1) { return found }
        }
        return nil
    }

    /// A string property of a window (UTF8_STRING or STRING), e.g. `_NET_WM_NAME`.
    public func stringProperty(_ window: UInt, _ name: String) -> String? {
        let atom = XInternAtom(display, name, 1)
        guard atom != 0 else { return nil }
        var type: Atom = 0, format: Int32 = 0
        var items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, Window(window), atom, 0, 1024, 0, 0, &type, &format, &items, &after, &data) == Success,
            let data
        else { return nil }
        defer { XFree(data) }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(items)), as: UTF8.self)
    }

    /// `WM_CLASS` as (instance, class).
    public func windowClass(_ window: UInt) -> (String, String)? {
        var hint = XClassHint()
        guard XGetClassHint(display, Window(window), &hint) != 0 else { return nil }
        defer {
            XFree(hint.res_name)
            XFree(hint.res_class)
        }
        return (String(cString: hint.res_name), String(cString: hint.res_class))
    }

    /// Sends WM_DELETE_WINDOW as a window manager's close button does.
    public func requestClose(_ window: UInt) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(window)
        event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = 0  // CurrentTime
        XSendEvent(display, Window(window), 0, 0, &event)
        XFlush(display)
    }

    /// The keycode the server's keymap gives a keysym (e.g. 0xFF53 Right), for injecting keys
    /// whatever the keymap's rules.
    public func keycode(for keysym: UInt) -> Int32 {
        Int32(XKeysymToKeycode(display, KeySym(keysym)))
    }

    /// Sets the X resource database on the root window, as `xrdb` does (e.g. "Xft.dpi:\t192\n").
    public func setResources(_ resources: String) {
        var bytes = Array(resources.utf8)
        XChangeProperty(display, root, XA_RESOURCE_MANAGER, XA_STRING, 8, PropModeReplace, &bytes, Int32(bytes.count))
        XSync(display, 0)
    }

    /// Destroys another client's window (any client may).
    public func destroy(_ window: UInt) {
        XDestroyWindow(display, Window(window))
        XSync(display, 0)
    }

    /// Unmaps (hides) or maps (shows) a window, as minimising and restoring it does.
    public func setMapped(_ window: UInt, _ isMapped: Bool) {
        if isMapped { XMapWindow(display, Window(window)) } else { XUnmapWindow(display, Window(window)) }
        XFlush(display)
    }

    /// Resizes a window as a window manager would.
    public func resize(_ window: UInt, width: Int, height: Int) {
        XResizeWindow(display, Window(window), UInt32(width), UInt32(height))
        XFlush(display)
    }

    /// Enables or disables an input device by name, as `xinput disable` does (the server then
    /// reports it in an XI_HierarchyChanged event).
    public func setDeviceEnabled(_ name: String, _ isEnabled: Bool) throws {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { throw HarnessError("XIQueryDevice failed") }
        defer { XIFreeDeviceInfo(devices) }
        guard let device = (0..<Int(count)).map({ devices[$0] }).first(where: { String(cString: $0.name) == name }) else {
            throw HarnessError("no input device named \(name)")
        }
        var value: UInt8 = isEnabled ? 1 : 0
        XIChangeProperty(display, device.deviceid, XInternAtom(display, "Device Enabled", 0), XA_INTEGER, 8, PropModeReplace, &value, 1)
        XSync(display, 0)
    }

    private func cardinalProperty(_ window: Window, _ atom: Atom) -> Int? {
        singleProperty(window, atom, type: Atom(XA_CARDINAL)).map { Int(bitPattern: $0) }
    }

    /// A window property holding one 32-bit item of `type` (read as Xlib hands it over: a C long).
    func singleProperty(_ window: Window, _ atom: Atom, type wanted: Atom) -> UInt? {
        var type: Atom = 0, format: Int32 = 0
        var items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, atom, 0, 1, 0, wanted, &type, &format, &items, &after, &data) == Success,
            let data
        else { return nil }
        defer { XFree(data) }
        guard items == 1, format == 32 else { return nil }
        return UnsafeRawPointer(data).load(as: UInt.self)
    }
}
