// The help texts against the golden files in Golden/, written by hand: `help` and every `help
// COMMAND` (`movies --help` is in HelpText+UsageTests.swift); no golden file goes unchecked.

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

    /// A golden file for a command that no longer exists would check nothing.
    @Test func everyGoldenFileIsChecked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Golden.folder.path)
        let checked = ["help.txt", "usage.txt"] + CommandList.names.map { "help-\($0).txt" }
        #expect(files.sorted() == checked.sorted())
    }
}
