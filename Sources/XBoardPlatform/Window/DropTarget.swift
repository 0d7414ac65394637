internal import CX11
import Foundation
import XBoard

/// Receives files dropped from file managers: the XDND protocol (version 5), `text/uri-list`.
///
/// Announces itself with `XdndAware`; answers Enter and Position with Status (accepting when the
/// source offers a URI list); on Drop asks for the list through the XdndSelection, and when it
/// arrives turns `file://` URIs into paths and tells the source it finished.
final class DropTarget {
    private let display: OpaquePointer
    private let window: Window
    private let atoms: [String: Atom]
    private var source: Window = 0
    private var offersURIs = false
    private var position = Point.zero

    init(display: OpaquePointer, window: Window) {
        self.display = display
        self.window = window
        var atoms: [String: Atom] = [:]
        for name in [
            "XdndAware", "XdndEnter", "XdndPosition", "XdndStatus", "XdndLeave", "XdndDrop", "XdndFinished", "XdndSelection",
            "XdndActionCopy", "XdndTypeList", "text/uri-list", "PHOTOBOARD_DROP",
        ] {
            atoms[name] = XInternAtom(display, name, 0)
        }
        self.atoms = atoms
        var version: Atom = 5
        let aware = atoms["XdndAware"] ?? 0
        withUnsafeBytes(of: &version) { bytes in
            _ = XChangeProperty(display, window, aware, XA_ATOM, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    private func atom(_ name: String) -> Atom { atoms[name] ?? 0 }

    /// Handles an XDND client message; others are ignored.
    func handle(_ message: XClientMessageEvent) {
        let type = message.message_type
        let data = message.data.l
        if type == atom("XdndEnter") {
            source = Window(data.0)
            offersURIs = [data.2, data.3, data.4].contains { Atom($0) == atom("text/uri-list") }
            if data.1 & 1 != 0 { offersURIs = offersURIs || typeList(of: source).contains(atom("text/uri-list")) }
        } else if type == atom("XdndPosition") {
            let rootX = Int32(data.2 >> 16 & 0xFFFF), rootY = Int32(data.2 & 0xFFFF)
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(display, cx11_root_window(display, cx11_default_screen(display)), window, rootX, rootY, &x, &y, &child)
            position = Point(x: Double(x), y: Double(y))
            send(to: Window(data.0), type: atom("XdndStatus"), [Int(window), offersURIs ? 1 : 0, 0, 0, offersURIs ? Int(atom("XdndActionCopy")) : 0])
        } else if type == atom("XdndLeave") {
            source = 0
            offersURIs = false
        } else if type == atom("XdndDrop") {
            source = Window(data.0)
            guard offersURIs else {
                send(to: source, type: atom("XdndFinished"), [Int(window), 0, 0, 0, 0])
                return
            }
            XConvertSelection(display, atom("XdndSelection"), atom("text/uri-list"), atom("PHOTOBOARD_DROP"), window, Time(data.2))
        }
        XFlush(display)
    }

    /// The dropped files once the URI list arrives; tells the source the drop is done.
    func receive(_ selection: XSelectionEvent) -> WindowEvent? {
        guard selection.selection == atom("XdndSelection"), source != 0 else { return nil }
        defer {
            send(to: source, type: atom("XdndFinished"), [Int(window), 1, Int(atom("XdndActionCopy")), 0, 0])
            source = 0
            XFlush(display)
        }
        guard selection.property != 0 else { return nil }
        var type: Atom = 0, format: Int32 = 0
        var items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, selection.property, 0, 1 << 20, 1, Atom(AnyPropertyType), &type, &format, &items, &after, &data) == Success,
            let data
        else { return nil }
        defer { XFree(data) }
        let paths = FileURIList.paths(in: Array(UnsafeBufferPointer(start: data, count: Int(items))))
        return paths.isEmpty ? nil : .filesDropped(paths, at: position)
    }

    private func typeList(of source: Window) -> [Atom] {
        var type: Atom = 0, format: Int32 = 0
        var items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, source, atom("XdndTypeList"), 0, 64, 0, XA_ATOM, &type, &format, &items, &after, &data) == Success,
            let data
        else { return [] }
        defer { XFree(data) }
        return (0..<Int(items)).map { UnsafeRawPointer(data).load(fromByteOffset: $0 * MemoryLayout<Atom>.size, as: Atom.self) }
    }

    private func send(to target: Window, type: Atom, _ values: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = target
        event.xclient.message_type = type
        event.xclient.format = 32
        event.xclient.data.l = (values[0], values[1], values[2], values[3], values[4])
        XSendEvent(display, target, 0, 0, &event)
    }
}
