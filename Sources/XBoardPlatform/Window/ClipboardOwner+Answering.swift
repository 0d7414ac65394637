internal import CX11
import SystemPackage
import XBoard

/// Answering requests: each converted (`TARGETS`, `TIMESTAMP`, `MULTIPLE`, the picture, the
/// files) or refused with a SelectionNotify, parked while the picture is being made, or sent in
/// INCR pieces as the requestor deletes its property.
extension ClipboardOwner {
    func takeOwnership(_ offer: Offer, time: Time) {
        XSetSelectionOwner(display, atom("CLIPBOARD"), window, time)
        ownership = XGetSelectionOwner(display, atom("CLIPBOARD")) == window ? .owning(offer, time: time) : .none
        XFlush(display)
    }

    /// Answers one request: converts it and sends the SelectionNotify, or parks it until the
    /// picture is ready.
    func answer(_ request: XSelectionRequestEvent, at now: Instant) {
        guard request.selection == atom("CLIPBOARD"), case .owning(let offer, let time) = ownership,
            request.time == Time(CurrentTime) || request.time >= time
        else { return notify(request, property: 0) }
        // An obsolete requestor names no property: the target names it (ICCCM §2.2).
        let property = request.property != 0 ? request.property : request.target
        if request.target == atom("MULTIPLE") {
            guard request.property != 0 else { return notify(request, property: 0) }
            let pairs = WindowProperty.read(
                property, of: request.requestor, display: display, types: [atom("ATOM_PAIR")], format: 32,
                maximumBytes: 8 * settings.maximumTargets)
            guard case .success(let value) = pairs, value.items.count % 2 == 0, !value.items.isEmpty else {
                return notify(request, property: 0)
            }
            var answered = value.items
            for index in stride(from: 0, to: answered.count, by: 2) {
                let target = Atom(answered[index]), into = Atom(answered[index + 1])
                let converted =
                    into != 0 && target != atom("MULTIPLE")
                    && convert(target, into: into, of: request.requestor, offer: offer, time: time, at: now) == .done
                if !converted { answered[index + 1] = 0 }
            }
            writeAtoms(answered.map { Atom($0) }, type: atom("ATOM_PAIR"), into: property, of: request.requestor)
            return notify(request, property: property)
        }
        switch convert(request.target, into: property, of: request.requestor, offer: offer, time: time, at: now) {
        case .done: notify(request, property: property)
        case .refused: notify(request, property: 0)
        case .waiting: parked.append(Parked(request: request, deadline: now + settings.patience))
        }
    }

    private enum Conversion { case done, refused, waiting }

    /// Writes `target` into `property` of `requestor` (or starts an INCR transfer of it).
    private func convert(_ target: Atom, into property: Atom, of requestor: Window, offer: Offer, time: Time, at now: Instant)
        -> Conversion
    {
        let name = atoms.first { $0.value == target }?.key ?? ""
        switch offer.conversion(of: name) {
        case .targets(let names):
            writeAtoms(names.map(atom), type: XA_ATOM, into: property, of: requestor)
        case .timestamp:
            var value = UInt(time)
            withUnsafeMutableBytes(of: &value) { bytes in
                _ = XChangeProperty(
                    display, requestor, property, XA_INTEGER, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1
                )
            }
        case .data(let bytes):
            write(bytes, type: target, into: property, of: requestor, at: now)
        case .waiting:
            return .waiting
        case .refused:
            return .refused
        }
        return .done
    }

    /// Writes `bytes` whole when they fit one piece, else announces INCR and queues the pieces.
    private func write(_ bytes: [UInt8], type: Atom, into property: Atom, of requestor: Window, at now: Instant) {
        guard OutgoingPieces.isIncremental(count: bytes.count, pieceBytes: pieceBytes) else {
            var copy = bytes
            XChangeProperty(display, requestor, property, type, 8, PropModeReplace, &copy, Int32(copy.count))
            return
        }
        // Watch the requestor's property for its deletions (and the window for its end), unless
        // it is this window, whose own mask already has them.
        if requestor != window { XSelectInput(display, requestor, PropertyChangeMask | StructureNotifyMask) }
        outgoing.removeAll { $0.requestor == requestor && $0.property == property }
        var watch = StallWatch(patience: settings.patience)
        watch.start(at: now)
        outgoing.append(
            Outgoing(
                requestor: requestor, property: property, type: type, data: bytes,
                pieces: OutgoingPieces(count: bytes.count, pieceBytes: pieceBytes), stallWatch: watch))
        var size = UInt(bytes.count)  // a lower bound on the size (ICCCM): here the size itself
        withUnsafeMutableBytes(of: &size) { raw in
            _ = XChangeProperty(
                display, requestor, property, atom("INCR"), 32, PropModeReplace, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// The requestor deleted `property`: its next INCR piece, or the piece of length zero that
    /// ends the transfer.
    func sendNextPiece(to requestor: Window, property: Atom, at now: Instant) {
        guard let index = outgoing.firstIndex(where: { $0.requestor == requestor && $0.property == property }) else { return }
        var transfer = outgoing[index]
        guard let piece = transfer.pieces.next() else { return }
        transfer.data.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(
                display, requestor, property, transfer.type, 8, PropModeReplace, buffer.baseAddress.map { $0 + piece.lowerBound },
                Int32(piece.count))
        }
        if handover != nil { handover?.progressed(at: now) }
        if transfer.pieces.isFinished {  // the empty piece was just written: done
            outgoing.remove(at: index)
            stopWatching(requestor)
            return
        }
        transfer.stallWatch.progressed(at: now)
        outgoing[index] = transfer
    }

    func stopWatching(_ requestor: Window) {
        if requestor != window, !outgoing.contains(where: { $0.requestor == requestor }) { XSelectInput(display, requestor, 0) }
    }

    func writeAtoms(_ list: [Atom], type: Atom, into property: Atom, of requestor: Window) {
        var longs = list.map { UInt($0) }
        longs.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(
                display, requestor, property, type, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                Int32(list.count))
        }
    }

    func notify(_ request: XSelectionRequestEvent, property: Atom) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.property = property
        reply.xselection.time = request.time
        XSendEvent(display, request.requestor, 0, 0, &reply)
    }

    func refuseParked() {
        let waiting = parked
        parked = []
        for entry in waiting { notify(entry.request, property: 0) }
    }
}
