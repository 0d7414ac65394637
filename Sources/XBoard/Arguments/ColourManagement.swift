/// `--colour-management on|off`: whether pictures' colours are converted from the profile each
/// states to the display's (or sRGB for `--export`); off shows the numbers pictures store, for
/// people calibrating a display.
public enum ColourManagement: String, CaseIterable, Sendable {
    case on
    case off
}
