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
