internal import CX11
import XBoard

/// What the screen offers a new window, read from the server: the monitors (RandR 1.5, or
/// the whole screen), the pointer, the EWMH work area of the current desktop, and whether a
/// window manager runs.
struct ScreenGeometry {
    var monitors: [Rect]
    /// Index of the primary monitor, if one is marked.
    var primary: Int?
    var pointer: Point?
    var workArea: Rect?
    var hasWindowManager: Bool

    /// Reads it all on `display`'s `screen`. Properties are checked before they are believed.
    init(display: OpaquePointer, screen: Int32) {
        let root = cx11_root_window(display, screen)
        let whole = Rect(
            x: 0, y: 0, width: Double(cx11_display_width(display, screen)), height: Double(cx11_display_height(display, screen)))
        (monitors, primary) = Self.monitors(display: display, root: root)
        if monitors.isEmpty { monitors = [whole] }
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var rootReturn: Window = 0, child: Window = 0
        var mask: UInt32 = 0
        pointer =
            XQueryPointer(display, root, &rootReturn, &child, &rootX, &rootY, &x, &y, &mask) != 0
            ? Point(x: Double(rootX), y: Double(rootY)) : nil
        workArea = Self.workArea(display: display, root: root)
        hasWindowManager = Self.hasWindowManager(display: display, root: root)
    }

    /// The active monitors, in root coordinates, and which is primary (RandR 1.5
    /// `XRRGetMonitors`; none without it).
    static func monitors(display: OpaquePointer, root: Window) -> ([Rect], Int?) {
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0, XRRQueryVersion(display, &major, &minor) != 0,
            major > 1 || (major == 1 && minor >= 5)
        else { return ([], nil) }
        var count: Int32 = 0
        guard let list = XRRGetMonitors(display, root, 1, &count) else { return ([], nil) }
        defer { XRRFreeMonitors(list) }
        var monitors: [Rect] = []
        var primary: Int?
        for index in 0..<Int(max(0, count)) {
            let monitor = list[index]
            guard monitor.width > 0, monitor.height > 0 else { continue }
            if monitor.primary != 0, primary == nil { primary = monitors.count }
            monitors.append(Rect(x: Double(monitor.x), y: Double(monitor.y), width: Double(monitor.width), height: Double(monitor.height)))
        }
        return (monitors, primary)
    }

    /// `_NET_WORKAREA` for `_NET_CURRENT_DESKTOP` (CARDINAL x, y, width, height per desktop).
    private static func workArea(display: OpaquePointer, root: Window) -> Rect? {
        let areaAtom = XInternAtom(display, "_NET_WORKAREA", 1), desktopAtom = XInternAtom(display, "_NET_CURRENT_DESKTOP", 1)
        guard areaAtom != 0,
            case .success(let areas) = WindowProperty.read(
                areaAtom, of: root, display: display, types: [XA_CARDINAL], format: 32, maximumBytes: 4 * 4 * 64),
            areas.items.count >= 4
        else { return nil }
        var desktop = 0
        if desktopAtom != 0,
            case .success(let current) = WindowProperty.read(
                desktopAtom, of: root, display: display, types: [XA_CARDINAL], format: 32, maximumBytes: 4),
            let index = current.items.first, Int(index) * 4 + 3 < areas.items.count
        {
            desktop = Int(index)
        }
        let values = areas.items[(desktop * 4)..<(desktop * 4 + 4)].map { Double(Int32(truncatingIfNeeded: $0)) }
        guard values[2] > 0, values[3] > 0 else { return nil }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// Whether an EWMH window manager runs: `_NET_SUPPORTING_WM_CHECK` on the root names a
    /// window that names itself the same way.
    static func hasWindowManager(display: OpaquePointer, root: Window) -> Bool {
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 1)
        guard check != 0,
            case .success(let value) = WindowProperty.read(
                check, of: root, display: display, types: [XA_WINDOW], format: 32, maximumBytes: 4),
            value.items.count == 1
        else { return false }
        return true
    }
}
