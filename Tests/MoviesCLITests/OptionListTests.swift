// The one list of options: every definition is in it, no spelling names two options, and every
// option is shown where users look, in `movies --help` and in docs/COMMANDS.md. Each test reads
// the list, so an option added to it is checked with no test to edit.

import Foundation
import Testing

@testable import MoviesCLI

@Suite("Option list")
struct OptionListTests {
    /// The name of every option, as the tests below take them.
    static let names = OptionList.all.map { $0.reference.name }

    /// Every file in Options/Definitions/ defines an option the list holds: a definition left
    /// out of `OptionList.all` could never be given, nor be found in `--help`.
    @Test func everyDefinitionIsInTheList() throws {
        let definitions = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MoviesCLI/Options/Definitions")
        let files = try FileManager.default.contentsOfDirectory(atPath: definitions.path)
            .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(".swift".count)) }
        let listed = OptionList.all.map { String(describing: $0) }
        #expect(files.sorted() == listed.sorted())
    }

    @Test func noSpellingNamesTwoOptions() {
        let spellings = OptionList.all.flatMap { $0.reference.spellings }
        #expect(Set(spellings).count == spellings.count, "no spelling belongs to two options")
        for option in OptionList.all {
            for spelling in option.reference.spellings {
                #expect(spelling.hasPrefix("-"), "\(spelling) cannot be told from a value")
                let found = OptionList.option(named: spelling)
                #expect(found.map { $0 == option } == true, "\(spelling) names its own option")
            }
        }
    }

    /// `movies --help` shows every option: an option nobody can find might as well not be there.
    ///
    /// Its spellings and argument start a row (under "Options:", or after `movies` on a usage
    /// line of its own), then its summary follows, line by line; an option that answers by
    /// itself is named on the last usage line too.
    @Test(arguments: names)
    func theUsageShowsTheOption(name: String) throws {
        let reference = try #require(OptionList.option(named: name)).reference
        let rows = HelpText.usage.split(separator: "\n").map { line in
            let row = line.drop { $0 == " " }
            return row.hasPrefix("movies ") ? row.dropFirst("movies ".count) : row
        }
        let start = try #require(
            rows.firstIndex { $0.hasPrefix(reference.usage + " ") },
            "movies --help has no row for \(reference.usage)")
        #expect(rows[start].hasSuffix(" " + reference.summary[0]))
        for (offset, line) in reference.summary.enumerated().dropFirst() {
            #expect(rows.indices.contains(start + offset) && rows[start + offset] == line[...])
        }
        if reference.placement == .answer {
            #expect(rows.contains { $0.split(separator: " | ").contains(name[...]) })
        }
    }

    /// The options table of docs/COMMANDS.md shows every form of every option, as `--help` does
    /// (`--latency SECONDS`, `--trace[=FILE]`, `-h`), and nothing else: a row for an option
    /// that is gone, or spelled otherwise, would send a reader to an unknown option.
    @Test func theManualShowsEveryOptionAsTheUsageDoes() throws {
        let rows = try Manual.table(under: "## Options")
        let documented = rows.flatMap { $0[0].components(separatedBy: ", ") }
        let forms = OptionList.all.flatMap { $0.reference.forms }
        #expect(documented.count == Set(documented).count, "a form documented twice")
        #expect(Set(forms).subtracting(documented).isEmpty, "missing from the manual")
        #expect(Set(documented).subtracting(forms).isEmpty, "in the manual, not an option")
    }

    /// An option that answers by itself (`--help`) ends the reading: what follows it is not even
    /// looked at, and every other option is read before its conflicts are checked.
    @Test(arguments: names)
    func anAnswerEndsTheReading(name: String) throws {
        let option = try #require(OptionList.option(named: name))
        let value: [String] =
            switch option.reference.argument {
            case .required: ["1"]
            case .none, .optional: []
            }
        let request = try? Options.parse([name] + value + ["--no-such-option"])
        #expect((request != nil) == (option.reference.placement == .answer))
    }

    /// A conflict names options of the list, never the option itself.
    @Test(arguments: names)
    func aConflictNamesOtherListedOptions(name: String) throws {
        let option = try #require(OptionList.option(named: name))
        let named: [any Option.Type] =
            switch option.reference.conflict?.refused {
            case .these(let options)?: options
            case .allBut(let options)?: options
            case nil: []
            }
        for other in named {
            #expect(ObjectIdentifier(other) != ObjectIdentifier(option), "\(option) refuses itself")
            #expect(OptionList.all.contains { $0 == other }, "\(other) is not in the list")
        }
    }

    /// Each option takes what its argument says: an option that takes no value refuses one
    /// attached with `=`, and one that needs a value says so at the end of the command line.
    @Test(arguments: names)
    func eachOptionTakesWhatItsArgumentSays(name: String) throws {
        let option = try #require(OptionList.option(named: name))
        let expected: (arguments: [String], message: String)? =
            switch option.reference.argument {
            case .none where name.hasPrefix("--"):
                ([name + "=x"], "option \(name) takes no value")
            case .none: nil  // `-h=x` is no spelling of `-h`: an unknown option
            case .required: ([name], "option \(name) needs a value")
            case .optional: nil  // without a value is how it is given alone
            }
        if let expected {
            #expect(throws: Options.Error(description: expected.message)) {
                try Options.parse(expected.arguments)
            }
        }
    }
}
