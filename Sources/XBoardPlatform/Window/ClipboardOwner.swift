internal import CX11
import SystemPackage
import XBoard

/// Owns the CLIPBOARD for the board and hands what it offers to whoever asks, without ever
/// blocking the loop: a state machine fed the X events of one window (ICCCM §2.2–2.7).
///
/// `own(_:at:time:)` takes the clipboard (with the server time of the request that asked for it,
/// or one read from a zero-length property change, as ICCCM wants a real timestamp). Requests
/// (`SelectionRequest`) are answered for `TARGETS`, `TIMESTAMP`, `MULTIPLE` (each pair converted,
/// the ones refused set to None), `image/png` (the bytes given; a request that comes before they
/// are ready waits for `supplyPicture(_:at:)`, at most `patience`), and `text/uri-list` and
/// `x-special/gnome-copied-files` for the files. Data longer than a piece goes in INCR pieces
/// (§2.7.2): the INCR announcement, then a piece each time the requestor deletes the property,
/// then a piece of length zero; a requestor that stops taking pieces for `patience` is dropped.
/// Transfers under way go on after the clipboard is taken by another program, as ICCCM asks.
///
/// On quit `handOverToManager(at:)` asks a running clipboard manager to keep what is offered
/// (freedesktop's clipboard-manager spec: `SAVE_TARGETS` converted on `CLIPBOARD_MANAGER`), and
/// the loop keeps feeding events until `isHandingOver` is false (saved, refused, or `deadline`).
final class ClipboardOwner {
    /// What the board offers: a picture as PNG bytes (or still being encoded), and files.
    struct Offer: Equatable {
        enum Picture: Equatable {
            case none
            /// Being made; requests for it wait for `supplyPicture(_:at:)`.
            case pending
            case png([UInt8])
        }

        var picture: Picture
        var files: [FilePath]

        init(picture: Picture = .none, files: [FilePath] = []) {
            self.picture = picture
            self.files = files
        }
    }

    /// What changed for the loop to know.
    enum Change: Equatable {
        /// Another program took the clipboard.
        case lost
        /// The clipboard manager answered the handover: whether it saved the clipboard.
        case handedOver(saved: Bool)
    }

    private enum Ownership {
        case none
        /// Waiting for the PropertyNotify whose time is the ownership's timestamp.
        case awaitingTime(Offer, since: Instant)
        case owning(Offer, time: Time)
    }

    /// An INCR transfer to a requestor, one piece per deletion of its property.
    private struct Outgoing {
        var requestor: Window
        var property: Atom
        var type: Atom
        var data: [UInt8]
        var offset = 0
        var stallWatch: StallWatch
    }

    /// A request for the picture that came before it was ready.
    private struct Parked {
        var request: XSelectionRequestEvent
        var deadline: Instant
    }

    private let display: OpaquePointer
    private let window: Window
    let settings: ClipboardSettings
    private let atoms: [String: Atom]
    private let pieceBytes: Int
    private var ownership = Ownership.none
    private var outgoing: [Outgoing] = []
    private var parked: [Parked] = []
    /// The handover to a clipboard manager under way, watched for silence.
    private var handover: StallWatch?

    init(display: OpaquePointer, window: Window, settings: ClipboardSettings = ClipboardSettings()) {
        self.display = display
        self.window = window
        self.settings = settings
        var atoms: [String: Atom] = [:]
        for name in [
            "CLIPBOARD", "TARGETS", "MULTIPLE", "TIMESTAMP", "INCR", "ATOM_PAIR", "CLIPBOARD_MANAGER", "SAVE_TARGETS", "image/png",
            "text/uri-list", "x-special/gnome-copied-files", "PHOTOBOARD_TIMESTAMP", "PHOTOBOARD_SAVE_TARGETS",
        ] {
            atoms[name] = XInternAtom(display, name, 0)
        }
        self.atoms = atoms
        // A piece must fit in one request, less its header (Xlib's limit is in 4-byte units).
        pieceBytes = max(4096, min(settings.maximumPieceBytes, Int(XMaxRequestSize(display)) * 4 - 64))
    }

    private func atom(_ name: String) -> Atom { atoms[name] ?? XInternAtom(display, name, 0) }

    /// Whether the board holds the clipboard (or is taking it).
    var ownsClipboard: Bool {
        if case .none = ownership { return false }
        return true
    }

    /// What is offered, while the board holds the clipboard.
    var offer: Offer? {
        switch ownership {
        case .none: nil
        case .awaitingTime(let offer, _), .owning(let offer, _): offer
        }
    }

    /// The server time the board took the clipboard at (what `TIMESTAMP` answers), while it
    /// holds it.
    var ownershipTime: Time? {
        if case .owning(_, let time) = ownership { return time }
        return nil
    }

    /// Whether a clipboard manager is being asked to keep the clipboard (on quit).
    var isHandingOver: Bool { handover != nil }

