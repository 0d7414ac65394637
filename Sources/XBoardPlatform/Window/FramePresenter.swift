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
final class FramePresenter {
    private let display: OpaquePointer
    private let window: Window
    private let copyContext: GC
    /// The Present extension's major opcode, or `nil` when the server has none.
    private var presentOpcode: Int32?
    private let fenceAtom: Atom
    private var serial: UInt32 = 0
    private(set) var vblank = VblankClock()
    let refreshRate: RefreshRate

    init(display: OpaquePointer, window: Window, refreshRate: RefreshRate) {
        self.display = display
        self.window = window
        self.refreshRate = refreshRate
        copyContext = XCreateGC(display, window, 0, nil)
        fenceAtom = XInternAtom(display, "_PHOTOBOARD_FRAME_SHOWN", 0)
        var opcode: Int32 = 0, eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 1, minor: Int32 = 0
        if ProcessInfo.processInfo.environment["PHOTOBOARD_PRESENT"] != "0",
            XPresentQueryExtension(display, &opcode, &eventBase, &errorBase) != 0, XPresentQueryVersion(display, &major, &minor) != 0
        {
            presentOpcode = opcode
            _ = XPresentSelectInput(display, window, UInt32(PresentCompleteNotifyMask))
        }
    }

    /// Frees the copy GC. The window calls this before it closes the display: a deinit would
    /// run after `XCloseDisplay` and write into the freed `Display` (heap corruption at exit).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        XFreeGC(display, copyContext)
    }

    private var isClosed = false

    /// Whether frames go through the Present extension.
    var usesPresent: Bool { presentOpcode != nil }

    /// Shows `rects` (whole pixels) of `pixmap` at the same place in the window. With
    /// `atVerticalBlank`, waits for the next blank when the screen has a real one. With no
    /// rectangles (all of the frame was drawn straight into the window) only the report is asked for.
    func show(_ rects: [Rect], from pixmap: Pixmap, atVerticalBlank: Bool) {
        var boxes = rects.compactMap { rect -> XRectangle? in
            guard rect.size.width >= 1, rect.size.height >= 1 else { return nil }
            return XRectangle(
                x: Int16(clamping: Int(rect.minX)), y: Int16(clamping: Int(rect.minY)), width: UInt16(clamping: Int(rect.size.width)),
                height: UInt16(clamping: Int(rect.size.height)))
        }
        serial &+= 1
        if presentOpcode != nil, !boxes.isEmpty {
            let region = XFixesCreateRegion(display, &boxes, Int32(boxes.count))
            let waits = atVerticalBlank && vblank.waitsForVblank(at: refreshRate)
            let options = UInt32(PresentOptionCopy) | (waits ? 0 : UInt32(PresentOptionAsync))
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

    /// Turns the server's report of a shown frame into `.frameShown` (only for the latest frame);
    /// returns whether `event` was such a report.
    func translate(_ event: inout XEvent, into events: inout [WindowEvent]) -> Bool {
        if event.type == PropertyNotify, event.xproperty.window == window, event.xproperty.atom == fenceAtom {
            events.append(.frameShown)
            return true
        }
        guard event.type == GenericEvent, let presentOpcode, event.xcookie.extension == presentOpcode else { return false }
        guard XGetEventData(display, &event.xcookie) != 0 else { return true }
        defer { XFreeEventData(display, &event.xcookie) }
        guard event.xcookie.evtype == PresentCompleteNotify, let data = event.xcookie.data else { return true }
        let complete = data.load(as: XPresentCompleteNotifyEvent.self)
        guard complete.kind == UInt8(PresentCompleteKindPixmap) else { return true }
        if complete.mode != UInt8(PresentCompleteModeSkip) { vblank.record(ust: complete.ust, msc: complete.msc) }
        if complete.serial_number == serial { events.append(.frameShown) }
        return true
    }
}
