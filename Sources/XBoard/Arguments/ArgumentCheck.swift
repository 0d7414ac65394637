/// The command line checked before the argument parser sees it, so each mistake is one line that
/// says what is wrong: an argument starting with `-` that is no option (a file named `-happy.jpg`
/// would otherwise be read as the bundled short flags `-h -a -p …` and print the whole help), and
/// option values out of range, negative ones included (the parser takes `-5x20` for an option
/// and says the value is missing).
///
/// Arguments are in `PathEscaping`'s notation, as the executable reads them from `argv`. A valid
/// value that starts with `-` (an export named `-board.png`) is handed on joined to its option
/// (`--export=-board.png`).
public enum ArgumentCheck {
    /// Options that take a value, and the flags, as the parser knows them (`CommandLineOption`,
    /// and the parser's own `-h`, `--help` and `--version`).
    static let valueOptions = CommandLineOption.all.filter(\.takesValue).map(\.name)
    static let flags = CommandLineOption.all.filter { !$0.takesValue }.flatMap(\.names) + ["-h", "--help", "--version"]

    /// The argument parser's own tools (completion scripts, the help dump `make install` and
    /// the tests read): a command line holding one goes to the parser as it is.
    static let parserTools = ["--generate-completion-script", "--experimental-dump-help", "---completion"]

    /// The arguments to parse, or the one line saying what is wrong with them.
    public static func check(_ arguments: [String]) -> Result<[String], Problem> {
        let options = arguments.prefix { $0 != "--" }
        if options.contains(where: { argument in parserTools.contains { argument == $0 || argument.hasPrefix($0 + "=") } }) {
            return .success(arguments)
        }
        var checked: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                checked += arguments[(index - 1)...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                checked.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            if valueOptions.contains(name) {
                let value: String
                if parts.count == 2 {
                    value = String(parts[1])
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    return .failure(Problem("\(name) needs a value" + (hints[name].map { ": \($0)" } ?? "")))
                }
                if let problem = problem(with: value, for: name) { return .failure(problem) }
                checked.append(name + "=" + value)
            } else if flags.contains(argument) || isBundleOfShortFlags(argument) {
                checked.append(argument)
            } else {
                return .failure(
                    Problem(
                        "unknown option '\(argument)' (for a file whose name starts with '-', put -- before it or write ./\(argument))"))
            }
        }
        return .success(checked)
    }

    /// One line saying what is wrong (the caller prefixes the program's name).
    public struct Problem: Error, Equatable {
        public let line: String
        public init(_ line: String) { self.line = line }
    }

    /// What each value must be (`CommandLineOption.valueHint`), by the option's name.
    static let hints = Dictionary(
        uniqueKeysWithValues: CommandLineOption.all.compactMap { option in option.valueHint.map { (option.name, $0) } })

    /// Why `value` is not one `option` takes, or `nil`.
    public static func problem(with value: String, for option: String) -> Problem? {
        let isValid: Bool
        switch option {
        case CommandLineOption.geometry.name: isValid = WindowGeometry(argument: value) != nil
        case CommandLineOption.seed.name: isValid = UInt64(value) != nil
        case CommandLineOption.input.name: isValid = InputMode(rawValue: value) != nil
        case CommandLineOption.colourManagement.name: isValid = ColourManagement(rawValue: value) != nil
        case CommandLineOption.export.name:
            guard !value.lowercased().hasSuffix(".png") else { return nil }
            return Problem("\(option) '\(value)': the board is written as a PNG; give a name ending in .png")
        default: isValid = true
        }
        guard !isValid, let hint = hints[option] else { return nil }
        return Problem("\(option) '\(value)' is not valid: give \(hint)")
    }

    /// The argument parser's own complaint about a command line as one line, as `check`'s are: its
    /// first line (the usage block after it is left out) and where to read more; `fallback` stands
    /// in for a message without a line.
    public static func parserProblem(_ message: String, fallback: @autoclosure () -> String) -> Problem {
        let line = message.split(separator: "\n").first.map(String.init) ?? fallback()
        return Problem(line + " (see photoboard-x11 --help)")
    }

    /// `-rh` and the like: short flags run together, as the parser accepts them.
    static func isBundleOfShortFlags(_ argument: String) -> Bool {
        argument.count > 2 && argument.dropFirst().allSatisfy { flags.contains("-\($0)") }
    }
}
