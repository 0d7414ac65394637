import ArgumentParser

/// `--colour-management on|off`: whether pictures' colours are converted from the profile each
/// states to the display's (or sRGB for `--export`); off shows the numbers pictures store, for
/// people calibrating a display.
enum ColourManagement: String, ExpressibleByArgument, CaseIterable {
    case on
    case off
}
