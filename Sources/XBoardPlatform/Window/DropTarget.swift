internal import CX11
import Foundation
import SystemPackage
import XBoard

/// Receives drops, safely: files from file managers, and — once the loop can keep them
/// (`pictureFolder`) — pictures from web browsers. The XDND protocol, versions 3 to 5.
///
/// Announces itself with `XdndAware`; answers Enter and Position from the current source with
/// Status (accepting when it offers something the board takes); on Drop tries what the source
/// offers, best first, until one gives something:
/// 1. `text/uri-list`, when it names a local file (file managers; a browser's list of web
///    addresses is passed over while something else remains);
/// 2. XDND Direct Save (`XdndDirectSave0`, as Firefox and Chromium give a dragged image to file
///    managers): the board names a file in its folder of pasted pictures on the source's
///    `XdndDirectSave0` property, asks for the target, and takes the file when the source
///    answers `S` (on `F` it goes on to the bytes, as the spec asks; `E` ends the drop);
/// 3. the picture's bytes, as `image/png`, another photo format's type or
///    `application/octet-stream` (Chromium);
/// 4. `text/x-moz-url` and `_NETSCAPE_URL`, only when they name a local `file:` — a web address
///    is refused with a line saying the board does not fetch from the network.
///
/// Every answer is read through the `PHOTOBOARD_DROP` property, whole or in INCR pieces
/// (`SelectionTransfer`), every property checked for type, format and length first
/// (`WindowProperty`). Files go to the loop as `filesDropped`, and the source hears
/// XdndFinished once the loop has said whether it took any (`finish(accepted:)`); a picture goes
/// as `pictureDropped`, and the source hears at once that it was taken.
///
/// A source that stops answering — nothing, or no next INCR piece, for `transferPatience` —
/// loses its drop (`abandonStalledTransfer(at:)`): it hears it was refused, and the board goes on.
///
/// Which ways to try and what each answer gives are `DropOffer`'s decisions, without X; asking
/// the source for each way in turn and telling it the end are in `DropTarget+Asking`.
final class DropTarget {
    /// The longest URI list taken, in bytes (thousands of files are a few hundred KiB).
    static let maximumListBytes = 16 << 20
    /// The most types read from an `XdndTypeList`.
    static let maximumTypes = 1024
    /// How long the source may leave a requested list, or its next INCR piece, unsent before
    /// the drop is given up.
    static let transferPatience = Duration.seconds(5)
    /// The longest file name read from a direct-save source, in bytes.
    static let maximumSaveNameBytes = 4096

    /// One way of taking the drop, tried in turn (`DropOffer`: the protocol's decisions).
    typealias Offer = DropOffer

    /// Where pictures dropped without a file are saved (a direct save's file is named there);
    /// `nil` takes files and folders only, as before the board could keep pictures.
    var pictureFolder: FilePath?
    let display: OpaquePointer
    let window: Window
    let hostName: String
    let settings: ClipboardSettings
    var atoms: [String: Atom]
    /// The drag over the window, from its Enter until Finished or Leave.
    var session: Session?
    var transfer: SelectionTransfer?
    /// Watches the transfer for silence, from the conversion request to its last piece.
    var stallWatch = StallWatch(patience: DropTarget.transferPatience)

    struct Session {
        var source: Window
        var version: Int
        /// The target names the source offers.
        var offered: [String]
        var position = Point.zero
        /// The drop happened; the source waits for XdndFinished.
        var isDropped = false
        var time = Time(CurrentTime)
        /// The ways still to try, best first, and the one being tried.
        var remaining: [Offer] = []
        var current: Offer?
        /// Why the ways tried so far gave nothing (the last one), for the final refusal.
        var refusal: String?
        /// The file named for a direct save.
        var savedFile: FilePath?
    }

