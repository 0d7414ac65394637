internal import CX11
import XBoard

/// The colour profile of the monitor the board's window is on, as the X ICC profiles convention
/// (version 0.4, which GIMP, darktable and colord follow) puts it on the root window: the first
/// monitor's in `_ICC_PROFILE`, the others' in `_ICC_PROFILE_1`, `_ICC_PROFILE_2`… in the order
/// the server lists its monitors (RandR, as Xinerama counts them). A monitor without one is sRGB.
///
/// Watches the root window's properties (as the convention asks, even while none is set) and
/// the window's moves: when the profile that applies changes — set, replaced, removed, or the
/// window moved to a monitor with another — it reports `WindowEvent.displayProfileChanged`.
/// The bytes are only read here (type CARDINAL, format 8, at most `ICCProfileHeader.maximumSize`);
/// the decoding helpers check and use them.
final class DisplayProfileWatcher {
    private let display: OpaquePointer
    private let root: Window
    private let window: Window
    /// Which monitor the window's centre is on, counted as the convention counts them.
    private var monitor: Int
    /// The atom of that monitor's profile (interned, so events compare by number).
    private var atom: Atom
    /// The profile that applies now; `nil`: sRGB.
    private(set) var current: DisplayProfile?

    /// Starts watching for `window`, whose frame in root coordinates is `frame`.
    init(display: OpaquePointer, root: Window, window: Window, frame: Rect) {
        self.display = display
        self.root = root
        self.window = window
        // The board selects nothing else on the root with core events (XInput's are apart).
        XSelectInput(display, root, PropertyChangeMask)
        monitor = Self.monitor(at: frame.center, display: display, root: root)
        atom = XInternAtom(display, Self.atomName(monitor: monitor), 0)
        current = read()
    }

    /// The atom name of monitor `index`'s profile.
    static func atomName(monitor index: Int) -> String { index == 0 ? "_ICC_PROFILE" : "_ICC_PROFILE_\(index)" }

    /// Reports a change of the profile that applies. Returns whether `event` was the root's
    /// (then it is taken); the window's own events go on to be handled as before.
    func translate(_ event: inout XEvent, into events: inout [WindowEvent]) -> Bool {
        switch event.type {
        case PropertyNotify where event.xproperty.window == root:
            if event.xproperty.atom == atom { refresh(into: &events) }
            return true
        case ConfigureNotify where event.xconfigure.window == window:
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            let centre = (event.xconfigure.width / 2, event.xconfigure.height / 2)
            guard XTranslateCoordinates(display, window, root, centre.0, centre.1, &x, &y, &child) != 0 else { return false }
            let now = Self.monitor(at: Point(x: Double(x), y: Double(y)), display: display, root: root)
            if now != monitor {
                monitor = now
                atom = XInternAtom(display, Self.atomName(monitor: monitor), 0)
                refresh(into: &events)
            }
            return false
        default:
            return false
        }
    }

    private func refresh(into events: inout [WindowEvent]) {
        let profile = read()
        guard profile != current else { return }
        current = profile
        events.append(.displayProfileChanged)
    }

    /// The monitor holding `point` (the first when none does), in the server's order.
    private static func monitor(at point: Point, display: OpaquePointer, root: Window) -> Int {
        let (monitors, _) = ScreenGeometry.monitors(display: display, root: root)
        return monitors.firstIndex { $0.contains(point) } ?? 0
    }

    /// The current monitor's profile; `nil` when it has none, or one that cannot be read (said
    /// in one line).
    private func read() -> DisplayProfile? {
        let origin = "\(Self.atomName(monitor: monitor)) on the root window"
        switch WindowProperty.read(
            atom, of: root, display: display, types: [XA_CARDINAL], format: 8, maximumBytes: ICCProfileHeader.maximumSize)
        {
        case .success(let property) where !property.bytes.isEmpty:
            return DisplayProfile(bytes: property.bytes, origin: origin)
        case .success, .failure(.missing):
            return nil
        case .failure(let problem):
            System.printError("photoboard-x11: the display's colour profile (\(origin)): \(problem); pictures are shown as for sRGB")
            return nil
        }
    }
}
