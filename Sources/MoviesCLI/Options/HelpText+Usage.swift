// Role in the data flow: static text. `movies --help`, also printed after a bad option, is built
// here from what each option's definition says of itself (`OptionReference`, through `OptionList`)
// and from `ExitStatus`, so the spellings, arguments and statuses it shows are the ones the parser
// takes and the app exits with. The golden file Golden/usage.txt in the tests holds the result.

import SystemBoundary

extension HelpText {
    /// The text printed by `movies --help`, and to stderr after a bad option.
    package static var usage: String {
        synopsis + "\n" + about + "\nOptions:\n" + options + "\nExit status:\n" + exitStatuses
    }

    /// The longest line of `--help`, so it reads in an 80-column terminal.
    static let width = 78
    /// The column where a summary starts on a usage line of its own.
    private static let usageLineColumn = 38
    /// The column where a summary starts under "Options:".
    private static let listColumn = 22

    /// The ways to run the app: with options, then one usage line for each option that runs it
    /// another way, then the options that answer by themselves.
    private static var synopsis: String {
        let references = OptionList.all.map { $0.reference }
        let answers = references.filter { $0.placement == .answer }.map(\.name)
        return "Usage: movies [options]\n"
            + references.filter { $0.placement == .usageLine }.map {
                row("       movies " + $0.usage, column: usageLineColumn, summary: $0.summary)
            }.joined() + "       movies " + answers.joined(separator: " | ") + "\n"
    }

    /// What the app is, for someone who has not run it yet.
    private static let about =
        "A movie list you edit with commands read from standard input, one per line\n"
        + "(type help in the app for the commands).\n"

    /// One row per option that is listed (all but those with a usage line of their own).
    private static var options: String {
        OptionList.all.map { $0.reference }.filter { $0.placement != .usageLine }.map {
            row("  " + $0.usage, column: listColumn, summary: $0.summary)
        }.joined()
    }

    /// `left`, then the summary's lines, each starting at `column`.
    private static func row(_ left: String, column: Int, summary: [String]) -> String {
        let indent = String(repeating: " ", count: column)
        let first = left + String(repeating: " ", count: max(1, column - left.count))
        return summary.enumerated().map { ($0 == 0 ? first : indent) + $1 + "\n" }.joined()
    }

    /// One line per exit status, its meaning wrapped under itself to `width` columns.
    private static var exitStatuses: String {
        ExitStatus.allCases.map { status in
            let number = "  \(status.rawValue)"
            let indent = number + String(repeating: " ", count: max(1, 7 - number.count))
            return wrap(
                status.meaning, first: indent, rest: String(repeating: " ", count: 7), width: width)
        }.joined()
    }

    /// `text` in lines of at most `width` columns, broken at spaces (a word longer than that
    /// has a line of its own); the first line starts with `first`, the others with `rest`.
    static func wrap(_ text: String, first: String, rest: String, width: Int) -> String {
        var lines: [String] = []
        var line = first
        var empty = true
        for word in text.split(separator: " ") {
            if !empty, line.count + 1 + word.count > width {
                lines.append(line)
                line = rest
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(line)
        return lines.map { $0 + "\n" }.joined()
    }
}
