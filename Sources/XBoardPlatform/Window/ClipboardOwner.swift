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
///
/// How each request is answered — converted, refused, parked, or sent in INCR pieces — is in
/// `ClipboardOwner+Answering`.
final class ClipboardOwner {
    /// What the board offers, and what each request for it is answered with (`ClipboardOffer`).
    typealias Offer = ClipboardOffer

    /// What changed for the loop to know.
    enum Change: Equatable {
        /// Another program took the clipboard.
        case lost
        /// The clipboard manager answered the handover: whether it saved the clipboard.
        case handedOver(saved: Bool)
    }

    enum Ownership {
        case none
        /// Waiting for the PropertyNotify whose time is the ownership's timestamp.
        case awaitingTime(Offer, since: Instant)
        case owning(Offer, time: Time)
    }

    /// An INCR transfer to a requestor, one piece per deletion of its property.
    struct Outgoing {
        var requestor: Window
        var property: Atom
        var type: Atom
        var data: [UInt8]
        var pieces: OutgoingPieces
        var stallWatch: StallWatch
    }

    /// A request for the picture that came before it was ready.
    struct Parked {
        var request: XSelectionRequestEvent
        var deadline: Instant
    }

    let display: OpaquePointer
    let window: Window
    let settings: ClipboardSettings
    let atoms: [String: Atom]
    let pieceBytes: Int
    var ownership = Ownership.none
    var outgoing: [Outgoing] = []
    var parked: [Parked] = []
    /// The handover to a clipboard manager under way, watched for silence.
    var handover: StallWatch?

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

    func atom(_ name: String) -> Atom { atoms[name] ?? XInternAtom(display, name, 0) }

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
        writeAtoms(offer.savedTargets.map(atom), type: XA_ATOM, into: atom("PHOTOBOARD_SAVE_TARGETS"), of: window)
        XConvertSelection(display, atom("CLIPBOARD_MANAGER"), atom("SAVE_TARGETS"), atom("PHOTOBOARD_SAVE_TARGETS"), window, time)
        XFlush(display)
        var watch = StallWatch(patience: settings.handoverPatience)
        watch.start(at: now)
        handover = watch
        return true
    }
}
