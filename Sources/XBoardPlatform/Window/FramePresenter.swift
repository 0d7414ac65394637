internal import CX11
import Foundation
import XBoard

/// Shows a frame's repainted rectangles from the back buffer in the window, in one request,
/// and reports when the server has shown it (`WindowEvent.frameShown`), so the loop never
/// queues more frames than the server finishes.
///
/// With the X Present extension a frame is a `PresentPixmap` of the repainted region (a copy),
/// at the next vertical blank when asked and the server's blank counter is the screen's own
/// (`VblankClock`), else at once; Present's completion event reports it. Without Present (an
/// old or stripped-down server, or `PHOTOBOARD_PRESENT=0` in the environment for a driver whose
/// Present misbehaves), a frame is one copy clipped to the region, and a property
/// change on the window right after it comes back as the report (the server handles each
/// client's requests in order, so it has drawn the copy by then).
///
/// It also moves pixels within the window (`move`), as scrolling views do: where their source
/// was hidden (another window over the board) the server answers with GraphicsExpose, reported
/// as an exposure, and the painter shows the whole frame again. And it brings the loop back to
/// the painter for the next step of its work between frames (`requestStep`): a property change
/// that returns as an exposure, the one event on which the loop hands the painter the turn
/// without a new frame (`CairoPainter.present`); `takeWakeReasons` tells the painter which of
/// the two it was, or both.
final class FramePresenter {
    private let display: OpaquePointer
    private let window: Window
    private let copyContext: GC
    /// For moves out of the window: graphics exposures on, so hidden sources are reported.
    private let moveContext: GC
    /// The Present extension's major opcode, or `nil` when the server has none.
    private var presentOpcode: Int32?
    private let fenceAtom: Atom
    private let stepAtom: Atom
    private let uploadAtom: Atom
    /// Whether pictures were uploaded that the server has not yet taken in (`fenceUploads`).
    private(set) var uploadsInFlight = false
    private var serial: UInt32 = 0
    /// The serial of a frame waiting for the vertical blank, until it is reported shown.
    private var waitingSerial: UInt32?
    /// Since the painter last asked: whether the window lost pixels (Expose, GraphicsExpose, or
    /// shown again), and whether a step it requested came back.
    private var lostPixels = false
    private var stepDue = false
    private var unfilled: [Rect] = []
    private var isStepRequested = false
    /// When the step under way was asked for, and how long the last one took to come back: the
    /// time the server took for what was sent before it (`CairoPainter`'s slices size themselves by it).
    private var stepRequestedAt: Instant?
    private(set) var lastStepRoundTrip: Duration?
    private(set) var vblank = VblankClock()
    let refreshRate: RefreshRate

    init(display: OpaquePointer, window: Window, refreshRate: RefreshRate) {
        self.display = display
        self.window = window
        self.refreshRate = refreshRate
        copyContext = XCreateGC(display, window, 0, nil)
        var values = XGCValues()
        values.graphics_exposures = 1
        moveContext = XCreateGC(display, window, UInt(GCGraphicsExposures), &values)
        fenceAtom = XInternAtom(display, "_PHOTOBOARD_FRAME_SHOWN", 0)
        stepAtom = XInternAtom(display, "_PHOTOBOARD_NEXT_STEP", 0)
        uploadAtom = XInternAtom(display, "_PHOTOBOARD_UPLOADS_TAKEN", 0)
        var opcode: Int32 = 0, eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 1, minor: Int32 = 0
        if ProcessInfo.processInfo.environment["PHOTOBOARD_PRESENT"] != "0",
            XPresentQueryExtension(display, &opcode, &eventBase, &errorBase) != 0, XPresentQueryVersion(display, &major, &minor) != 0
        {
            presentOpcode = opcode
            _ = XPresentSelectInput(display, window, UInt32(PresentCompleteNotifyMask))
            // Frames name their regions with XFixes: its version asked now (as its protocol
            // wants before any request), not in the first frame's round trips — which waited
            // behind the server drawing that frame (20 ms of a board of ten thousand's first turn).
            var fixesMajor: Int32 = 5, fixesMinor: Int32 = 0
            _ = XFixesQueryVersion(display, &fixesMajor, &fixesMinor)
        }
    }

