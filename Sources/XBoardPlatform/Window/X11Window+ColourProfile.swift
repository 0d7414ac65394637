import XBoard

extension X11Window {
    /// The colour profile of the monitor the window is on (`_ICC_PROFILE`, or `_ICC_PROFILE_n` per
    /// monitor, on the root window); `nil` when it states none, which means sRGB. A change is
    /// reported as `WindowEvent.displayProfileChanged` (`DisplayProfileWatcher`).
    public var displayProfile: DisplayProfile? { colourProfiles.current }
}
