import CX11
import Foundation

extension ScreenReader {
    /// Drops files on a window as a file manager does, with the XDND protocol (version 5):
    /// Enter, Position (waiting for the target's Status), Drop, then serving the `text/uri-list`
    /// selection until the target says Finished. Returns whether the target accepted the drop.
    public func dropFiles(_ paths: [String], onto target: UInt, at point: (x: Int, y: Int)) throws -> Bool {
        func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        let source = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
        defer { XDestroyWindow(display, source) }
        XSetSelectionOwner(display, atom("XdndSelection"), source, 0)
        func send(_ type: String, _ values: [Int]) {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = Window(target)
            event.xclient.message_type = atom(type)
            event.xclient.format = 32
            event.xclient.data.l = (values[0], values[1], values[2], values[3], values[4])
            XSendEvent(display, Window(target), 0, 0, &event)
            XFlush(display)
        }
        /// Waits for an event to the source window that `accept` takes.
        func waitForEvent(_ what: String, _ accept: (inout XEvent) -> Bool) throws {
            _ = try waitFor(what, timeout: .seconds(5), interval: .milliseconds(5)) { () -> Bool? in
                while XPending(display) > 0 {
                    var event = XEvent()
                    XNextEvent(display, &event)
                    if accept(&event) { return true }
                }
                return nil
            }
        }
        let uriList = paths.map { "file://" + ($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0) }.joined(separator: "\r\n") + "\r\n"
        send("XdndEnter", [Int(source), 5 << 24, Int(atom("text/uri-list")), 0, 0])
        send("XdndPosition", [Int(source), 0, point.x << 16 | point.y, 0, Int(atom("XdndActionCopy"))])
        var accepted = false
        try waitForEvent("XdndStatus") { event in
            guard event.type == ClientMessage, event.xclient.message_type == atom("XdndStatus") else { return false }
            accepted = event.xclient.data.l.1 & 1 == 1
            return true
        }
        guard accepted else {
            send("XdndLeave", [Int(source), 0, 0, 0, 0])
            return false
        }
        send("XdndDrop", [Int(source), 0, 0, 0, 0])
        try waitForEvent("XdndFinished") { event in
            if event.type == SelectionRequest {
                let request = event.xselectionrequest
                var bytes = Array(uriList.utf8)
                XChangeProperty(display, request.requestor, request.property, request.target, 8, PropModeReplace, &bytes, Int32(bytes.count))
                var reply = XEvent()
                reply.xselection.type = SelectionNotify
                reply.xselection.requestor = request.requestor
                reply.xselection.selection = request.selection
                reply.xselection.target = request.target
                reply.xselection.property = request.property
                reply.xselection.time = request.time
                XSendEvent(display, request.requestor, 0, 0, &reply)
                XFlush(display)
                return false
            }
            return event.type == ClientMessage && event.xclient.message_type == atom("XdndFinished")
        }
        return true
    }
}