    init(
        display: OpaquePointer, window: Window, hostName: String = ProcessInfo.processInfo.hostName,
        settings: ClipboardSettings = ClipboardSettings()
    ) {
        self.display = display
        self.window = window
        self.hostName = hostName
        self.settings = settings
        atoms = [:]
        for name in [
            "XdndAware", "XdndEnter", "XdndPosition", "XdndStatus", "XdndLeave", "XdndDrop", "XdndFinished", "XdndSelection",
            "XdndActionCopy", "XdndTypeList", "text/uri-list", "INCR", "PHOTOBOARD_DROP", "XdndDirectSave0", "text/plain",
        ] {
            atoms[name] = XInternAtom(display, name, 0)
        }
        var version: Atom = 5
        let aware = atoms["XdndAware"] ?? 0
        withUnsafeBytes(of: &version) { bytes in
            _ = XChangeProperty(
                display, window, aware, XA_ATOM, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    func atom(_ name: String) -> Atom {
        if let known = atoms[name] { return known }
        let interned = XInternAtom(display, name, 0)
        atoms[name] = interned
        return interned
    }

    /// The ways `offered` can be taken, best first.
    func offers(among offered: [String]) -> [Offer] { Offer.ways(among: offered, takesPictures: pictureFolder != nil) }

    // MARK: Messages

    /// Handles an XDND client message received at `now`; returns what the board should hear of
    /// it (a drop it cannot take, or a picture it took at once). Messages from anyone but the
    /// current source are ignored.
    func handle(_ message: XClientMessageEvent, at now: Instant) -> [WindowEvent] {
        let type = message.message_type, data = message.data.l
        let sender = Window(UInt(bitPattern: data.0))
        defer { XFlush(display) }
        if type == atom("XdndEnter") {
            if let session, session.isDropped { finish(session, accepted: false) }  // an abandoned drop: let its source go
            let version = Int(UInt(bitPattern: data.1) >> 24)
            guard version >= 3 else {
                session = nil
                return []
            }
            let listed = [data.2, data.3, data.4].map { Atom(UInt(bitPattern: $0)) }.filter { $0 != 0 }
            let types = data.1 & 1 != 0 ? typeList(of: sender) : listed
            session = Session(source: sender, version: min(version, 5), offered: names(of: types))
            endTransfer()
        } else if type == atom("XdndPosition"), let current = session, current.source == sender, !current.isDropped {
            let packed = UInt(bitPattern: data.2)
            let rootX = Int32(truncatingIfNeeded: packed >> 16 & 0xFFFF), rootY = Int32(truncatingIfNeeded: packed & 0xFFFF)
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(display, cx11_root_window(display, cx11_default_screen(display)), window, rootX, rootY, &x, &y, &child)
            session?.position = Point(x: Double(x), y: Double(y))
            let accepts = !offers(among: current.offered).isEmpty
            send(to: sender, type: atom("XdndStatus"), [Int(window), accepts ? 1 : 0, 0, 0, accepts ? Int(atom("XdndActionCopy")) : 0])
        } else if type == atom("XdndLeave"), session?.source == sender {
            session = nil
            endTransfer()
        } else if type == atom("XdndDrop"), var current = session, current.source == sender, !current.isDropped {
            current.isDropped = true
            current.remaining = offers(among: current.offered)
            current.time = current.version >= 1 ? Time(UInt(bitPattern: data.2)) : Time(CurrentTime)
            session = current
            guard !current.remaining.isEmpty else {
                return [
                    refuse(
                        pictureFolder == nil
                            ? "Only files and folders can be dropped on the board"
                            : "Only pictures, files and folders can be dropped on the board")
                ]
            }
            stallWatch.start(at: now)
            return tryNext()
        }
        return []
    }

    /// An answer the source sent, received at `now`: the whole value, or the start of an INCR
    /// transfer.
    func receive(_ selection: XSelectionEvent, at now: Instant) -> [WindowEvent] {
        guard selection.requestor == window, selection.selection == atom("XdndSelection"), var transfer, session?.isDropped == true,
            selection.target == transfer.target
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
}
