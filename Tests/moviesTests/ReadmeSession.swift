// The README's sample session as data: `ReadmeSession` finds the fenced block under its marker
// comment and splits it into the command line, the rows the screen must show and the lines typed;
// `RowMatch` compares screen rows with those expected lines, where a line of only `…` stands for
// any number of rows, and describes a mismatch in escaped text, safe to print at a terminal.

import Foundation
import MoviesTestSupport

/// The sample session in README.md, as `ReadmeSessionTests` runs it.
struct ReadmeSession {
    /// Why the README has no session to run.
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// One line typed at the prompt.
    struct Input: Equatable {
        /// Where the line is in `expected`: the row that shows the prompt and what was typed.
        var index: Int
        /// What is typed before Enter.
        var text: String
    }

    /// What the marker comment names: the test that runs the block under it.
    static let markerTarget = "Tests/moviesTests/ReadmeSessionTests.swift"
    /// The app's prompt, as typed input follows it on a row.
    static let prompt = "movies> "
    /// The first line's command, before the arguments.
    static let command = "$ swift run movies"
    /// A line that stands for any number of rows (and, right after the command line, for
    /// SwiftPM's build output).
    static let wildcard = "…"

    /// The arguments the block's command line gives `movies`.
    var arguments: [String]
    /// The rows the screen must show when the session has ended, `wildcard` lines included.
    var expected: [String]
    /// The README's line number (1-based) of `expected[0]`.
    var firstLine: Int

    /// The lines typed, in order.
    var inputs: [Input] {
        expected.indices.compactMap { index in
            let line = expected[index]
            guard line.hasPrefix(Self.prompt) else { return nil }
            return Input(index: index, text: String(line.dropFirst(Self.prompt.count)))
        }
    }

    /// The README of the package this file belongs to.
    static func readmeURL(filePath: String = #filePath) -> URL {
        // Tests/moviesTests/ReadmeSession.swift: the package root is three levels up.
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
    }

    /// The session in the package's README.md.
    static func load() throws -> ReadmeSession {
        let url = readmeURL()
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw Malformed(description: "cannot read \(url.path): \(error)")
        }
        return try ReadmeSession(readme: text)
    }

    /// Finds the block under the marker comment in `readme` (a comment line naming
    /// `markerTarget`) and reads it.
    ///
    /// - Throws: `Malformed`, saying what is missing, when there is no marker (or more than one),
    ///   no fenced block right under it, no command line, or no line typed.
    init(readme: String) throws {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        let markers = lines.indices.filter {
            lines[$0].hasPrefix("<!--") && lines[$0].contains(Self.markerTarget)
        }
        guard let marker = markers.first else {
            throw Malformed(
                description: "README.md has no marker comment (`<!-- … \(Self.markerTarget) … -->`)"
                    + " above the sample session")
        }
        guard markers.count == 1 else {
            throw Malformed(
                description: "README.md has \(markers.count) marker comments naming "
                    + "\(Self.markerTarget), on lines \(markers.map { $0 + 1 }); one block is run")
        }
        let open = marker + 1
        guard open < lines.count, lines[open].hasPrefix("```") else {
            throw Malformed(
                description: "README.md line \(open + 1), under the marker, does not open a fenced "
                    + "block (```text)")
        }
        guard let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") }) else {
            throw Malformed(
                description: "the fenced block opened on README.md line \(open + 1) is never closed"
            )
        }
        let block = Array(lines[(open + 1)..<close])
        guard let first = block.first,
            first == Self.command || first.hasPrefix(Self.command + " ")
        else {
            throw Malformed(
                description: "the block's first line (README.md line \(open + 2)) is not "
                    + "`\(Self.command)` with the app's arguments")
        }
        arguments = first.dropFirst(Self.command.count).split(separator: " ").map(String.init)
        if let quoted = arguments.first(where: { $0.contains { "\"'\\$`".contains($0) } }) {
            throw Malformed(
                description: "the block's command line has the argument \(quoted), which needs a "
                    + "shell; only plain words are supported")
        }
        // A `…` right after the command line is SwiftPM's build output, which the binary run
        // directly does not print.
        let skipped = block.count > 1 && block[1] == Self.wildcard ? 2 : 1
        expected = Array(block.dropFirst(skipped))
        firstLine = open + 2 + skipped
        if inputs.isEmpty {
            throw Malformed(
                description:
                    "the block (README.md lines \(open + 2)–\(close)) has no line typed at "
                    + "the prompt (`\(Self.prompt)…`)")
        }
    }
}

