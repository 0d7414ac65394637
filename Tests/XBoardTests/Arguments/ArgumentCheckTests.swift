import Testing
import XBoard

/// Every mistake on the command line is one line that says what is wrong, before the argument
/// parser sees it; what is right goes on, values joined to their options.
@Suite struct ArgumentCheckTests {
    static let geometryHint = "WIDTHxHEIGHT, each a whole number from 1 to 16384 (e.g. 1280x800)"
    static let seedHint = "a whole number from 0 to 18446744073709551615"

    static func unknown(_ argument: String) -> String {
        "unknown option '\(argument)' (for a file whose name starts with '-', put -- before it or write ./\(argument))"
    }

    @Test(arguments: [
        (["-happy.jpg"], ArgumentCheckTests.unknown("-happy.jpg")),
        (["--bogus"], ArgumentCheckTests.unknown("--bogus")),
        (["-rz"], ArgumentCheckTests.unknown("-rz")),
        (["--recursive=yes"], ArgumentCheckTests.unknown("--recursive=yes")),
        (["--fresh=1"], ArgumentCheckTests.unknown("--fresh=1")),
        (["--help=me"], ArgumentCheckTests.unknown("--help=me")),
        (["photo.jpg", "-x", "--", "-y"], ArgumentCheckTests.unknown("-x")),
        (["--geometry", "-5x20"], "--geometry '-5x20' is not valid: give \(ArgumentCheckTests.geometryHint)"),
        (["--geometry", "0x0"], "--geometry '0x0' is not valid: give \(ArgumentCheckTests.geometryHint)"),
        (["--geometry", "16385x10"], "--geometry '16385x10' is not valid: give \(ArgumentCheckTests.geometryHint)"),
        (["--geometry=abc"], "--geometry 'abc' is not valid: give \(ArgumentCheckTests.geometryHint)"),
        (["--geometry", "\\xff"], "--geometry '\\xff' is not valid: give \(ArgumentCheckTests.geometryHint)"),
        (["--geometry"], "--geometry needs a value: \(ArgumentCheckTests.geometryHint)"),
        (["--seed", "-1"], "--seed '-1' is not valid: give \(ArgumentCheckTests.seedHint)"),
        (["--seed", "99999999999999999999"], "--seed '99999999999999999999' is not valid: give \(ArgumentCheckTests.seedHint)"),
        (["--seed"], "--seed needs a value: \(ArgumentCheckTests.seedHint)"),
        (["--input", "pen"], "--input 'pen' is not valid: give auto, mouse or touch"),
        (["--input", "au\\\\to"], "--input 'au\\\\to' is not valid: give auto, mouse or touch"),
        (["--input"], "--input needs a value: auto, mouse or touch"),
        (["--export", "out.jpg"], "--export 'out.jpg': the board is written as a PNG; give a name ending in .png"),
        (["--export=-x.jpg"], "--export '-x.jpg': the board is written as a PNG; give a name ending in .png"),
        (["--export", "-x.jpg"], "--export '-x.jpg': the board is written as a PNG; give a name ending in .png"),
        (["--export"], "--export needs a value: a file name ending in .png"),
        (["--colour-management", "maybe"], "--colour-management 'maybe' is not valid: give on or off"),
        (["--colour-management"], "--colour-management needs a value: on or off"),
        (["--display"], "--display needs a value"),
        (["--seed", "1", "--seed", "x"], "--seed 'x' is not valid: give \(ArgumentCheckTests.seedHint)"),
    ])
    func aMistakeIsOneLine(arguments: [String], line: String) {
        #expect(ArgumentCheck.check(arguments) == .failure(ArgumentCheck.Problem(line)))
    }

    @Test(arguments: [
        // Values are joined to their options, so one that starts with '-' is not taken for an option.
        (["--geometry", "400x300", "--seed", "2"], ["--geometry=400x300", "--seed=2"]),
        (["--export", "-board.png"], ["--export=-board.png"]),
        (["--export=-board.PNG", "--display", ":1"], ["--export=-board.PNG", "--display=:1"]),
        (["--input", "touch", "--colour-management", "off"], ["--input=touch", "--colour-management=off"]),
        (["--geometry", "16384X1"], ["--geometry=16384X1"]),
        (["--display", "-weird"], ["--display=-weird"]),
        // Flags, bundled short flags, and what is no option pass as they are.
        (
            ["-r", "--recursive", "--fresh", "--trace", "-rh", "-h", "--help", "--version"],
            ["-r", "--recursive", "--fresh", "--trace", "-rh", "-h", "--help", "--version"]
        ),
        (["-", "./-happy.jpg", "caf\\xe9.png"], ["-", "./-happy.jpg", "caf\\xe9.png"]),
        // After --, everything is a path, -- included (the parser takes it out).
        (["a.png", "--", "-happy.jpg", "--export", "--bogus"], ["a.png", "--", "-happy.jpg", "--export", "--bogus"]),
        // The parser's own tools get the command line as it is.
        (["--generate-completion-script", "bash"], ["--generate-completion-script", "bash"]),
        (["--experimental-dump-help", "--bogus"], ["--experimental-dump-help", "--bogus"]),
        (["---completion", "--", "bash"], ["---completion", "--", "bash"]),
        (["--generate-completion-script=zsh", "--seed", "-1"], ["--generate-completion-script=zsh", "--seed", "-1"]),
        ([], []),
    ])
    func whatIsRightGoesOn(arguments: [String], checked: [String]) {
        #expect(ArgumentCheck.check(arguments) == .success(checked))
    }

    @Test func aToolAfterDashesIsAPath() {
        #expect(
            ArgumentCheck.check(["--", "--experimental-dump-help", "--bogus"]) == .success(["--", "--experimental-dump-help", "--bogus"]))
        #expect(
            ArgumentCheck.check(["--bogus", "--", "--experimental-dump-help"]) == .failure(ArgumentCheck.Problem(Self.unknown("--bogus"))))
    }

    @Test func theParsersOwnComplaintIsItsFirstLineAndWhereToLook() {
        let message = "Missing value for '--x'\nUsage: photoboard-x11 [<options>] [<paths> ...]\n  See 'photoboard-x11 --help'."
        #expect(ArgumentCheck.parserProblem(message, fallback: "unused").line == "Missing value for '--x' (see photoboard-x11 --help)")
        #expect(ArgumentCheck.parserProblem("", fallback: "the error").line == "the error (see photoboard-x11 --help)")
        #expect(ArgumentCheck.parserProblem("\n\n", fallback: "the error").line == "the error (see photoboard-x11 --help)")
    }
}
