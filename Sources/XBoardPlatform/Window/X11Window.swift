internal import CX11
import Foundation
import XBoard

/// The board's top-level X11 window: owns the display connection, creates and names the window,
/// and reports what happens to it as the core's `WindowEvent`s.
///
/// Input (XInput 2.2 touches and pointer, keys) is read by `XInputReader`, drops by
/// `DropTarget`, the clipboard by `ClipboardReader` and `ClipboardOwner` (see
/// `X11Window+Clipboard`); fullscreen lives in `X11Window+Fullscreen`.
public final class X11Window {
    let display: OpaquePointer
    let window: Window
    let screen: Int32
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    public private(set) var size: Size
    private let deleteWindowAtom: Atom
    private let protocolsAtom: Atom
    private let input: XInputReader
    /// Set when another client destroyed the window; it must not be destroyed again.
    private var isDestroyed = false
    private(set) var drop: DropTarget?
    /// Pastes (`X11Window+Clipboard`).
    private(set) var clipboardReader: ClipboardReader?
    /// Copies, and the handover to a clipboard manager on quit (`X11Window+Clipboard`).
    private(set) var clipboardOwner: ClipboardOwner?
    /// Shows frames and reports them shown (`FramePresenter`).
    let presenter: FramePresenter
    /// The display's colour profile (`X11Window+ColourProfile`).
    let colourProfiles: DisplayProfileWatcher
    /// Whether the window fills the screen (see `X11Window+Fullscreen`).
    public internal(set) var isFullscreen = false
    /// Where the window was before fullscreen, when no window manager keeps that.
    var geometryBeforeFullscreen: (x: Int32, y: Int32, width: UInt32, height: UInt32)?

