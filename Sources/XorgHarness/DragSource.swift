import CX11
import Foundation

/// What the target answered a drop with.
public struct DropOutcome: Sendable, CustomStringConvertible {
    /// Whether the target's XdndStatus accepted the drag.
    public var statusAccepted: Bool
    /// Whether XdndFinished arrived, and what it said: taken (bit 0) and the action performed.
    public var finished: Bool
    public var finishedAccepted: Bool
    public var finishedAction: String
    /// How many INCR pieces were served (0: the list went whole).
    public var incrementalPieces: Int
    /// The targets the drop target asked for, in order.
    public var requestedTargets: [String] = []
    /// The file a direct-save target named (and the source wrote, unless told not to).
    public var directSavePath: String?

    public var description: String {
        "status \(statusAccepted ? "accepted" : "refused"), finished \(finished ? (finishedAccepted ? "accepted \(finishedAction)" : "refused") : "never"), \(incrementalPieces) INCR pieces"
    }
}

extension ScreenReader {
    /// Drops files on a window as a file manager does, with the XDND protocol (version 5):
    /// Enter, Position (waiting for the target's Status), Drop, then serving the `text/uri-list`
    /// selection until the target says Finished. Returns whether the target accepted the drop.
    public func dropFiles(_ paths: [String], onto target: UInt, at point: (x: Int, y: Int)) throws -> Bool {
        try drop(DropPayload(paths: paths), onto: target, at: point).statusAccepted
    }