    /// The earliest moment something is given up unless the other side moves first (`nil`:
    /// nothing waits): an INCR piece not taken, a request waiting for the picture, the
    /// timestamp, the handover.
    var deadline: Instant? {
        var moments = outgoing.compactMap(\.stallWatch.nextDeadline) + parked.map(\.deadline)
        if case .awaitingTime(_, let since) = ownership { moments.append(since + settings.patience) }
        if let due = handover?.nextDeadline { moments.append(due) }
        return moments.min()
    }

    /// Takes the clipboard at `now` to offer `offer`. `time` is the server time of the key or
    /// touch that asked for it; without one, a zero-length change of a property of the window
    /// fetches the server's time first (the window must select `PropertyChangeMask`).
    func own(_ offer: Offer, at now: Instant, time: Time? = nil) {
        refuseParked()
        if let time {
            takeOwnership(offer, time: time)
        } else {
            XChangeProperty(display, window, atom("PHOTOBOARD_TIMESTAMP"), XA_INTEGER, 8, PropModeAppend, nil, 0)
            XFlush(display)
            ownership = .awaitingTime(offer, since: now)
        }
    }

    /// The PNG bytes of an offer made with a pending picture (`nil`: it could not be made):
    /// the requests waiting for it are answered.
    func supplyPicture(_ png: [UInt8]?, at now: Instant) {
        let picture: Offer.Picture = png.map { .png($0) } ?? .none
        switch ownership {
        case .none: break
        case .awaitingTime(var offer, let since):
            offer.picture = picture
            ownership = .awaitingTime(offer, since: since)
        case .owning(var offer, let time):
            offer.picture = picture
            ownership = .owning(offer, time: time)
        }
        let waiting = parked
        parked = []
        for entry in waiting { answer(entry.request, at: now) }
        XFlush(display)
    }

    /// Takes an X event received at `now`: requests, the loss of the clipboard, deletions of
    /// requestors' properties (INCR), the timestamp, the clipboard manager's answer.
    func handle(_ event: XEvent, at now: Instant) -> Change? {
        defer { XFlush(display) }
        switch event.type {
        case SelectionRequest:
            let request = event.xselectionrequest
            guard request.owner == window else { return nil }
            answer(request, at: now)
        case SelectionClear:
            let clear = event.xselectionclear
            guard clear.window == window, clear.selection == atom("CLIPBOARD") else { return nil }
            ownership = .none
            refuseParked()
            return .lost
        case PropertyNotify:
            let property = event.xproperty
            if property.window == window, property.atom == atom("PHOTOBOARD_TIMESTAMP"), property.state == PropertyNewValue,
                case .awaitingTime(let offer, _) = ownership
            {
                takeOwnership(offer, time: property.time)
            } else if property.state == PropertyDelete {
                sendNextPiece(to: property.window, property: property.atom, at: now)
            }
        case SelectionNotify:
            let selection = event.xselection
            guard selection.requestor == window, selection.selection == atom("CLIPBOARD_MANAGER"),
                selection.target == atom("SAVE_TARGETS"), handover != nil
            else { return nil }
            handover = nil
            XDeleteProperty(display, window, atom("PHOTOBOARD_SAVE_TARGETS"))
            return .handedOver(saved: selection.property != 0)
        case DestroyNotify:
            let gone = event.xdestroywindow.window
            outgoing.removeAll { $0.requestor == gone }
            parked.removeAll { $0.request.requestor == gone }
        default:
            break
        }
        return nil
    }

    /// Gives up, at `now`, what has waited past its deadline: INCR transfers whose requestor
    /// stopped taking pieces, requests waiting for a picture that did not come, the timestamp
    /// (the clipboard is then taken with `CurrentTime`), a handover the manager left unanswered.
    func expire(at now: Instant) -> Change? {
        for index in outgoing.indices.reversed() where outgoing[index].stallWatch.hasStalled(at: now) {
            let requestor = outgoing.remove(at: index).requestor
            stopWatching(requestor)
        }
        let late = parked.filter { $0.deadline <= now }
        parked.removeAll { $0.deadline <= now }
        for entry in late { notify(entry.request, property: 0) }
        if case .awaitingTime(let offer, let since) = ownership, since + settings.patience <= now {
            takeOwnership(offer, time: Time(CurrentTime))
        }
        XFlush(display)
        if handover?.hasStalled(at: now) == true {
            handover = nil
            return .handedOver(saved: false)
        }
        return nil
    }

