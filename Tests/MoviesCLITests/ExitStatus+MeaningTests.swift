// The exit statuses have one home, `ExitStatus`: `--help` prints its table, and docs/COMMANDS.md's
// table must say the same, status for status and word for word (the docs add only Markdown's code
// spans and escapes).

import SystemBoundary
import Testing

@testable import MoviesCLI

@Suite("ExitStatus+Meaning")
struct ExitStatusMeaningTests {
    @Test func theManualsTableIsTheEnumsTable() throws {
        let rows = try Manual.table(under: "## Exit status")
        let expected = SystemBoundary.ExitStatus.allCases.map { ["\($0.rawValue)", $0.meaning] }
        #expect(rows == expected)
    }

    @Test func theUsageShowsEveryStatusWithItsMeaning() {
        let usage = HelpText.usage.split(separator: "\n").map(String.init)
        guard let start = usage.firstIndex(of: "Exit status:") else {
            Issue.record("movies --help has no exit-status table")
            return
        }
        let table = usage[(start + 1)...].map { $0 + "\n" }.joined()
        for status in SystemBoundary.ExitStatus.allCases {
            let lines = HelpText.wrap(
                status.meaning,
                first: "  \(status.rawValue)".padding(toLength: 7, withPad: " ", startingAt: 0),
                rest: String(repeating: " ", count: 7), width: HelpText.width)
            #expect(table.contains(lines), "status \(status.rawValue)")
        }
    }
}
