import CX11

extension ScreenReader {
    /// Sets a monitor's colour profile on the root window as colour managers do (the X ICC
    /// profiles convention: `_ICC_PROFILE` for the first monitor, `_ICC_PROFILE_n` for the
    /// others; CARDINAL, 8-bit); `nil` deletes it.
    public func setDisplayProfile(_ profile: [UInt8]?, monitor: Int = 0) {
        let atom = XInternAtom(display, monitor == 0 ? "_ICC_PROFILE" : "_ICC_PROFILE_\(monitor)", 0)
        if var bytes = profile {
            XChangeProperty(display, root, atom, XA_CARDINAL, 8, PropModeReplace, &bytes, Int32(bytes.count))
        } else {
            XDeleteProperty(display, root, atom)
        }
        XSync(display, 0)
    }
}

extension ScreenReader {
    /// Declares a RandR 1.5 monitor `name` over part of the screen, as `xrandr --setmonitor` does:
    /// the server then lists it, and Xinerama counts it, in order. With `takingOutput` it is the
    /// monitor of the server's first output (whose own monitor, over the whole screen, goes).
    public func addMonitor(_ name: String, x: Int, y: Int, width: Int, height: Int, takingOutput: Bool = false) throws {
        var output: RROutput?
        if takingOutput {
            guard let resources = XRRGetScreenResourcesCurrent(display, root) else { throw HarnessError("no RandR resources") }
            defer { XRRFreeScreenResources(resources) }
            guard resources.pointee.noutput > 0 else { throw HarnessError("the server has no output") }
            output = resources.pointee.outputs[0]
        }
        guard let monitor = XRRAllocateMonitor(display, output == nil ? 0 : 1) else { throw HarnessError("XRRAllocateMonitor failed") }
        defer { XRRFreeMonitors(monitor) }
        if let output { monitor.pointee.outputs[0] = output }
        monitor.pointee.name = XInternAtom(display, name, 0)
        monitor.pointee.x = Int32(x)
        monitor.pointee.y = Int32(y)
        monitor.pointee.width = Int32(width)
        monitor.pointee.height = Int32(height)
        monitor.pointee.mwidth = Int32(width / 4)
        monitor.pointee.mheight = Int32(height / 4)
        XRRSetMonitor(display, root, monitor)
        XSync(display, 0)
    }

    /// The monitors the server lists (RandR 1.5, active ones), in its order: x, y, width, height.
    public func monitors() -> [(x: Int, y: Int, width: Int, height: Int)] {
        var count: Int32 = 0
        guard let list = XRRGetMonitors(display, root, 1, &count) else { return [] }
        defer { XRRFreeMonitors(list) }
        return (0..<Int(count)).map { (Int(list[$0].x), Int(list[$0].y), Int(list[$0].width), Int(list[$0].height)) }
    }

    /// Moves a window as a window manager would.
    public func move(_ window: UInt, x: Int, y: Int) {
        XMoveWindow(display, Window(window), Int32(x), Int32(y))
        XFlush(display)
    }
}