    /// Drags `payload` over `target` and drops it at `point` (root coordinates), serving the
    /// selection as the payload says, and reports what the target answered. The target must
    /// answer Position within 5 s and, once the drop is made, finish within `stall` of stillness.
    public func drop(_ payload: DropPayload, onto target: UInt, at point: (x: Int, y: Int), stall: Duration = .seconds(20)) throws
        -> DropOutcome
    {
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
        /// Waits for an event that `accept` takes, handing every event to it.
        func waitForEvent(_ what: String, stall: Duration, _ accept: (inout XEvent) -> Bool) throws {
            _ = try waitFor(what, stall: stall, interval: .milliseconds(2)) { () -> Bool? in
                while XPending(display) > 0 {
                    var event = XEvent()
                    XNextEvent(display, &event)
                    if accept(&event) { return true }
                }
                return nil
            }
        }

        if let directSave = payload.directSave {
            var name = Array(directSave.suggestedName.utf8)
            XChangeProperty(display, source, atom("XdndDirectSave0"), atom("text/plain"), 8, PropModeReplace, &name, Int32(name.count))
        }
        let offered = payload.offeredTypes
        var enterFlags = 5 << 24
        var inMessage = [0, 0, 0]
        switch payload.typeList {
        case .inMessage:
            for (index, name) in offered.prefix(3).enumerated() { inMessage[index] = Int(atom(name)) }
        case .property(let format):
            enterFlags |= 1
            let atoms = (offered + ["text/html", "application/x-test-unused", "text/x-test-unused"]).map { atom($0) }
            if format == 32 {
                var longs = atoms.map { UInt($0) }
                longs.withUnsafeMutableBytes { bytes in
                    _ = XChangeProperty(
                        display, source, atom("XdndTypeList"), XA_ATOM, 32, PropModeReplace,
                        bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(atoms.count))
                }
            } else {
                // Malformed: the atoms' bytes as an 8-bit property (a target reading it as
                // 32-bit items would read eight times past the data).
                var bytes = atoms.flatMap { withUnsafeBytes(of: UInt32(truncatingIfNeeded: $0)) { Array($0) } }
                XChangeProperty(display, source, atom("XdndTypeList"), XA_ATOM, 8, PropModeReplace, &bytes, Int32(bytes.count))
            }
        }
        send("XdndEnter", [Int(source), enterFlags, inMessage[0], inMessage[1], inMessage[2]])
        send("XdndPosition", [Int(source), 0, point.x << 16 | point.y, 0, Int(atom("XdndActionCopy"))])
        var outcome = DropOutcome(
            statusAccepted: false, finished: false, finishedAccepted: false, finishedAction: "None", incrementalPieces: 0)
        try waitForEvent("XdndStatus", stall: .seconds(5)) { event in
            guard event.type == ClientMessage, event.xclient.message_type == atom("XdndStatus") else { return false }
            outcome.statusAccepted = event.xclient.data.l.1 & 1 == 1
            return true
        }
        // A file manager drops only what was accepted; a test may drop regardless, to see the
        // target refuse it properly.
        if !outcome.statusAccepted, payload.offersURIList, payload.directSave == nil, payload.picture == nil,
            case .inMessage = payload.typeList
        {
            send("XdndLeave", [Int(source), 0, 0, 0, 0])
            return outcome
        }
        send("XdndDrop", [Int(source), 0, 0, 0, 0])

        var incremental: (requestor: Window, property: Atom, data: [UInt8], type: String, offset: Int, isDone: Bool)?
        try waitForEvent("XdndFinished", stall: stall) { event in
            if event.type == SelectionRequest {
                if payload.ignoresConversion { return false }
                let request = event.xselectionrequest
                let target =
                    XGetAtomName(display, request.target).map { name in
                        defer { XFree(name) }
                        return String(cString: name)
                    } ?? ""
                outcome.requestedTargets.append(target)
                // What is served for the target: its bytes and type (nil: refused).
                var served: (bytes: [UInt8], type: String)?
                switch target {
                case "text/uri-list" where payload.offersURIList: served = (payload.uriList, payload.selectionType)
                case "XdndDirectSave0":
                    if let directSave = payload.directSave {
                        let named = readDirectSaveTarget(of: source)
                        outcome.directSavePath = named
                        if let named, directSave.writesFile {
                            FileManager.default.createFile(atPath: named, contents: Data(directSave.bytes))
                        }
                        served = (Array(String(directSave.answer).utf8), "XdndDirectSave0")
                    }
                case payload.picture?.type: served = payload.picture.map { ($0.bytes, $0.type) }
                case payload.link?.type: served = payload.link.map { ($0.bytes, $0.type) }
                default: break
                }
                var reply = XEvent()
                reply.xselection.type = SelectionNotify
                reply.xselection.requestor = request.requestor
                reply.xselection.selection = request.selection
                reply.xselection.target = request.target
                reply.xselection.property = payload.refusesConversion || served == nil ? 0 : request.property
                reply.xselection.time = request.time
                if !payload.refusesConversion, let served {
                    if let chunk = payload.incrementalChunk, served.bytes.count > chunk {
                        // INCR: announce the size, then write a piece each time the requestor
                        // deletes the property.
                        XSelectInput(display, request.requestor, PropertyChangeMask)
                        var size = UInt(payload.announcedSize ?? served.bytes.count)
                        withUnsafeMutableBytes(of: &size) { bytes in
                            _ = XChangeProperty(
                                display, request.requestor, request.property, atom("INCR"), 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
                        }
                        incremental = (request.requestor, request.property, served.bytes, served.type, 0, false)
                    } else {
                        serve(
                            served.bytes[...], on: request.requestor, property: request.property, type: served.type, payload: payload,
                            malformed: false)
                    }
                }
                XSendEvent(display, request.requestor, 0, 0, &reply)
                XFlush(display)
                return false
            }
            if event.type == PropertyNotify, var transfer = incremental, event.xproperty.window == transfer.requestor,
                event.xproperty.atom == transfer.property, event.xproperty.state == PropertyDelete, !transfer.isDone,
                let chunk = payload.incrementalChunk
            {
                if let stop = payload.stopsAfterPieces, outcome.incrementalPieces >= stop { return false }
                let end = min(transfer.data.count, transfer.offset + chunk)
                let piece = transfer.data[transfer.offset..<end]
                serve(
                    piece, on: transfer.requestor, property: transfer.property, type: transfer.type, payload: payload,
                    malformed: payload.malformedPiece == outcome.incrementalPieces)
                if piece.isEmpty { transfer.isDone = true } else { outcome.incrementalPieces += 1 }
                transfer.offset = end
                incremental = transfer
                XFlush(display)
                return false
            }
            guard event.type == ClientMessage, event.xclient.message_type == atom("XdndFinished") else { return false }
            outcome.finished = true
            outcome.finishedAccepted = event.xclient.data.l.1 & 1 == 1
            let action = Atom(UInt(bitPattern: event.xclient.data.l.2))
            if action != 0, let name = XGetAtomName(display, action) {
                outcome.finishedAction = String(cString: name)
                XFree(name)
            }
            return true
        }
        if let transfer = incremental { XSelectInput(display, transfer.requestor, 0) }
        return outcome
    }

    /// The path of the `file:` URI a direct-save target put in the source's `XdndDirectSave0`.
    private func readDirectSaveTarget(of source: Window) -> String? {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, source, XInternAtom(display, "XdndDirectSave0", 0), 0, 4096, 0, Atom(AnyPropertyType), &type, &format, &count,
                &after, &data) == Success, let data, format == 8
        else { return nil }
        defer { XFree(data) }
        let text = String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
        guard let url = URL(string: text), url.scheme == "file" else { return nil }
        return url.path
    }

    /// Writes one piece (or the whole) of a value as `type` (the list's: the payload's format).
    private func serve(
        _ bytes: ArraySlice<UInt8>, on window: Window, property: Atom, type typeName: String, payload: DropPayload, malformed: Bool
    ) {
        let type = XInternAtom(display, typeName, 0)
        if payload.selectionFormat == 32 || malformed {
            var longs = bytes.map { UInt($0) }  // each byte its own 32-bit item
            let count = Int32(longs.count)
            longs.withUnsafeMutableBytes { raw in
                _ = XChangeProperty(
                    display, window, property, type, 32, PropModeReplace, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count)
            }
        } else {
            var copy = Array(bytes)
            XChangeProperty(display, window, property, type, 8, PropModeReplace, &copy, Int32(copy.count))
        }
    }
}
