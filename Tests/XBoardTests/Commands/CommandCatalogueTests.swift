import Foundation
import Testing
import XBoard

/// One table of commands: every chord gives one command, the help shows what the keys do, and
/// the README's key table is the catalogue's.
@Suite struct CommandCatalogueTests {
    let catalogue = CommandCatalogue.board

    @Test func everyChordGivesOneCommand() {
        var seen: [KeyChord: BoardCommand] = [:]
        for binding in catalogue.bindings {
            for chord in binding.chords {
                #expect(seen[chord] == nil, "\(chord) is bound to \(seen[chord].map { "\($0)" } ?? "") and \(binding.command)")
                seen[chord] = binding.command
                #expect(catalogue.command(for: chord) == binding.command)
            }
        }
    }

    @Test func chordsAreReadAsTheyAreTyped() {
        #expect(catalogue.command(for: .character("q")) == .quit)
        #expect(catalogue.command(for: .character("Q")) == .quit)  // Shift+Q, or Caps Lock
        #expect(catalogue.command(for: .character("z", .control)) == .undo)
        #expect(catalogue.command(for: .character("Z", .control)) == .redo)
        #expect(catalogue.command(for: .character("z")) == nil)
        #expect(catalogue.command(for: .character("T")) == .tidy(byDate: true))
        #expect(catalogue.command(for: .character("?", .shift)) == .toggleHelp)  // Shift is part of the character
        #expect(catalogue.command(for: .named(.tab, .shift)) == .selectNext(backwards: true))
        #expect(catalogue.command(for: .named(.right, .shift)) == .nudge(.right, isLarge: true))
        #expect(catalogue.command(for: .character("a")) == nil)
    }

    @Test func chordsReadAsTheHelpWritesThem() {
        #expect(KeyChord.character("s", [.control, .shift]).description == "Ctrl+Shift+S")
        #expect(KeyChord.character("T").description == "Shift+T")
        #expect(KeyChord.character("q").description == "q")
        #expect(KeyChord.named(.f11).description == "F11")
    }

    @Test func theHelpPanelListsEveryRowOfTheCatalogue() {
        let help = HelpSheet(catalogue: catalogue)
        #expect(help.sections.count == 2)
        #expect(help.sections[1].map(\.input) == catalogue.rows.map(\.keys))
        #expect(help.sections[1].first?.input == "F11 or f")
        #expect(help.sections[1].contains { $0.input == "Ctrl+Z · Ctrl+Shift+Z" && $0.effect == "undo · redo" })
    }

    @Test func helpTextKeepsItsColumnsWithin74Characters() {
        let lines = catalogue.helpText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 74 }, "\(lines.filter { $0.count > 74 })")
        #expect(lines.contains("  q                        quit"))
    }

    /// The README's "Keys" table names the keys exactly as the catalogue's rows do, in order.
    @Test func theReadmeKeyTableIsTheCatalogues() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "### Keys\n").dropFirst().first?.components(separatedBy: "\n### ").first)
        let keys = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| key |") }.map { row in
            row.dropFirst(2).components(separatedBy: " | ").first ?? ""
        }
        #expect(keys == catalogue.rows.map(\.keys))
    }
}
