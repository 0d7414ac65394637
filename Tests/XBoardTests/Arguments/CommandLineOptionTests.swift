import Testing
import XBoard

/// The table of options is what the command line is checked against: every name in it is taken,
/// and every value it can refuse has a hint to say so.
@Suite struct CommandLineOptionTests {
    let all = CommandLineOption.all

    @Test func namesAreTheOnesTyped() {
        #expect(
            all.map(\.name) == [
                "--recursive", "--geometry", "--seed", "--input", "--display", "--export", "--fresh", "--colour-management", "--trace",
            ])
        #expect(all.compactMap(\.shortName) == ["-r"])
        #expect(Set(all.map(\.name)).count == all.count)
        #expect(all.filter { !$0.takesValue }.map(\.long) == ["recursive", "fresh", "trace"])
    }

    @Test func everyOptionIsTaken() {
        for option in all {
            let arguments = option.takesValue ? [option.name, Self.goodValue(for: option)] : [option.name]
            let checked = option.takesValue ? [option.name + "=" + Self.goodValue(for: option)] : [option.name]
            #expect(ArgumentCheck.check(arguments) == .success(checked), "\(option.name)")
        }
    }

    @Test func everyValueButTheDisplaysHasAHint() {
        #expect(all.filter { $0.takesValue && $0.valueHint == nil }.map(\.name) == ["--display"])
        #expect(all.allSatisfy { $0.takesValue || ($0.valueHint == nil && $0.valueName == nil) })
        #expect(CommandLineOption.colourManagement.valueName == "on|off")
        #expect(CommandLineOption.export.valueName == "file.png")
    }

    @Test func helpLinesAreSentences() {
        for help in all.map(\.help) + [CommandLineOption.pathsHelp] {
            #expect(help.first?.isUppercase == true && help.hasSuffix("."), "\(help)")
        }
    }

    static func goodValue(for option: CommandLineOption) -> String {
        switch option {
        case .geometry: "640x480"
        case .seed: "7"
        case .input: "mouse"
        case .export: "board.png"
        case .colourManagement: "off"
        default: ":1"
        }
    }
}
