internal import CX11
import Foundation
import SystemPackage
import XBoard

/// Receives files dropped from file managers: the XDND protocol (versions 3 to 5) with a
/// `text/uri-list`, safely.
///
/// Announces itself with `XdndAware`; answers Enter and Position from the current source with
/// Status (accepting when it offers a URI list); on Drop asks for the list through the
/// XdndSelection, reading it whole or in INCR pieces (`SelectionTransfer`), every property
/// checked for type, format and length first (`WindowProperty`). Only local `file:` URIs are
/// taken, their `%XX` escapes decoded strictly. The source hears XdndFinished once the loop has
/// said whether anything was taken (`finish(accepted:)`) — refused at once when nothing could be.
///
/// A source that stops answering — no list, or no next INCR piece, for `transferPatience` —
/// loses its drop (`abandonStalledTransfer(at:)`): it hears it was refused, and the board goes on.
final class DropTarget {
    /// The longest URI list taken, in bytes (thousands of files are a few hundred KiB).
    static let maximumListBytes = 16 << 20
    /// The most types read from an `XdndTypeList`.
    static let maximumTypes = 1024
    /// How long the source may leave a requested list, or its next INCR piece, unsent before
    /// the drop is given up.
    static let transferPatience = Duration.seconds(5)

    private let display: OpaquePointer
    private let window: Window
    private let hostName: String
    private let atoms: [String: Atom]
    /// The drag over the window, from its Enter until Finished or Leave.
    private var session: Session?
    private var transfer: SelectionTransfer?
    /// Watches the transfer for silence, from the conversion request to its last piece.
    private var stallWatch = StallWatch(patience: DropTarget.transferPatience)

    private struct Session {
        var source: Window
        var version: Int
        var offersURIs: Bool
        var position = Point.zero
        /// The drop happened; the source waits for XdndFinished.
        var isDropped = false
    }

