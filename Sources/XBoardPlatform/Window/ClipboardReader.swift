internal import CX11
import Foundation
import SystemPackage
import XBoard

/// Reads what the CLIPBOARD holds, without ever blocking the loop: a state machine fed the X
/// events of one window, like `DropTarget`.
///
/// `start(at:)` asks the owner for its `TARGETS`; the answer picks the best offer
/// (`TransferFlavor.best`: `image/png`, then the other photo formats, then `text/uri-list`,
/// `x-special/gnome-copied-files`, and text that may be Nautilus's file list), which is then
/// converted into the window's `PHOTOBOARD_PASTE` property and read whole or in INCR pieces
/// (`SelectionTransfer`), every property checked for type, format and length first. An owner
/// that sends nothing for `ClipboardSettings.patience` — no targets, no data, no next piece — is
/// given up with one line (`abandonIfStalled(at:)`).
///
/// The loop feeds it `SelectionNotify` and `PropertyNotify` (`handle(_:at:)`), waits no later
/// than `deadline`, and gets one `Outcome` per paste: the content, or why there is none.
final class ClipboardReader {
    /// What a paste came to.
    enum Outcome: Equatable {
        case content(PastedContent)
        /// Nothing: why, as a sentence for a person.
        case refused(String)
    }

    private enum Stage {
        case askingForTargets
        case transferring(TransferFlavor, SelectionTransfer)
    }

    private let display: OpaquePointer
    private let window: Window
    private let hostName: String
    let settings: ClipboardSettings
    private let atoms: [String: Atom]
    private var stage: Stage?
    private var time = Time(CurrentTime)
    private var stallWatch: StallWatch

    init(
        display: OpaquePointer, window: Window, settings: ClipboardSettings = ClipboardSettings(),
        hostName: String = ProcessInfo.processInfo.hostName
    ) {
        self.display = display
        self.window = window
        self.settings = settings
        self.hostName = hostName
        stallWatch = StallWatch(patience: settings.patience)
        var atoms: [String: Atom] = [:]
        for name in ["CLIPBOARD", "TARGETS", "INCR", "PHOTOBOARD_PASTE", "UTF8_STRING"] { atoms[name] = XInternAtom(display, name, 0) }
        self.atoms = atoms
    }

    private func atom(_ name: String) -> Atom { atoms[name] ?? XInternAtom(display, name, 0) }

    /// Whether a paste is under way.
    var isReading: Bool { stage != nil }

    /// When the paste under way is given up unless the owner sends more first (`nil`: none is).
    var deadline: Instant? { stallWatch.nextDeadline }

    /// Starts a paste at `now`, replacing one under way: asks the clipboard's owner what it
    /// holds. `time` is the server time of the key or touch that asked for it, when known
    /// (ICCCM asks for it; `CurrentTime` otherwise). An empty clipboard is refused at once.
    func start(at now: Instant, time: Time = Time(CurrentTime)) -> Outcome? {
        endTransfer()
        guard XGetSelectionOwner(display, atom("CLIPBOARD")) != 0 else { return .refused("Nothing to paste: the clipboard is empty") }
        self.time = time
        XDeleteProperty(display, window, atom("PHOTOBOARD_PASTE"))
        XConvertSelection(display, atom("CLIPBOARD"), atom("TARGETS"), atom("PHOTOBOARD_PASTE"), window, time)
        XFlush(display)
        stage = .askingForTargets
        stallWatch.start(at: now)
        return nil
    }

    /// Takes an X event received at `now`: the owner's answers (`SelectionNotify`) and INCR
    /// pieces (`PropertyNotify`). Returns the paste's outcome once there is one; `nil` while it
    /// goes on, and for events that are not its own.
    func handle(_ event: XEvent, at now: Instant) -> Outcome? {
        switch event.type {
        case SelectionNotify: return receive(event.xselection, at: now)
        case PropertyNotify: return propertyChanged(event.xproperty, at: now)
        default: return nil
        }
    }

    /// Gives up the paste when its owner has sent nothing for `patience` by `now`.
    func abandonIfStalled(at now: Instant) -> Outcome? {
        guard stage != nil, stallWatch.hasStalled(at: now) else { return nil }
        endTransfer()
        let waited = Int(settings.patience.components.seconds)
        return .refused("Nothing pasted: the program holding the clipboard stopped answering (nothing for \(waited) s)")
    }

    // MARK: Private

