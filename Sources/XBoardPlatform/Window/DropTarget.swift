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

    /// One way of taking the drop, tried in turn.
    enum Offer: Equatable {
        case uriList
        case directSave
        case picture(mimeType: String)
        case mozURL
        case netscapeURL

        var target: String {
            switch self {
            case .uriList: "text/uri-list"
            case .directSave: "XdndDirectSave0"
            case .picture(let mimeType): mimeType
            case .mozURL: "text/x-moz-url"
            case .netscapeURL: "_NETSCAPE_URL"
            }
        }
    }

    /// Where pictures dropped without a file are saved (a direct save's file is named there);
    /// `nil` takes files and folders only, as before the board could keep pictures.
    var pictureFolder: FilePath?
    private let display: OpaquePointer
    private let window: Window
    private let hostName: String
    private let settings: ClipboardSettings
    private var atoms: [String: Atom]
    /// The drag over the window, from its Enter until Finished or Leave.
    private var session: Session?
    private var transfer: SelectionTransfer?
    /// Watches the transfer for silence, from the conversion request to its last piece.
    private var stallWatch = StallWatch(patience: DropTarget.transferPatience)

    private struct Session {
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

    private func atom(_ name: String) -> Atom {
        if let known = atoms[name] { return known }
        let interned = XInternAtom(display, name, 0)
        atoms[name] = interned
        return interned
    }

    /// The ways `offered` can be taken, best first.
    func offers(among offered: [String]) -> [Offer] {
        let lowered = Set(offered.map { $0.lowercased() })
        var ways: [Offer] = []
        if lowered.contains("text/uri-list") { ways.append(.uriList) }
        if pictureFolder != nil {
            if offered.contains("XdndDirectSave0") { ways.append(.directSave) }
            if case .picture(let type) = TransferFlavor.best(among: offered) { ways.append(.picture(mimeType: type)) }
            if lowered.contains("application/octet-stream") { ways.append(.picture(mimeType: "application/octet-stream")) }
        }
        if lowered.contains("text/x-moz-url") { ways.append(.mozURL) }
        if offered.contains("_NETSCAPE_URL") { ways.append(.netscapeURL) }
        return ways
    }

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

    // MARK: Private

    /// Asks the source for the next way of taking the drop, or refuses the drop when none is left.
    private func tryNext() -> [WindowEvent] {
        guard var current = session else { return [] }
        guard !current.remaining.isEmpty else {
            return [refuse(current.refusal ?? "The drop held no files")]
        }
        let offer = current.remaining.removeFirst()
        current.current = offer
        session = current
        let property = atom("PHOTOBOARD_DROP"), target = atom(offer.target)
        XDeleteProperty(display, window, property)
        switch offer {
        case .uriList:
            transfer = SelectionTransfer(property: property, target: target, limit: Self.maximumListBytes)
        case .directSave:
            guard let file = nameSavedFile(for: current.source) else {
                session?.refusal = "The dropped picture could not be saved: the board's folder of pasted pictures cannot be used"
                return tryNext()
            }
            session?.savedFile = file
            transfer = SelectionTransfer(
                property: property, target: target, limit: 16, types: [target, atom("text/plain"), XA_STRING],
                what: "a direct-save answer")
        case .picture:
            transfer = SelectionTransfer(property: property, target: target, limit: settings.maximumPictureBytes, what: "a picture")
        case .mozURL:
            transfer = SelectionTransfer(property: property, target: target, limit: Self.maximumListBytes, what: "a link")
        case .netscapeURL:
            transfer = SelectionTransfer(
                property: property, target: target, limit: Self.maximumListBytes,
                types: [target, atom("UTF8_STRING"), XA_STRING, atom("text/plain")], what: "a link")
        }
        XConvertSelection(display, atom("XdndSelection"), target, property, window, current.time)
        XFlush(display)
        return []
    }

    /// Names the file a direct-save source is to write — in the folder of pasted pictures, a
    /// name of the board's own (the source's suggestion lends only a picture extension) — and
    /// tells the source: its `XdndDirectSave0` property becomes the file's URI (XDS step 1).
    private func nameSavedFile(for source: Window) -> FilePath? {
        guard let folder = pictureFolder, (try? System.makePrivateFolder(folder)) != nil else { return nil }
        let suggested = WindowProperty.read(
            atom("XdndDirectSave0"), of: source, display: display, types: [atom("text/plain"), XA_STRING, atom("UTF8_STRING")],
            format: 8, maximumBytes: Self.maximumSaveNameBytes)
        let name = if case .success(let value) = suggested { value.bytes } else { [UInt8]() }
        let file = folder.appending(DirectSave.fileName(suggested: name, unique: System.randomHex()))
        let uri = Array(FileURI.uri(for: file, hostName: hostName).utf8)
        var bytes = uri
        XChangeProperty(display, source, atom("XdndDirectSave0"), atom("text/plain"), 8, PropModeReplace, &bytes, Int32(bytes.count))
        return file
    }

    /// An answer is in (or the transfer failed): what the board hears, or the next way tried.
    private func finishTransfer(_ outcome: Result<[UInt8], SelectionTransfer.Failure>) -> [WindowEvent] {
        transfer = nil
        guard let current = session, let offer = current.current else {
            endTransfer()
            return []
        }
        let bytes: [UInt8]
        switch outcome {
        case .failure(let failure):
            session?.refusal = "The drop could not be read: \(failure)"
            return tryNext()
        case .success(let received):
            bytes = received
        }
        switch offer {
        case .uriList:
            let list = FileURIList.paths(in: bytes, hostName: hostName)
            if !list.paths.isEmpty || current.remaining.isEmpty {
                endTransfer()
                guard !list.paths.isEmpty || !list.refused.isEmpty else { return [refuse("The drop held no files")] }
                return [.filesDropped(list.paths, at: current.position, refused: list.refused)]
            }
            session?.refusal = list.refused.first.map { "The drop was not taken: \($0.item) is \($0.reason)" } ?? "The drop held no files"
            return tryNext()
        case .directSave:
            switch DirectSave.answer(bytes) {
            case .saved:
                guard let file = current.savedFile else { return [refuse("The dropped picture was not saved")] }
                return took(.savedFile(file), at: current.position)
            case .failed:
                // The source could not save it there; the spec's fallback is the bytes.
                session?.refusal = "The program it came from could not save the dropped picture for the board"
                return tryNext()
            case .error:
                return [refuse("The program it came from could not save the dropped picture (it said so)")]
            case nil:
                return [refuse("The drop could not be read: its direct-save answer was not S, F or E")]
            }
        case .picture(let type):
            guard !bytes.isEmpty else {
                session?.refusal = "The dropped \(type) picture was empty"
                return tryNext()
            }
            return took(.bytes(bytes, offeredAs: type), at: current.position)
        case .mozURL, .netscapeURL:
            let link =
                offer == .mozURL
                ? DroppedLink.file(inMozURL: bytes, hostName: hostName) : DroppedLink.file(inNetscapeURL: bytes, hostName: hostName)
            switch link {
            case .success(let path):
                endTransfer()
                return [.filesDropped([path], at: current.position, refused: [])]
            case .failure(let refused):
                // A web address says so, whatever else was tried before it.
                let line = "The drop was not taken: \(refused.leftOut.item) is \(refused.leftOut.reason)"
                if refused.leftOut.reason == DroppedLink.networkRefusal || current.refusal == nil { session?.refusal = line }
                return tryNext()
            }
        }
    }

    /// A picture was taken: the source hears so at once, the board gets the picture.
    private func took(_ picture: ReceivedPicture, at position: Point) -> [WindowEvent] {
        if let session { finish(session, accepted: true) }
        XFlush(display)
        return [.pictureDropped(picture, at: position)]
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

    private func names(of list: [Atom]) -> [String] { WindowProperty.atomNames(list, display: display) }

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