    /// Frees the copy GC. The window calls this before it closes the display: a deinit would
    /// run after `XCloseDisplay` and write into the freed `Display` (heap corruption at exit).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        XFreeGC(display, copyContext)
        XFreeGC(display, moveContext)
    }

    private var isClosed = false

    /// Whether frames go through the Present extension.
    var usesPresent: Bool { presentOpcode != nil }

    /// Shows `rects` (whole pixels) of `pixmap` at the same place in the window. With
    /// `atVerticalBlank`, waits for the next blank when the screen has a real one. With no
    /// rectangles (all of the frame was drawn straight into the window) only the report is asked for.
    func show(_ rects: [Rect], from pixmap: Pixmap, atVerticalBlank: Bool) {
        var boxes = Self.boxes(rects)
        serial &+= 1
        if presentOpcode != nil, !boxes.isEmpty {
            let region = XFixesCreateRegion(display, &boxes, Int32(boxes.count))
            let waits = atVerticalBlank && vblank.waitsForVblank(at: refreshRate)
            let options = UInt32(PresentOptionCopy) | (waits ? 0 : UInt32(PresentOptionAsync))
            waitingSerial = waits ? serial : nil
            XPresentPixmap(display, window, pixmap, serial, 0, region, 0, 0, 0, 0, 0, options, 0, 0, 0, nil, 0)
            XFixesDestroyRegion(display, region)
        } else {
            if !boxes.isEmpty, let bounds = RectRegion.bounds(of: rects) {
                XSetClipRectangles(display, copyContext, 0, 0, &boxes, Int32(boxes.count), Unsorted)
                XCopyArea(
                    display, pixmap, window, copyContext, Int32(bounds.minX), Int32(bounds.minY), UInt32(bounds.size.width),
                    UInt32(bounds.size.height), Int32(bounds.minX), Int32(bounds.minY))
            }
            var value = Int(serial)  // format 32 is read as C longs
            withUnsafeBytes(of: &value) { bytes in
                _ = XChangeProperty(
                    display, window, fenceAtom, XA_CARDINAL, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
            }
        }
    }

    /// Whether the last frame waits for the vertical blank (Present queued it): what the window
    /// shows is then not yet the last frame, and nothing may be moved within it.
    var isWaitingForVerticalBlank: Bool { waitingSerial != nil }

    /// Copies the window's pixels from where they are `delta` away from `rects` (whole pixels)
    /// into `rects` of `pixmap` (the back buffer), in one request: a copy between two drawables,
    /// which the server does at memory speed whichever way the pixels move (a copy within one
    /// drawable that overlaps itself to the right or down takes fb's slow careful path). Where the
    /// window's pixels were hidden, the server says so (GraphicsExpose): those rectangles of the
    /// pixmap are then wrong (`takeWakeReasons`).
    func move(_ rects: [Rect], by delta: Point, into pixmap: Pixmap) {
        var boxes = Self.boxes(rects)
        guard !boxes.isEmpty, let bounds = RectRegion.bounds(of: rects) else { return }
        XSetClipRectangles(display, moveContext, 0, 0, &boxes, Int32(boxes.count), Unsorted)
        XCopyArea(
            display, window, pixmap, moveContext, Int32(bounds.minX - delta.x), Int32(bounds.minY - delta.y), UInt32(bounds.size.width),
            UInt32(bounds.size.height), Int32(bounds.minX), Int32(bounds.minY))
    }

    /// Asks the server for an event that brings the loop back to the painter (as an exposure)
    /// once it has done what was sent before; one at a time.
    func requestStep() {
        guard !isStepRequested else { return }
        isStepRequested = true
        stepRequestedAt = MonotonicClock.now()
        var value = 0
        withUnsafeBytes(of: &value) { bytes in
            _ = XChangeProperty(
                display, window, stepAtom, XA_CARDINAL, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// Asks the server to say when it has taken in what was sent before — the pictures just
    /// uploaded (`uploadsInFlight` until it does). A property change, like a step, but one the
    /// loop reads itself: it uploads no more pictures until then, so uploads never run ahead of
    /// the server (10,000 photos arriving kept its queue full, and every request the loop sent
    /// after them — a frame, a slice — waited behind them).
    func fenceUploads() {
        guard !uploadsInFlight else { return }
        uploadsInFlight = true
        var value = 0
        withUnsafeBytes(of: &value) { bytes in
            _ = XChangeProperty(
                display, window, uploadAtom, XA_CARDINAL, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// Why the loop came to the painter's `present` since it last asked: the window lost pixels,
    /// a step it requested came back, and the rectangles of the back buffer a move could not fill.
    func takeWakeReasons() -> (lostPixels: Bool, stepDue: Bool, unfilled: [Rect]) {
        defer { (lostPixels, stepDue, unfilled) = (false, false, []) }
        return (lostPixels, stepDue, unfilled)
    }

    private static func boxes(_ rects: [Rect]) -> [XRectangle] {
        rects.compactMap { rect -> XRectangle? in
            guard rect.size.width >= 1, rect.size.height >= 1 else { return nil }
            return XRectangle(
                x: Int16(clamping: Int(rect.minX)), y: Int16(clamping: Int(rect.minY)), width: UInt16(clamping: Int(rect.size.width)),
                height: UInt16(clamping: Int(rect.size.height)))
        }
    }

    /// Turns the server's report of a shown frame into `.frameShown` (only for the latest frame),
    /// a hidden source of a move into `.exposed`, and a requested step into `.exposed`; notes
    /// exposures and mapping (which the window reports) as lost pixels. Returns whether `event`
    /// was the presenter's alone.
    func translate(_ event: inout XEvent, into events: inout [WindowEvent]) -> Bool {
        switch event.type {
        case PropertyNotify where event.xproperty.window == window && event.xproperty.atom == fenceAtom:
            waitingSerial = nil
            events.append(.frameShown)
            return true
        case PropertyNotify where event.xproperty.window == window && event.xproperty.atom == uploadAtom:
            uploadsInFlight = false
            return true
        case PropertyNotify where event.xproperty.window == window && event.xproperty.atom == stepAtom:
            guard isStepRequested else { return true }
            isStepRequested = false
            lastStepRoundTrip = stepRequestedAt.map { MonotonicClock.now() - $0 }
            stepDue = true
            events.append(.exposed)
            return true
        case GraphicsExpose:
            let exposed = event.xgraphicsexpose
            lostPixels = true
            unfilled.append(Rect(x: Double(exposed.x), y: Double(exposed.y), width: Double(exposed.width), height: Double(exposed.height)))
            if exposed.count == 0 { events.append(.exposed) }
            return true
        case NoExpose:
            return true
        case Expose, MapNotify:
            lostPixels = true
            return false
        default:
            break
        }
        guard event.type == GenericEvent, let presentOpcode, event.xcookie.extension == presentOpcode else { return false }
        guard XGetEventData(display, &event.xcookie) != 0 else { return true }
        defer { XFreeEventData(display, &event.xcookie) }
        guard event.xcookie.evtype == PresentCompleteNotify, let data = event.xcookie.data else { return true }
        let complete = data.load(as: XPresentCompleteNotifyEvent.self)
        guard complete.kind == UInt8(PresentCompleteKindPixmap) else { return true }
        if complete.mode != UInt8(PresentCompleteModeSkip) { vblank.record(ust: complete.ust, msc: complete.msc) }
        if let waiting = waitingSerial, Int32(bitPattern: complete.serial_number &- waiting) >= 0 { waitingSerial = nil }
        if complete.serial_number == serial { events.append(.frameShown) }
        return true
    }
}