/// Compares screen rows with expected lines, where a line of only `…` matches any number of rows
/// (none included).
enum RowMatch {
    /// The first thing that keeps rows from matching lines, as far as a match got.
    enum Mismatch: Equatable {
        /// Expected line `line` (0-based) is not what row `row` shows.
        case differs(line: Int, row: Int)
        /// Expected line `line` is on no row from `row` on (`row` is the row count when the
        /// screen ran out).
        case missing(line: Int, row: Int)
        /// Row `row` is left over when every expected line has matched.
        case extra(row: Int)
    }

    /// Why `rows` do not match `expected`, or `nil` when they do.
    static func mismatch(_ rows: [String], _ expected: [String]) -> Mismatch? {
        let isWildcard = expected.map { $0 == ReadmeSession.wildcard }
        // reached[i][j]: the first i expected lines match the first j rows.
        var reached = Array(
            repeating: Array(repeating: false, count: rows.count + 1), count: expected.count + 1)
        reached[0][0] = true
        for line in 0...expected.count {
            for row in 0...rows.count where reached[line][row] {
                guard line < expected.count else { continue }
                if isWildcard[line] {
                    reached[line + 1][row] = true
                    if row < rows.count { reached[line][row + 1] = true }
                } else if row < rows.count, rows[row] == expected[line] {
                    reached[line + 1][row + 1] = true
                }
            }
        }
        if reached[expected.count][rows.count] { return nil }

        // Describe the failure where the match got furthest into the expected lines.
        guard
            let furthest = reached.lastIndex(where: { $0.contains(true) }),
            let firstRow = reached[furthest].firstIndex(of: true),
            let lastRow = reached[furthest].lastIndex(of: true)
        else { return .missing(line: 0, row: 0) }
        if furthest == expected.count { return .extra(row: lastRow) }
        // Here `expected[furthest]` is not a wildcard (a wildcard always lets a match go on).
        if furthest > 0 && isWildcard[furthest - 1] || firstRow == rows.count {
            return .missing(line: furthest, row: firstRow)
        }
        return .differs(line: furthest, row: firstRow)
    }

    /// A report of `mismatch` for a failure message: one sentence, then both sides in full,
    /// numbered (expected lines from `firstLine`, in `source`; rows from 1), every control and
    /// invisible character escaped.
    static func report(
        _ mismatch: Mismatch, rows: [String], expected: [String], source: String = "line",
        firstLine: Int = 1
    ) -> String {
        func quoted(_ text: String) -> String { "\"" + UnsafeScalars.visible(text) + "\"" }
        func lineName(_ line: Int) -> String { "\(source) \(firstLine + line)" }
        var text: String
        switch mismatch {
        case .differs(let line, let row):
            text =
                "\(lineName(line)) expects \(quoted(expected[line])), but screen row \(row + 1) "
                + "is \(quoted(rows[row]))"
        case .missing(let line, let row):
            text =
                row < rows.count
                ? "\(lineName(line)) expects \(quoted(expected[line])), which is on no screen row "
                    + "from row \(row + 1) on"
                : "the screen ends (after row \(rows.count)) before \(lineName(line)), which "
                    + "expects \(quoted(expected[line]))"
        case .extra(let row):
            text =
                "screen row \(row + 1), \(quoted(rows[row])), is more than the expected lines have "
                + "(they end at \(lineName(expected.count - 1)))"
        }
        text += "\nexpected:\n"
        for (index, line) in expected.enumerated() {
            text += "  \(lineName(index)): \(quoted(line))\n"
        }
        text += "screen rows (numbered from 1, right-trimmed, trailing empty rows dropped):\n"
        for (index, row) in rows.enumerated() {
            text += "  row \(index + 1): \(quoted(row))\n"
        }
        return text
    }
}
