internal import CX11
import SystemPackage
import XBoard

/// The clipboard and picture drops as the loop drives them: every call returns at once, the X
/// events are fed in by `pendingEvents()`, and what comes of them arrives as `WindowEvent`s
/// (`pasted`, `pasteFailed`, `pictureDropped`). The loop waits no later than
/// `clipboardDeadline` and then calls `clipboardTimeouts(at:)`. These calls flush the connection,
/// which may read events into Xlib's queue: check `hasPendingEvents` before sleeping in poll(),
/// as the loop does.
extension X11Window {
    /// Starts a paste (Ctrl+V, the Paste control) at `now`; `.pasted` or `.pasteFailed` follows
    /// from `pendingEvents()`. An empty clipboard is said at once (the event returned).
    public func paste(at now: Instant) -> WindowEvent? {
        clipboardReader?.start(at: now).map(Self.event(for:))
    }

    /// Takes the clipboard to offer `files` (`text/uri-list`, `x-special/gnome-copied-files`)
    /// and, when `withPicture`, a picture as `image/png` that `supplyCopiedPicture(_:at:)` hands
    /// over once made (`PictureCopy.png(of:decoder:)`, on a worker); requests for it wait until
    /// then.
    public func copyToClipboard(files: [FilePath], withPicture: Bool, at now: Instant) {
        clipboardOwner?.own(ClipboardOwner.Offer(picture: withPicture ? .pending : .none, files: files), at: now)
    }

    /// The PNG of the picture being copied (`nil`: it could not be made, and is no longer offered).
    public func supplyCopiedPicture(_ png: [UInt8]?, at now: Instant) {
        clipboardOwner?.supplyPicture(png, at: now)
    }

    /// Lets drops of pictures from web browsers in (XDND Direct Save, picture bytes), saving
    /// direct saves in `folder` (the board's folder of pasted pictures); `nil` takes files and
    /// folders only. Dropped pictures arrive as `.pictureDropped`, for `PastedPictures` to keep.
    public func acceptPictureDrops(savingInto folder: FilePath?) {
        drop?.pictureFolder = folder
    }

    /// The earliest moment a paste, a copy's transfer or the handover to a clipboard manager is
    /// given up unless the other side moves first (`nil`: nothing waits).
    public var clipboardDeadline: Instant? {
        [clipboardReader?.deadline, clipboardOwner?.deadline].compactMap { $0 }.min()
    }

    /// Gives up, at `now`, what has waited past its deadline: a stalled paste says why.
    public func clipboardTimeouts(at now: Instant) -> [WindowEvent] {
        _ = clipboardOwner?.expire(at: now)
        return [clipboardReader?.abandonIfStalled(at: now).map(Self.event(for:))].compactMap { $0 }
    }

    /// On quit: asks the clipboard manager, when one runs and the board holds the clipboard, to
    /// keep what the board copied. Returns whether it did; the loop then goes on feeding events
    /// (without drawing) until `isHandingOverClipboard` is false, at most
    /// `ClipboardSettings.handoverPatience` of silence.
    public func handOverClipboard(at now: Instant) -> Bool {
        clipboardOwner?.handOverToManager(at: now) ?? false
    }

    /// Whether a clipboard manager is taking the clipboard over (see `handOverClipboard(at:)`).
    public var isHandingOverClipboard: Bool { clipboardOwner?.isHandingOver ?? false }

    /// On quit, after the loop: a clipboard manager takes over what the board copied, so a copy
    /// outlives the board — `handOverClipboard(at:)`, then this window's events fed (nothing
    /// drawn) until it is done, or stops answering. Returns at once when there is nothing to hand
    /// over.
    public func handOverClipboardAndWait() {
        guard handOverClipboard(at: MonotonicClock.now()) else { return }
        while isHandingOverClipboard {
            _ = pendingEvents()
            _ = clipboardTimeouts(at: MonotonicClock.now())
            flush()
            guard isHandingOverClipboard, !hasPendingEvents else { continue }
            let wait = clipboardDeadline.map { max($0 - MonotonicClock.now(), .zero) } ?? .milliseconds(100)
            _ = try? Poll.waitUntilReadable([fileDescriptor], timeout: wait)
        }
    }

    /// A paste's outcome as the loop hears it.
    static func event(for outcome: ClipboardReader.Outcome) -> WindowEvent {
        switch outcome {
        case .content(let content): .pasted(content)
        case .refused(let reason): .pasteFailed(reason)
        }
    }
}
