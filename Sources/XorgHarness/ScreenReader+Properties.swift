import CX11
import Foundation

/// What a window says about itself to window managers, read as a window manager would:
/// geometry, ICCCM hints and EWMH properties.
extension ScreenReader {
    /// WM_NORMAL_HINTS as a window manager reads it.
    public struct SizeHints: Sendable {
        public var isUserSize: Bool
        public var isProgramSize: Bool
        public var isProgramPosition: Bool
        public var minimum: (width: Int, height: Int)?
    }

    /// The window's position (in root coordinates) and size.
    public func geometry(_ window: UInt) -> (x: Int, y: Int, width: Int, height: Int)? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, Window(window), &attributes) != 0 else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, Window(window), root, 0, 0, &x, &y, &child)
        return (Int(x), Int(y), Int(attributes.width), Int(attributes.height))
    }

    public func sizeHints(_ window: UInt) -> SizeHints? {
        guard let hints = XAllocSizeHints() else { return nil }
        defer { XFree(hints) }
        var supplied = 0
        guard XGetWMNormalHints(display, Window(window), hints, &supplied) != 0 else { return nil }
        let flags = hints.pointee.flags
        return SizeHints(
            isUserSize: flags & USSize != 0, isProgramSize: flags & PSize != 0, isProgramPosition: flags & PPosition != 0,
            minimum: flags & PMinSize != 0 ? (Int(hints.pointee.min_width), Int(hints.pointee.min_height)) : nil)
    }

    /// WM_HINTS: whether the window takes input, and its initial state (1: normal).
    public func wmHints(_ window: UInt) -> (input: Bool, initialState: Int)? {
        guard let hints = XGetWMHints(display, Window(window)) else { return nil }
        defer { XFree(hints) }
        let flags = hints.pointee.flags
        guard flags & InputHint != 0, flags & StateHint != 0 else { return nil }
        return (hints.pointee.input != 0, Int(hints.pointee.initial_state))
    }

    /// WM_CLIENT_MACHINE.
    public func clientMachine(_ window: UInt) -> String? {
        var property = XTextProperty()
        guard XGetWMClientMachine(display, Window(window), &property) != 0, let value = property.value else { return nil }
        defer { XFree(value) }
        return String(decoding: UnsafeBufferPointer(start: value, count: Int(property.nitems)), as: UTF8.self)
    }

    /// The sizes in `_NET_WM_ICON`, checking that each image's pixels are all there, and the
    /// ARGB pixel at the middle of the largest (to see it is not blank).
    public func iconSizes(_ window: UInt) -> (sizes: [(Int, Int)], middlePixel: UInt32)? {
        let atom = XInternAtom(display, "_NET_WM_ICON", 1)
        guard atom != 0 else { return nil }
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(display, Window(window), atom, 0, 1 << 22, 0, XA_CARDINAL, &type, &format, &count, &after, &data) == Success,
            let data, format == 32, after == 0
        else { return nil }
        defer { XFree(data) }
        let values = UnsafeRawPointer(data).bindMemory(to: UInt.self, capacity: Int(count))
        var sizes: [(Int, Int)] = []
        var index = 0, middle: UInt32 = 0
        while index + 2 <= Int(count) {
            let width = Int(values[index]), height = Int(values[index + 1])
            guard width > 0, height > 0, index + 2 + width * height <= Int(count) else { return nil }
            sizes.append((width, height))
            middle = UInt32(truncatingIfNeeded: values[index + 2 + (height / 2) * width + width / 2])
            index += 2 + width * height
        }
        return index == Int(count) ? (sizes, middle) : nil
    }
}
