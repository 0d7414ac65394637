/// Where the board's window opens when no size is asked for: a share of the monitor under the
/// pointer, within the desktop's work area (less panels and docks), at least the preferred size
/// scaled by the ui scale (`Xft.dpi`), and never larger than the area, frame included.
///
/// On a 1280×800 screen at 96 dpi that is the whole screen; on 3840×2160 at 192 dpi it is
/// 2560×1600 in the middle; on 1920×1080 at 96 dpi, 1280×800.
public struct WindowPlacement: Hashable, Sendable {
    /// The least the window gets, in points at ui scale 1 (as far as the area allows).
    public var preferredSize = Size(width: 1280, height: 800)
    /// The share of the usable area, per axis, the window takes on screens larger than that.
    public var areaShare = 2.0 / 3
    /// The smallest size the window may be resized to, in points at ui scale 1
    /// (`WM_NORMAL_HINTS` minimum).
    public var minimumSize = Size(width: 400, height: 300)
    /// Room left for a window manager's frame (title bar and borders), in points at ui scale 1,
    /// when one runs.
    public var frameAllowance = Size(width: 16, height: 48)

    public init() {}

    /// The window's frame in root-window pixels.
    ///
    /// - Parameters:
    ///   - monitor: the monitor's rectangle in root coordinates.
    ///   - workArea: the desktop's work area (`_NET_WORKAREA`), if a window manager gives one.
    ///   - uiScale: device pixels per point (`Xft.dpi` / 96).
    ///   - hasWindowManager: whether frames will be added around the window.
    public func frame(monitor: Rect, workArea: Rect?, uiScale: Double, hasWindowManager: Bool) -> Rect {
        let scale = Self.sanitized(uiScale)
        var usable = workArea.flatMap { monitor.intersection($0) } ?? monitor
        if hasWindowManager {
            let allowance = frameAllowance * scale
            usable = Rect(
                x: usable.minX, y: usable.minY, width: max(1, usable.size.width - allowance.width),
                height: max(1, usable.size.height - allowance.height))
        }
        let wanted = Size(
            width: max(usable.size.width * areaShare, preferredSize.width * scale),
            height: max(usable.size.height * areaShare, preferredSize.height * scale))
        let size = Size(
            width: max(1, min(wanted.width, usable.size.width).rounded(.down)),
            height: max(1, min(wanted.height, usable.size.height).rounded(.down)))
        let origin = Point(
            x: (usable.minX + (usable.size.width - size.width) / 2).rounded(.down),
            y: (usable.minY + (usable.size.height - size.height) / 2).rounded(.down))
        return Rect(origin: origin, size: size)
    }

    /// The smallest size to allow for a window of `size`: `minimumSize` scaled, but never more
    /// than the window itself.
    public func minimum(for size: Size, uiScale: Double) -> Size {
        let scale = Self.sanitized(uiScale)
        return Size(
            width: min(size.width, (minimumSize.width * scale).rounded()), height: min(size.height, (minimumSize.height * scale).rounded()))
    }

    /// The monitor a new window belongs on: the one under the pointer, else the primary one,
    /// else the first; `nil` when there are none.
    public static func monitor(under pointer: Point?, monitors: [Rect], primary: Int?) -> Rect? {
        if let pointer, let under = monitors.first(where: { $0.contains(pointer) && !$0.isEmpty }) { return under }
        if let primary, monitors.indices.contains(primary) { return monitors[primary] }
        return monitors.first
    }

    private static func sanitized(_ scale: Double) -> Double { min(max(scale.isFinite ? scale : 1, 0.5), 4) }
}
