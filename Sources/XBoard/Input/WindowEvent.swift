import SystemPackage

/// What the window reports, already converted into the core's terms, for the session
/// (`SessionEvent.window`).
public enum WindowEvent: Equatable, Sendable {
    case touch(TouchEvent)
    /// Mouse, wheel or touchpad input, for mouse emulation.
    case pointer(PointerEvent)
    /// Part of the window needs repainting.
    case exposed
    /// The server has shown the last frame the board presented (Present's completion, or the
    /// fence after a copy): the next frame may be drawn.
    case frameShown
    /// The window's size changed, in pixels (= board points).
    case resized(Size)
    /// The window was mapped (shown) or unmapped (minimised, hidden).
    case visibilityChanged(isVisible: Bool)
    /// The window manager's close button (WM_DELETE_WINDOW).
    case closeRequested
    /// Another client destroyed the window: there is nothing left to show the board in.
    case windowDestroyed
    /// An input device went away: its touches must be cancelled. The value is the device id
    /// used as `TouchID.source`.
    case deviceRemoved(UInt32)
    /// The window lost the pointer mid-gesture: another client grabbed it (X11's FocusOut or
    /// LeaveNotify in NotifyGrab mode), or the device holding its buttons went away. No release
    /// will come: the mouse's emulated fingers are cancelled.
    case pointerLost
    /// A key pressed, with the modifiers held, and when (the command catalogue tells what it
    /// stands for).
    case key(KeyChord, at: Instant)
    /// A key let go, with the modifiers still held, and when. A held key's auto-repeat sends
    /// more `key` presses and no release between them (`XkbSetDetectableAutoRepeat`): one press
    /// may be followed by repeats, then one release.
    case keyReleased(KeyChord, at: Instant)
    /// The window lost the keyboard focus (X11's FocusOut): keys held down are let go elsewhere,
    /// so no release will come for them.
    case focusLost
    /// Files or folders dropped from a file manager (XDND), and where, in board points, with the
    /// entries of the list that name no file here (`refused`, each with why). The session says
    /// whether it took any (`BoardEffect.finishDrop`), the window is told
    /// (`X11Window.finishDrop(accepted:)`), and it tells the file manager.
    case filesDropped([FilePath], at: Point, refused: [DropReport.LeftOut])
    /// A drop the board could not take at all (nor read): why, in a sentence for a person.
    case dropIgnored(String)
    /// The colour profile of the display the window is on changed — set, replaced or removed, or
    /// the window moved to a monitor with another: the pictures shown are to be converted again.
    case displayProfileChanged
    /// A picture dropped from a web browser (its bytes, or a file it saved for the board with
    /// XDND Direct Save), and where, in board points. The source has been told it was taken;
    /// `PastedPictures` checks and keeps it.
    case pictureDropped(ReceivedPicture, at: Point)
    /// What a paste (`X11Window.paste(at:)`) brought from the clipboard.
    case pasted(PastedContent)
    /// A paste that brought nothing: why, in a sentence for a person.
    case pasteFailed(String)
}