    /// Asks the clipboard manager, when one runs and the board holds the clipboard, to keep what
    /// the board offers (a picture still being made is left out). Returns whether a handover
    /// began; the loop then feeds events until `isHandingOver` is false.
    func handOverToManager(at now: Instant) -> Bool {
        guard case .owning(let offer, let time) = ownership, XGetSelectionOwner(display, atom("CLIPBOARD")) == window,
            XGetSelectionOwner(display, atom("CLIPBOARD_MANAGER")) != 0
        else { return false }
        var left = [atom("TARGETS"), atom("MULTIPLE"), atom("TIMESTAMP")]
        if offer.picture == .pending { left.append(atom("image/png")) }
        let targets = offeredTargets(offer).filter { !left.contains($0) }
        writeAtoms(targets, type: XA_ATOM, into: atom("PHOTOBOARD_SAVE_TARGETS"), of: window)
        XConvertSelection(display, atom("CLIPBOARD_MANAGER"), atom("SAVE_TARGETS"), atom("PHOTOBOARD_SAVE_TARGETS"), window, time)
        XFlush(display)
        var watch = StallWatch(patience: settings.handoverPatience)
        watch.start(at: now)
        handover = watch
        return true
    }

    // MARK: Answering

    private func takeOwnership(_ offer: Offer, time: Time) {
        XSetSelectionOwner(display, atom("CLIPBOARD"), window, time)
        ownership = XGetSelectionOwner(display, atom("CLIPBOARD")) == window ? .owning(offer, time: time) : .none
        XFlush(display)
    }

    /// The targets `offer` can be converted to, `TARGETS` first.
    private func offeredTargets(_ offer: Offer) -> [Atom] {
        var targets = [atom("TARGETS"), atom("MULTIPLE"), atom("TIMESTAMP")]
        if offer.picture != .none { targets.append(atom("image/png")) }
        if !offer.files.isEmpty { targets += [atom("text/uri-list"), atom("x-special/gnome-copied-files")] }
        return targets
    }

    /// Answers one request: converts it and sends the SelectionNotify, or parks it until the
    /// picture is ready.
    private func answer(_ request: XSelectionRequestEvent, at now: Instant) {
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
        switch target {
        case atom("TARGETS"):
            writeAtoms(offeredTargets(offer), type: XA_ATOM, into: property, of: requestor)
        case atom("TIMESTAMP"):
            var value = UInt(time)
            withUnsafeMutableBytes(of: &value) { bytes in
                _ = XChangeProperty(
                    display, requestor, property, XA_INTEGER, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1
                )
            }
        case atom("image/png"):
            switch offer.picture {
            case .none: return .refused
            case .pending: return .waiting
            case .png(let bytes): write(bytes, type: target, into: property, of: requestor, at: now)
            }
        case atom("text/uri-list") where !offer.files.isEmpty:
            write(FileURI.uriList(for: offer.files), type: target, into: property, of: requestor, at: now)
        case atom("x-special/gnome-copied-files") where !offer.files.isEmpty:
            write(FileURI.gnomeCopiedFiles(for: offer.files), type: target, into: property, of: requestor, at: now)
        default:
            return .refused
        }
        return .done
    }

    /// Writes `bytes` whole when they fit one piece, else announces INCR and queues the pieces.
    private func write(_ bytes: [UInt8], type: Atom, into property: Atom, of requestor: Window, at now: Instant) {
        guard bytes.count > pieceBytes else {
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
        outgoing.append(Outgoing(requestor: requestor, property: property, type: type, data: bytes, stallWatch: watch))
        var size = UInt(bytes.count)  // a lower bound on the size (ICCCM): here the size itself
        withUnsafeMutableBytes(of: &size) { raw in
            _ = XChangeProperty(
                display, requestor, property, atom("INCR"), 32, PropModeReplace, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// The requestor deleted `property`: its next INCR piece, or the piece of length zero that
    /// ends the transfer.
    private func sendNextPiece(to requestor: Window, property: Atom, at now: Instant) {
        guard let index = outgoing.firstIndex(where: { $0.requestor == requestor && $0.property == property }) else { return }
        var transfer = outgoing[index]
        let end = min(transfer.data.count, transfer.offset + pieceBytes)
        transfer.data.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(
                display, requestor, property, transfer.type, 8, PropModeReplace, buffer.baseAddress.map { $0 + transfer.offset },
                Int32(end - transfer.offset))
        }
        if handover != nil { handover?.progressed(at: now) }
        if end == transfer.offset {  // the empty piece was just written: done
            outgoing.remove(at: index)
            stopWatching(requestor)
            return
        }
        transfer.offset = end
        transfer.stallWatch.progressed(at: now)
        outgoing[index] = transfer
    }

    private func stopWatching(_ requestor: Window) {
        if requestor != window, !outgoing.contains(where: { $0.requestor == requestor }) { XSelectInput(display, requestor, 0) }
    }

    private func writeAtoms(_ list: [Atom], type: Atom, into property: Atom, of requestor: Window) {
        var longs = list.map { UInt($0) }
        longs.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(
                display, requestor, property, type, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                Int32(list.count))
        }
    }

    private func notify(_ request: XSelectionRequestEvent, property: Atom) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.property = property
        reply.xselection.time = request.time
        XSendEvent(display, request.requestor, 0, 0, &reply)
    }

    private func refuseParked() {
        let waiting = parked
        parked = []
        for entry in waiting { notify(entry.request, property: 0) }
    }
}
