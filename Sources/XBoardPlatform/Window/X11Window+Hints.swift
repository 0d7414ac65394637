internal import CX11
import Foundation
import XBoard

/// What the window tells window managers and desktops about itself (ICCCM and EWMH): its
/// names, where it runs, how it may be sized, that it takes keyboard input, and its icon.
extension X11Window {
    /// Sets the title: WM_NAME and WM_ICON_NAME (in the locale-independent form Xlib makes of
    /// UTF-8: STRING when Latin-1 holds it, else COMPOUND_TEXT) and `_NET_WM_NAME` /
    /// `_NET_WM_ICON_NAME` as UTF-8, which EWMH window managers show.
    public func setTitle(_ title: String) {
        var textProperty = XTextProperty()
        let text = strdup(title)
        defer { free(text) }
        var list: [UnsafeMutablePointer<CChar>?] = [text]
        if Xutf8TextListToTextProperty(display, &list, 1, XStdICCTextStyle, &textProperty) >= Success {
            XSetWMName(display, window, &textProperty)
            XSetWMIconName(display, window, &textProperty)
            if let value = textProperty.value { XFree(value) }
        }
        let utf8String = XInternAtom(display, "UTF8_STRING", 0)
        var bytes = Array(title.utf8)
        for name in ["_NET_WM_NAME", "_NET_WM_ICON_NAME"] {
            XChangeProperty(display, window, XInternAtom(display, name, 0), utf8String, 8, PropModeReplace, &bytes, Int32(bytes.count))
        }
    }

    /// WM_NORMAL_HINTS (the position and size, the user's when `--geometry` gave it, and the
    /// minimum size), WM_HINTS (takes keyboard input, opens normal, not iconic) and
    /// WM_CLIENT_MACHINE (this machine's name, so window managers can tell remote windows).
    func setHints(frame: Rect, isSizeRequested: Bool, minimumSize: Size) {
        guard let sizeHints = XAllocSizeHints(), let wmHints = XAllocWMHints() else { return }
        defer {
            XFree(sizeHints)
            XFree(wmHints)
        }
        sizeHints.pointee.flags = (isSizeRequested ? USSize : PSize | PPosition) | PMinSize
        sizeHints.pointee.x = Int32(frame.minX)
        sizeHints.pointee.y = Int32(frame.minY)
        sizeHints.pointee.width = Int32(frame.size.width)
        sizeHints.pointee.height = Int32(frame.size.height)
        sizeHints.pointee.min_width = Int32(max(1, minimumSize.width))
        sizeHints.pointee.min_height = Int32(max(1, minimumSize.height))
        XSetWMNormalHints(display, window, sizeHints)
        wmHints.pointee.flags = InputHint | StateHint
        wmHints.pointee.input = 1
        wmHints.pointee.initial_state = NormalState
        XSetWMHints(display, window, wmHints)
        let host = ProcessInfo.processInfo.hostName
        var hostProperty = XTextProperty()
        let hostText = strdup(host)
        defer { free(hostText) }
        var hostList: [UnsafeMutablePointer<CChar>?] = [hostText]
        if !host.isEmpty, Xutf8TextListToTextProperty(display, &hostList, 1, XStringStyle, &hostProperty) >= Success {
            XSetWMClientMachine(display, window, &hostProperty)
            if let value = hostProperty.value { XFree(value) }
        }
    }

    /// `_NET_WM_ICON`: every size of `icon`, one after the other.
    func setIcon(_ icon: WindowIcon) {
        var cardinals = icon.cardinals  // Xlib takes format-32 data as C longs
        let atom = XInternAtom(display, "_NET_WM_ICON", 0)
        cardinals.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(
                display, window, atom, XA_CARDINAL, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                Int32(icon.cardinals.count))
        }
    }
}
