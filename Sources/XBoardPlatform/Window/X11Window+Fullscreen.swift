internal import CX11
import XBoard

/// Fullscreen: through the window manager's `_NET_WM_STATE_FULLSCREEN` when one runs (EWMH), or
/// by covering the screen itself when none does.
extension X11Window {
    /// Enters or leaves fullscreen.
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
        ScreenGeometry.hasWindowManager(display: display, root: cx11_root_window(display, screen))
    }
}
