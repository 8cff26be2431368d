// The help texts against the golden files in Golden/, written by hand: `help`, every `help
// COMMAND`, and `movies --help`, whose exit-status table comes from `ExitStatus`.

import Foundation
import Testing

@testable import MoviesCLI

@Suite("Help text")
struct HelpTextTests {
    @Test func theReferenceIsTheGoldenOne() throws {
        #expect(HelpText.commands == (try Golden.text("help")))
    }

    @Test(arguments: CommandList.names)
    func eachCommandsPageIsTheGoldenOne(name: String) throws {
        let command = try #require(CommandList.command(named: name))
        #expect(HelpText.page(of: command.reference) == (try Golden.text("help-" + name)))
    }

    @Test func theUsageIsTheGoldenOne() throws {
        #expect(HelpText.usage == (try Golden.text("usage")))
    }

    /// A golden file for a command that no longer exists would check nothing.
    @Test func everyGoldenFileIsChecked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Golden.folder.path)
        let checked = ["help.txt", "usage.txt"] + CommandList.names.map { "help-\($0).txt" }
        #expect(files.sorted() == checked.sorted())
    }

    @Test func theUsageFitsAnEightyColumnTerminal() {
        let long = HelpText.usage.split(separator: "\n").map(String.init).filter { $0.count > 80 }
        #expect(long.isEmpty)
    }

    @Test(
        arguments: [
            ("a b c", 5, "> a b\n  c\n"),
            ("one", 5, "> one\n"),
            ("a verylongword b", 6, "> a\n  verylongword\n  b\n"),
        ] as [(String, Int, String)])
    func wrapsAtSpaces(text: String, width: Int, wrapped: String) {
        #expect(HelpText.wrap(text, first: "> ", rest: "  ", width: width) == wrapped)
    }
}
