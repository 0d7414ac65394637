import CX11

/// What a desktop's programs announce on the root window, read as the board reads it.
extension ScreenReader {
    /// The name of the running EWMH window manager: the `_NET_WM_NAME` of the window that the
    /// root's `_NET_SUPPORTING_WM_CHECK` names, when that window names itself too (EWMH); nil
    /// while none runs.
    public func windowManagerName() -> String? {
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 1)
        guard check != 0, let window = windowProperty(root, check), windowProperty(window, check) == window else { return nil }
        return stringProperty(UInt(window), "_NET_WM_NAME")
    }

    /// The window that owns a selection (e.g. `_NET_WM_CM_S0`, held by the screen's compositing
    /// manager), or nil while nobody does.
    public func selectionOwner(_ name: String) -> UInt? {
        let owner = XGetSelectionOwner(display, XInternAtom(display, name, 0))
        return owner == 0 ? nil : UInt(owner)
    }

    private func windowProperty(_ window: Window, _ atom: Atom) -> Window? {
        singleProperty(window, atom, type: Atom(XA_WINDOW)).map { Window($0) }
    }
}