    init(display: OpaquePointer, window: Window, hostName: String = ProcessInfo.processInfo.hostName) {
        self.display = display
        self.window = window
        self.hostName = hostName
        var atoms: [String: Atom] = [:]
        for name in [
            "XdndAware", "XdndEnter", "XdndPosition", "XdndStatus", "XdndLeave", "XdndDrop", "XdndFinished", "XdndSelection",
            "XdndActionCopy", "XdndTypeList", "text/uri-list", "INCR", "PHOTOBOARD_DROP",
        ] {
            atoms[name] = XInternAtom(display, name, 0)
        }
        self.atoms = atoms
        var version: Atom = 5
        let aware = atoms["XdndAware"] ?? 0
        withUnsafeBytes(of: &version) { bytes in
            _ = XChangeProperty(
                display, window, aware, XA_ATOM, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    private func atom(_ name: String) -> Atom { atoms[name] ?? 0 }

    // MARK: Messages

    /// Handles an XDND client message received at `now`; returns what the board should hear of
    /// it (a drop it cannot take). Messages from anyone but the current source are ignored.
    func handle(_ message: XClientMessageEvent, at now: Instant) -> WindowEvent? {
        let type = message.message_type, data = message.data.l
        let sender = Window(UInt(bitPattern: data.0))
        defer { XFlush(display) }
        if type == atom("XdndEnter") {
            if let session, session.isDropped { finish(session, accepted: false) }  // an abandoned drop: let its source go
            let version = Int(UInt(bitPattern: data.1) >> 24)
            guard version >= 3 else {
                session = nil
                return nil
            }
            let listed = [data.2, data.3, data.4].map { Atom(UInt(bitPattern: $0)) }
            let types = data.1 & 1 != 0 ? typeList(of: sender) : listed
            session = Session(source: sender, version: min(version, 5), offersURIs: types.contains(atom("text/uri-list")))
            endTransfer()
        } else if type == atom("XdndPosition"), let current = session, current.source == sender, !current.isDropped {
            let packed = UInt(bitPattern: data.2)
            let rootX = Int32(truncatingIfNeeded: packed >> 16 & 0xFFFF), rootY = Int32(truncatingIfNeeded: packed & 0xFFFF)
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(display, cx11_root_window(display, cx11_default_screen(display)), window, rootX, rootY, &x, &y, &child)
            session?.position = Point(x: Double(x), y: Double(y))
            let accepts = current.offersURIs
            send(to: sender, type: atom("XdndStatus"), [Int(window), accepts ? 1 : 0, 0, 0, accepts ? Int(atom("XdndActionCopy")) : 0])
        } else if type == atom("XdndLeave"), session?.source == sender {
            session = nil
            endTransfer()
        } else if type == atom("XdndDrop"), var current = session, current.source == sender, !current.isDropped {
            current.isDropped = true
            session = current
            guard current.offersURIs else { return refuse("Only files and folders can be dropped on the board") }
            let time = current.version >= 1 ? Time(UInt(bitPattern: data.2)) : Time(CurrentTime)
            XConvertSelection(display, atom("XdndSelection"), atom("text/uri-list"), atom("PHOTOBOARD_DROP"), window, time)
            transfer = SelectionTransfer(property: atom("PHOTOBOARD_DROP"), target: atom("text/uri-list"), limit: Self.maximumListBytes)
            stallWatch.start(at: now)
        }
        return nil
    }

    /// The URI list's first answer, received at `now`: the whole list, or the start of an INCR
    /// transfer.
    func receive(_ selection: XSelectionEvent, at now: Instant) -> [WindowEvent] {
        guard selection.requestor == window, selection.selection == atom("XdndSelection"), var transfer, session?.isDropped == true
        else { return [] }
        guard selection.property != 0 else { return finishTransfer(.failure(.refused)) }
        guard selection.property == transfer.property else { return [] }
        let step = transfer.begin(display: display, window: window, incr: atom("INCR"))
        self.transfer = transfer
        stallWatch.progressed(at: now)
        return step.map(finishTransfer) ?? []
    }

    /// A property changed on the window at `now`: the next piece of an INCR transfer, perhaps.
    func propertyChanged(_ event: XPropertyEvent, at now: Instant) -> [WindowEvent] {
        guard event.window == window, event.state == PropertyNewValue, var transfer, transfer.isIncremental,
            event.atom == transfer.property
        else { return [] }
        let step = transfer.continueIncremental(display: display, window: window)
        self.transfer = transfer
        stallWatch.progressed(at: now)
        return step.map(finishTransfer) ?? []
    }

    /// When the transfer in progress is given up unless more of it arrives first (`nil`: none
    /// is in progress).
    var transferDeadline: Instant? { stallWatch.nextDeadline }

    /// Gives up the transfer when its source has sent nothing for `transferPatience` by `now`:
    /// the source hears the drop was refused, and the board one line saying why.
    func abandonStalledTransfer(at now: Instant) -> WindowEvent? {
        guard transfer != nil, stallWatch.hasStalled(at: now) else { return nil }
        let waited = Int(Self.transferPatience.components.seconds)
        let event = refuse("The drop could not be read: the program it came from stopped sending it (nothing for \(waited) s)")
        XFlush(display)
        return event
    }

    /// Tells the source whether the board took the drop (the loop decides, once it has looked
    /// at the files).
    func finish(accepted: Bool) {
        guard let session, session.isDropped else { return }
        finish(session, accepted: accepted)
        XFlush(display)
    }

    // MARK: Private

    /// The list is in (or the transfer failed): the paths for the board with the entries that
    /// name no file here (the loop reports what it took and what not), or a refusal.
    private func finishTransfer(_ outcome: Result<[UInt8], SelectionTransfer.Failure>) -> [WindowEvent] {
        endTransfer()
        guard let session else { return [] }
        switch outcome {
        case .failure(let failure):
            return [refuse("The drop could not be read: \(failure)")]
        case .success(let bytes):
            let list = FileURIList.paths(in: bytes, hostName: hostName)
            guard !list.paths.isEmpty || !list.refused.isEmpty else { return [refuse("The drop held no files")] }
            return [.filesDropped(list.paths, at: session.position, refused: list.refused)]
        }
    }

    /// Refuses the current drop at once and says why.
    private func refuse(_ reason: String) -> WindowEvent {
        if let session { finish(session, accepted: false) }
        return .dropIgnored(reason)
    }

    private func finish(_ finished: Session, accepted: Bool) {
        // XdndFinished (version 5): whether the drop was taken, and the action performed.
        send(
            to: finished.source, type: atom("XdndFinished"),
            [Int(window), accepted ? 1 : 0, accepted ? Int(atom("XdndActionCopy")) : 0, 0, 0])
        if session?.source == finished.source { session = nil }
        endTransfer()
    }

    private func endTransfer() {
        transfer = nil
        stallWatch.stop()
    }

    /// The source's `XdndTypeList`: 32-bit atoms, at most `maximumTypes`; none when it is not.
    private func typeList(of source: Window) -> [Atom] {
        let read = WindowProperty.read(
            atom("XdndTypeList"), of: source, display: display, types: [XA_ATOM], format: 32, maximumBytes: 4 * Self.maximumTypes)
        guard case .success(let value) = read else { return [] }
        return value.items.map { Atom($0) }
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
