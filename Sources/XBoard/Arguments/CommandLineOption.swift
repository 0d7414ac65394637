/// One option of `photoboard-x11`, as the command line takes it and `--help` describes it: its
/// names, its help line and, when it takes a value, what the value must be.
///
/// The table (`all`) is the one source of the options: the executable declares each to the
/// argument parser with these names and this wording (so `--help`, the man page and the completion
/// scripts say it), and `ArgumentCheck` checks a command line against the same names and hints —
/// as argument-parser generates its help from one declaration.
public struct CommandLineOption: Equatable, Sendable {
    /// The long name, without its dashes (`geometry` for `--geometry`).
    public let long: String
    /// The one-letter name, without its dash (`r` for `-r`), or `nil`.
    public let short: Character?
    /// The help line `--help` and the man page show.
    public let help: String
    /// Whether the option takes a value (`--seed 2`); a flag does not.
    public let takesValue: Bool
    /// What stands for the value in the usage (`file.png`); `nil` for the parser's own (`<seed>`).
    public let valueName: String?
    /// What a value must be, said when one is missing or is not valid (`nil`: anything goes).
    public let valueHint: String?

    /// `--long`, as typed.
    public var name: String { "--" + long }
    /// `-s`, as typed, or `nil`.
    public var shortName: String? { short.map { "-\($0)" } }
    /// Both, as typed: the letter first.
    public var names: [String] { [shortName, name].compactMap { $0 } }

    static func flag(_ long: String, short: Character? = nil, help: String) -> CommandLineOption {
        CommandLineOption(long: long, short: short, help: help, takesValue: false, valueName: nil, valueHint: nil)
    }

    static func value(_ long: String, help: String, valueName: String? = nil, hint: String?) -> CommandLineOption {
        CommandLineOption(long: long, short: nil, help: help, takesValue: true, valueName: valueName, valueHint: hint)
    }

    /// "a, b or c".
    static func alternatives(_ words: [String]) -> String {
        words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
    }

    /// The help line of the paths the board opens (the positional arguments).
    public static let pathsHelp = "Picture files or folders to open, or a board document (NAME.photoboard)."

    public static let recursive = flag("recursive", short: "r", help: "Also open the pictures in sub-folders of the given folders.")

    public static let geometry = value(
        "geometry", help: "Window size in pixels, as WIDTHxHEIGHT (default: a share of the screen, from its size and Xft.dpi).",
        hint: "WIDTHxHEIGHT, each a whole number from 1 to \(WindowGeometry.largestEdge) (e.g. 1280x800)")

    public static let seed = value(
        "seed", help: "Seed for the initial layout, to get the same layout again (default: random).",
        hint: "a whole number from 0 to \(UInt64.max)")

    public static let input = value(
        "input", help: "Input: auto (touches and the mouse), mouse (the pointer only, also from a touchscreen), touch (touches only).",
        hint: alternatives(InputMode.allCases.map(\.rawValue)))

    public static let display = value("display", help: "X display to use (default: $DISPLAY).", hint: nil)

    public static let export = value(
        "export", help: "Render the board into this PNG file and exit, without any X display.", valueName: "file.png",
        hint: "a file name ending in .png")

    public static let fresh = flag(
        "fresh", help: "Lay the photos out afresh instead of as they were left last time (what is remembered is kept).")

    public static let colourManagement = value(
        "colour-management",
        help: "Colour management: on (pictures' colour profiles converted to the display's, _ICC_PROFILE on the root window, "
            + "or to sRGB), off (the numbers pictures store, as for calibrating a display).",
        valueName: ColourManagement.allCases.map(\.rawValue).joined(separator: "|"),
        hint: alternatives(ColourManagement.allCases.map(\.rawValue)))

    public static let trace = flag("trace", help: "Print every input event and gesture recognizer transition to standard error.")

    /// Every option, in the order the executable declares them (and `--help` lists them).
    public static let all: [CommandLineOption] = [recursive, geometry, seed, input, display, export, fresh, colourManagement, trace]
}