    private func receive(_ selection: XSelectionEvent, at now: Instant) -> Outcome? {
        guard selection.requestor == window, selection.selection == atom("CLIPBOARD"), let stage else { return nil }
        switch stage {
        case .askingForTargets:
            guard selection.target == atom("TARGETS") else { return nil }
            guard selection.property != 0 else {
                return finish(.refused("Nothing to paste: the program holding the clipboard did not say what it holds"))
            }
            let read = WindowProperty.read(
                atom("PHOTOBOARD_PASTE"), of: window, display: display, types: [XA_ATOM, atom("TARGETS")], format: 32,
                maximumBytes: 4 * settings.maximumTargets, delete: true)
            let targets: [String]
            switch read {
            case .failure(let problem):
                return finish(.refused("Nothing pasted: the clipboard's list of what it holds was not one (\(problem))"))
            case .success(let value):
                targets = names(of: value.items.map { Atom($0) })
            }
            guard let flavor = TransferFlavor.best(among: targets) else {
                return finish(.refused("Nothing to paste: " + TransferFlavor.refusal(of: targets, from: "the clipboard")))
            }
            let target = atom(flavor.target)
            let types: [Atom]
            if case .text = flavor {
                types = [target, atom("UTF8_STRING"), XA_STRING, atom("text/plain;charset=utf-8"), atom("text/plain")]
            } else {
                types = [target]
            }
            let limit: Int
            let what: String
            switch flavor {
            case .picture:
                (limit, what) = (settings.maximumPictureBytes, "a picture")
            case .uriList, .gnomeCopiedFiles, .text:
                (limit, what) = (settings.maximumListBytes, "a list of files")
            }
            XConvertSelection(display, atom("CLIPBOARD"), target, atom("PHOTOBOARD_PASTE"), window, time)
            XFlush(display)
            self.stage = .transferring(
                flavor, SelectionTransfer(property: atom("PHOTOBOARD_PASTE"), target: target, limit: limit, types: types, what: what))
            stallWatch.progressed(at: now)
            return nil
        case .transferring(let flavor, var transfer):
            guard selection.target == transfer.target else { return nil }
            guard selection.property != 0 else {
                return finish(.refused("Nothing pasted: the program holding the clipboard did not hand over its \(flavor)"))
            }
            guard selection.property == transfer.property else { return nil }
            let step = transfer.begin(display: display, window: window, incr: atom("INCR"))
            self.stage = .transferring(flavor, transfer)
            stallWatch.progressed(at: now)
            XFlush(display)
            return step.map { finish(flavor, $0) }
        }
    }

    private func propertyChanged(_ event: XPropertyEvent, at now: Instant) -> Outcome? {
        guard event.window == window, event.state == PropertyNewValue, case .transferring(let flavor, var transfer) = stage,
            transfer.isIncremental, event.atom == transfer.property
        else { return nil }
        let step = transfer.continueIncremental(display: display, window: window)
        stage = .transferring(flavor, transfer)
        stallWatch.progressed(at: now)
        XFlush(display)
        return step.map { finish(flavor, $0) }
    }

    /// The transfer of `flavor` ended: what it holds, or why it holds nothing usable.
    private func finish(_ flavor: TransferFlavor, _ result: Result<[UInt8], SelectionTransfer.Failure>) -> Outcome {
        let bytes: [UInt8]
        switch result {
        case .failure(let failure): return finish(.refused("Nothing pasted: the clipboard's \(flavor) could not be read: \(failure)"))
        case .success(let received): bytes = received
        }
        switch flavor {
        case .picture(let mimeType):
            guard !bytes.isEmpty else { return finish(.refused("Nothing pasted: the clipboard's \(mimeType) picture is empty")) }
            return finish(.content(.picture(.bytes(bytes, offeredAs: mimeType))))
        case .uriList:
            return finish(files(FileURIList.paths(in: bytes, hostName: hostName)))
        case .gnomeCopiedFiles:
            guard let list = CopiedFiles.paths(inGnomeCopiedFiles: bytes, hostName: hostName) else {
                return finish(
                    .refused("Nothing pasted: the clipboard's copied files are not a list of files (no \"copy\" or \"cut\" line)"))
            }
            return finish(files(list))
        case .text:
            guard let list = CopiedFiles.paths(inNautilusText: bytes, hostName: hostName) else {
                return finish(.refused("Nothing to paste: the clipboard holds text, not a picture or files"))
            }
            return finish(files(list))
        }
    }

    private func files(_ list: (paths: [FilePath], refused: [DropReport.LeftOut])) -> Outcome {
        guard !list.paths.isEmpty || !list.refused.isEmpty else {
            return .refused("Nothing pasted: the clipboard's list of files is empty")
        }
        return .content(.files(list.paths, refused: list.refused))
    }

    private func finish(_ outcome: Outcome) -> Outcome {
        endTransfer()
        return outcome
    }

    private func endTransfer() {
        if stage != nil { XDeleteProperty(display, window, atom("PHOTOBOARD_PASTE")) }
        stage = nil
        stallWatch.stop()
    }

    private func names(of list: [Atom]) -> [String] { WindowProperty.atomNames(list, display: display) }
}
