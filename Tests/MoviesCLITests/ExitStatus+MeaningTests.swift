// The exit statuses have one home, `ExitStatus`: `--help` prints its table, and docs/COMMANDS.md's
// table must say the same, status for status and word for word (the docs add only Markdown's code
// spans and escapes).

import Foundation
import SystemBoundary
import Testing

@testable import MoviesCLI

@Suite("ExitStatus+Meaning")
struct ExitStatusMeaningTests {
    @Test func theManualsTableIsTheEnumsTable() throws {
        let manual = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/COMMANDS.md")
        let rows = Self.table(
            under: "## Exit status", in: try String(contentsOf: manual, encoding: .utf8))
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

    /// The rows of the first Markdown table after `heading`, each as its cells, with code spans
    /// and escaped bars made plain text.
    private static func table(under heading: String, in markdown: String) -> [[String]] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == heading }) else { return [] }
        let rows = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        // The header and the |---|---| line.
        return rows.dropFirst(2).map { row in
            let plain = row.replacingOccurrences(of: "\\|", with: "\u{0}")
                .replacingOccurrences(of: "`", with: "")
            return plain.split(separator: "|").map {
                $0.replacingOccurrences(of: "\u{0}", with: "|")
                    .trimmingCharacters(in: .whitespaces)
            }
        }
    }
}
