// docs/COMMANDS.md, the user's manual, as the tests read it: its tables must say what the code
// says, so a test reads a table from the page and compares it with the code's one home for it
// (the exit statuses, the options).

import Foundation

/// The user's manual, docs/COMMANDS.md.
enum Manual {
    /// The page, from the repository this file is in.
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/COMMANDS.md")

    /// The rows of the first Markdown table after `heading`, each as its cells, with code spans
    /// and escaped bars made plain text.
    static func table(under heading: String) throws -> [[String]] {
        let markdown = try String(contentsOf: file, encoding: .utf8)
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
