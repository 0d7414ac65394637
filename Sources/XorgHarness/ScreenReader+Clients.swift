import CX11

extension ScreenReader {
    /// Kills the client that owns `window`, as `xkill` or `xdotool windowkill` does: the server
    /// closes that client's connection.
    public func killClient(owning window: UInt) {
        XKillClient(display, XID(window))
        XSync(display, 0)
    }
}

extension ScreenReader {
    /// Covers `area` of the screen (root coordinates) with a plain window for `duration`, then
    /// takes it away, as a menu or another program's window would: what lay under it is exposed
    /// and must be drawn again by its owner.
    public func cover(x: Int, y: Int, width: Int, height: Int, for duration: Duration = .milliseconds(300)) {
        let cover = openCover(x: x, y: y, width: width, height: height)
        pause(duration)
        closeCover(cover)
    }

    /// Covers `area` of the screen (root coordinates) with a plain magenta window until
    /// `closeCover` takes it away; returns the window.
    public func openCover(x: Int, y: Int, width: Int, height: Int) -> UInt {
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1  // no window manager moves it
        attributes.background_pixel = 0x00FF_00FF
        let cover = XCreateWindow(
            display, root, Int32(x), Int32(y), UInt32(width), UInt32(height), 0, 0, UInt32(InputOutput), nil,
            UInt(CWOverrideRedirect | CWBackPixel), &attributes)
        XMapRaised(display, cover)
        XSync(display, 0)
        return UInt(cover)
    }

    /// Takes away a window `openCover` made: what lay under it is exposed.
    public func closeCover(_ cover: UInt) {
        XDestroyWindow(display, Window(cover))
        XSync(display, 0)
    }
}

extension ScreenReader {
    /// A small plain window for the window manager to map, as an application's would be (not
    /// override-redirect); `probeIsMapped` asks it to map it again until it has.
    public func openProbe() -> UInt {
        let probe = XCreateSimpleWindow(display, root, 0, 0, 16, 16, 0, 0, 0)
        XMapWindow(display, probe)
        XSync(display, 0)
        return UInt(probe)
    }

    /// Whether the window manager has mapped the probe; if not, the map is asked for again (a
    /// request that came while the manager was still starting may have been let go).
    public func probeIsMapped(_ probe: UInt) -> Bool {
        var attributes = XWindowAttributes()
        if XGetWindowAttributes(display, Window(probe), &attributes) != 0, attributes.map_state == IsViewable { return true }
        XMapWindow(display, Window(probe))
        XSync(display, 0)
        return false
    }
}