    /// Opens the display (`nil`: `$DISPLAY`) and maps a window titled `title`: of `size` when
    /// given (`--geometry`), else sized and placed from the screen (`WindowPlacement`: a share
    /// of the monitor under the pointer within the work area, scaled by `Xft.dpi`).
    ///
    /// The window names itself as the desktop's conventions ask (`X11Window+Hints`): WM_NAME and
    /// `_NET_WM_NAME`, WM_CLASS, WM_CLIENT_MACHINE, `_NET_WM_PID`, WM_NORMAL_HINTS (size and
    /// minimum), WM_HINTS, and `_NET_WM_ICON` when `icon` is given.
    public init(
        displayName: String?, size: Size?, title: String, applicationClass: String, icon: WindowIcon? = nil, inputMode: InputMode = .auto,
        placement: WindowPlacement = WindowPlacement()
    ) throws {
        X11Errors.install()
        guard let display = XOpenDisplay(displayName) else {
            // The name Xlib tried: the option, else $DISPLAY (XDisplayName(NULL) reads it).
            let tried = displayName.flatMap { $0.isEmpty ? nil : $0 } ?? XDisplayName(nil).map { String(cString: $0) } ?? ""
            throw PlatformError.cannotOpenDisplay(tried)
        }
        self.display = display
        screen = cx11_default_screen(display)
        visual = cx11_default_visual(display, screen)
        depth = cx11_default_depth(display, screen)
        let uiScale = Self.uiScale(display: display)
        let screenGeometry = ScreenGeometry(display: display, screen: screen)
        let frame: Rect
        if let size {
            frame = Rect(origin: .zero, size: size)
        } else {
            let monitor =
                WindowPlacement.monitor(under: screenGeometry.pointer, monitors: screenGeometry.monitors, primary: screenGeometry.primary)
                ?? Rect(x: 0, y: 0, width: 1280, height: 800)
            frame = placement.frame(
                monitor: monitor, workArea: screenGeometry.workArea, uiScale: uiScale, hasWindowManager: screenGeometry.hasWindowManager)
        }
        self.size = frame.size
        let root = cx11_root_window(display, screen)
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0  // None: the server never clears to a colour, so no flicker
        attributes.bit_gravity = NorthWestGravity
        // Property changes carry incremental (INCR) drop transfers; key releases let Space+drag pan.
        attributes.event_mask = ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | PropertyChangeMask
        window = XCreateWindow(
            display, root, Int32(frame.minX), Int32(frame.minY), UInt32(max(1, frame.size.width)), UInt32(max(1, frame.size.height)), 0,
            depth, UInt32(InputOutput), visual, UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        deleteWindowAtom = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        protocolsAtom = XInternAtom(display, "WM_PROTOCOLS", 0)
        input = XInputReader(display: display, window: window, root: root, mode: inputMode)
        let refresh = DisplayRefresh.rate(display: display, root: root, at: frame.center) ?? .standard
        presenter = FramePresenter(display: display, window: window, refreshRate: refresh)
        colourProfiles = DisplayProfileWatcher(display: display, root: root, window: window, frame: frame)
        setProperties(title: title, applicationClass: applicationClass)
        setHints(
            frame: frame, isSizeRequested: size != nil, minimumSize: placement.minimum(for: frame.size, uiScale: uiScale))
        if let icon { setIcon(icon) }
        drop = DropTarget(display: display, window: window)
        clipboardReader = ClipboardReader(display: display, window: window)
        clipboardOwner = ClipboardOwner(display: display, window: window)
        XMapWindow(display, window)
        XFlush(display)
    }

    deinit {
        presenter.close()  // before the display goes: it frees its GC through it
        if !isDestroyed { XDestroyWindow(display, window) }
        XCloseDisplay(display)
    }

    /// The refresh rate of the monitor the window opened on (RandR), or 60 Hz when it says none.
    public var refreshRate: RefreshRate { presenter.refreshRate }

    /// Whether frames are shown through the X Present extension (else by clipped copies).
    public var usesPresent: Bool { presenter.usesPresent }

    /// Whether the server has taken in every picture uploaded (`fenceUploads`): more may go.
    public var takesUploads: Bool { !presenter.uploadsInFlight }

    /// Asks the server to say when it has taken in the pictures just uploaded.
    public func fenceUploads() { presenter.fenceUploads() }

    /// The XInput version negotiated, or `nil` when the board runs on the core pointer.
    public var xInputVersion: (major: Int32, minor: Int32)? { input.version }

    /// What the window found, for `--trace`: the XInput version, the ui scale, the refresh rate
    /// and how frames are shown.
    public var traceSummary: String {
        "XInput \(xInputVersion.map { "\($0.major).\($0.minor)" } ?? "none"), ui scale \(uiScale), "
            + "refresh \(refreshRate), frames through \(usesPresent ? "Present" : "copies")"
    }

    /// Report keys that map to no command (with `--trace`).
    public var traceKeys: Bool {
        get { input.traceKeys }
        set { input.traceKeys = newValue }
    }

    /// Device pixels per board point for fixed-size things, from the `Xft.dpi` resource
    /// (as desktops set it for HiDPI screens): dpi / 96 within 0.5…4, or 1 when unset.
    public var uiScale: Double { Self.uiScale(display: display) }

    static func uiScale(display: OpaquePointer) -> Double {
        guard let resources = XResourceManagerString(display).map({ String(cString: $0) }) else { return 1 }
        return uiScale(resources: resources)
    }

    /// The scale an `Xft.dpi` line in X resources asks for; 1 when there is none.
    static func uiScale(resources: String) -> Double {
        for line in resources.split(separator: "\n") where line.hasPrefix("Xft.dpi:") {
            if let dpi = Double(line.dropFirst("Xft.dpi:".count).trimmingCharacters(in: .whitespaces)), dpi > 0, dpi.isFinite {
                return min(max(dpi / 96, 0.5), 4)
            }
        }
        return 1
    }

    /// Tells the file manager whose files were dropped (`WindowEvent.filesDropped`) whether the
    /// board took any of them.
    public func finishDrop(accepted: Bool) {
        drop?.finish(accepted: accepted)
    }

    /// When a drop being received is given up unless its source sends more first (`nil`: no
    /// transfer is in progress): a deadline for the loop's wait.
    public var dropDeadline: Instant? { drop?.transferDeadline }

    /// Gives up a drop whose source has stopped sending it (see `DropTarget.transferPatience`):
    /// the source hears the drop was refused; the event says why. `nil` while it is still in time.
    public func abandonStalledDrop(at now: Instant) -> WindowEvent? {
        drop?.abandonStalledTransfer(at: now)
    }

    /// The connection's socket, to sleep on in poll().
    public var fileDescriptor: Int32 { cx11_connection_number(display) }

    /// Whether events are already queued client-side (poll would not see them).
    public var hasPendingEvents: Bool { XPending(display) > 0 }

    public func flush() { XFlush(display) }

    /// Reads and converts every event the server has sent so far, without blocking.
    public func pendingEvents() -> [WindowEvent] {
        var events: [WindowEvent] = []
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            if presenter.translate(&event, into: &events) { continue }
            if colourProfiles.translate(&event, into: &events) { continue }
            let now = MonotonicClock.now()
            if !input.translate(&event, receivedAt: now, into: &events) { translateWindowEvent(event, at: now, into: &events) }
        }
        return events
    }

