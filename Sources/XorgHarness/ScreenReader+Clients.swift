import CX11

extension ScreenReader {
    /// Kills the client that owns `window`, as `xkill` or `xdotool windowkill` does: the server
    /// closes that client's connection.
    public func killClient(owning window: UInt) {
        XKillClient(display, XID(window))
        XSync(display, 0)
    }
}
