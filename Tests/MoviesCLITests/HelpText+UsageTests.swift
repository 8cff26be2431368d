// `movies --help` against its golden file, Golden/usage.txt, written by hand: the options come
// from `OptionList` (OptionListTests checks each is shown), the exit-status table from
// `ExitStatus`.

import Testing

@testable import MoviesCLI

@Suite("HelpText+Usage")
struct HelpTextUsageTests {
    @Test func theUsageIsTheGoldenOne() throws {
        #expect(HelpText.usage == (try Golden.text("usage")))
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
