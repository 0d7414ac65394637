internal import CX11
import SystemPackage
import XBoard

/// Asking the source for each way of taking the drop in turn, reading its answers into what the
/// board hears (`DropOffer.outcome`), and telling the source how the drop ended (XdndFinished).
extension DropTarget {
    /// Asks the source for the next way of taking the drop, or refuses the drop when none is left.
    func tryNext() -> [WindowEvent] {
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
    func finishTransfer(_ outcome: Result<[UInt8], SelectionTransfer.Failure>) -> [WindowEvent] {
        transfer = nil
        guard let current = session, let offer = current.current else {
            endTransfer()
            return []
        }
        switch offer.outcome(
            of: outcome, hostName: hostName, isLast: current.remaining.isEmpty, savedFile: current.savedFile,
            refusalSoFar: current.refusal)
        {
        case .files(let paths, let refused):
            endTransfer()
            return [.filesDropped(paths, at: current.position, refused: refused)]
        case .picture(let picture):
            return took(picture, at: current.position)
        case .next(let refusal):
            if let refusal { session?.refusal = refusal }
            return tryNext()
        case .refused(let reason):
            return [refuse(reason)]
        }
    }

    /// A picture was taken: the source hears so at once, the board gets the picture.
    private func took(_ picture: ReceivedPicture, at position: Point) -> [WindowEvent] {
        if let session { finish(session, accepted: true) }
        XFlush(display)
        return [.pictureDropped(picture, at: position)]
    }

    /// Refuses the current drop at once and says why.
    func refuse(_ reason: String) -> WindowEvent {
        if let session { finish(session, accepted: false) }
        return .dropIgnored(reason)
    }

    func finish(_ finished: Session, accepted: Bool) {
        // XdndFinished (version 5): whether the drop was taken, and the action performed.
        send(
            to: finished.source, type: atom("XdndFinished"),
            [Int(window), accepted ? 1 : 0, accepted ? Int(atom("XdndActionCopy")) : 0, 0, 0])
        if session?.source == finished.source { session = nil }
        endTransfer()
    }

    func endTransfer() {
        transfer = nil
        stallWatch.stop()
    }

    /// The source's `XdndTypeList`: 32-bit atoms, at most `maximumTypes`; none when it is not.
    func typeList(of source: Window) -> [Atom] {
        let read = WindowProperty.read(
            atom("XdndTypeList"), of: source, display: display, types: [XA_ATOM], format: 32, maximumBytes: 4 * Self.maximumTypes)
        guard case .success(let value) = read else { return [] }
        return value.items.map { Atom($0) }
    }

    func names(of list: [Atom]) -> [String] { WindowProperty.atomNames(list, display: display) }

    func send(to target: Window, type: Atom, _ values: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = target
        event.xclient.message_type = type
        event.xclient.format = 32
        event.xclient.data.l = (values[0], values[1], values[2], values[3], values[4])
        XSendEvent(display, target, 0, 0, &event)
    }
}