    // MARK: Private

    /// What happened to the window itself: exposure, size, mapping, closing, drops.
    private func translateWindowEvent(_ event: XEvent, at now: Instant, into events: inout [WindowEvent]) {
        switch event.type {
        case Expose:
            if event.xexpose.count == 0 { events.append(.exposed) }
        case ConfigureNotify:
            let configure = event.xconfigure
            let newSize = Size(width: Double(configure.width), height: Double(configure.height))
            if newSize != size {
                size = newSize
                events.append(.resized(newSize))
            }
        case DestroyNotify:
            _ = clipboardOwner?.handle(event, at: now)  // a window it was sending INCR pieces to
            if event.xdestroywindow.window == window {
                isDestroyed = true
                X11Errors.windowDestroyed()
                events.append(.windowDestroyed)
            }
        case MapNotify:
            events.append(.visibilityChanged(isVisible: true))
        case UnmapNotify:
            events.append(.visibilityChanged(isVisible: false))
        case ClientMessage:
            let message = event.xclient
            if message.message_type == protocolsAtom, Atom(message.data.l.0) == deleteWindowAtom {
                events.append(.closeRequested)
            } else {
                events += drop?.handle(message, at: now) ?? []
            }
        case SelectionNotify:
            events += drop?.receive(event.xselection, at: now) ?? []
            if let outcome = clipboardReader?.handle(event, at: now) { events.append(Self.event(for: outcome)) }
            _ = clipboardOwner?.handle(event, at: now)
        case PropertyNotify:
            events += drop?.propertyChanged(event.xproperty, at: now) ?? []
            if let outcome = clipboardReader?.handle(event, at: now) { events.append(Self.event(for: outcome)) }
            _ = clipboardOwner?.handle(event, at: now)
        case SelectionRequest, SelectionClear:
            _ = clipboardOwner?.handle(event, at: now)
        default:
            break
        }
    }

    private func setProperties(title: String, applicationClass: String) {
        setTitle(title)
        var pid = Int(System.processID)
        let netWMPID = XInternAtom(display, "_NET_WM_PID", 0)
        _ = withUnsafeBytes(of: &pid) { bytes in
            XChangeProperty(
                display, window, netWMPID, XA_CARDINAL, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
        let instance = applicationClass.lowercased()
        let name = strdup(instance), resourceClass = strdup(applicationClass)
        defer {
            free(name)
            free(resourceClass)
        }
        var classHint = XClassHint(res_name: name, res_class: resourceClass)
        XSetClassHint(display, window, &classHint)
        var protocols = [deleteWindowAtom]
        XSetWMProtocols(display, window, &protocols, 1)
    }
}
