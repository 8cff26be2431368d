// The README's sample session, run for real: the fenced block under the marker comment in
// README.md is read at test time, the built binary runs on a pseudo-terminal with the block's
// arguments, each `movies> …` line is typed once the screen shows everything above it and an empty
// prompt, and when the app has exited the whole screen must match the block (`…` standing for any
// rows). Also here: the block reader's clear failures, and the row matcher itself, down to a
// scratch copy of the real block with one line changed, which must fail.

import Foundation
import MoviesTestSupport
import Testing

@Suite("The README's sample session")
struct ReadmeSessionTests {
    /// The window: tall enough that nothing of the session scrolls away, wide enough that no row
    /// wraps.
    private static let rows = 60
    private static let columns = 100
    /// How the session ends: `quit`, after a rejected command.
    private static let status = TerminalProcess.Termination.exited(1)

    /// The prompt as the screen shows it with nothing typed (rows are right-trimmed).
    private static let emptyPrompt = String(ReadmeSession.prompt.dropLast())

    /// The screen's rows, trailing empty rows dropped.
    private static func visibleRows(_ screen: TerminalScreen) -> [String] {
        var lines = screen.lines
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    // MARK: - The session

    @Test(.hangGuard)
    func theSampleSessionRunsAsTheReadmeShowsIt() async throws {
        let session = try ReadmeSession.load()
        let expected = session.expected
        func report(_ mismatch: RowMatch.Mismatch, rows: [String], expected: [String]) -> String {
            RowMatch.report(
                mismatch, rows: rows, expected: expected, source: "README.md line",
                firstLine: session.firstLine)
        }

        let app = try TerminalProcess(
            movies: session.arguments, rows: Self.rows, columns: Self.columns)
        for input in session.inputs {
            // Idle at the prompt: everything the block shows above this line is on the screen, and
            // under it an empty input line with the cursor after the prompt (raw mode on, so keys
            // typed now are the app's).
            let above = Array(expected[..<input.index])
            let line = session.firstLine + input.index
            do {
                try await app.waitUntil("the rows above README.md line \(line), an empty prompt") {
                    screen in
                    let row = screen.cursor.row
                    return screen.isBracketedPasteEnabled && screen.line(row) == Self.emptyPrompt
                        && screen.cursor.column == ReadmeSession.prompt.count
                        && RowMatch.mismatch(Array(screen.lines[..<row]), above) == nil
                }
            } catch let failure as TerminalProcess.WaitFailure {
                let rows = Array(app.screen.lines[..<app.screen.cursor.row])
                let why = RowMatch.mismatch(rows, above).map {
                    report($0, rows: rows, expected: above)
                }
                throw TerminalProcess.WaitFailure(
                    description: failure.description
                        + (why.map { "\nabove the prompt: " + $0 } ?? ""))
            }
            app.send(input.text + "\r")
        }
        // The last line typed ends the session. The status is 1, not 0: the session shows a
        // rejected command (`move 40 1`), and the exit-status table in docs/COMMANDS.md says that at least one
        // rejected command makes it 1.
        let ended = try await app.waitForExit()
        #expect(ended == Self.status, "the app \(ended); the session expects \(Self.status)")
        // The terminal put back as it was, and nothing unknown or a sanitizer on the screen.
        try await app.expectExit(ended)

        let rows = Self.visibleRows(app.screen)
        #expect(
            rows.count < Self.rows,
            "the session filled all \(Self.rows) rows; its first rows may have scrolled away"
        )
        if let mismatch = RowMatch.mismatch(rows, expected) {
            Issue.record(Comment(rawValue: report(mismatch, rows: rows, expected: expected)))
        }

        // The comparison can fail: a scratch copy of the block with any one line changed does not
        // match the screen that the block itself matched.
        for (index, line) in expected.enumerated() where line != ReadmeSession.wildcard {
            var changed = expected
            changed[index] = line + " (changed)"
            #expect(
                RowMatch.mismatch(rows, changed) != nil,
                "README.md line \(session.firstLine + index) changed still matches")
        }
    }

    // MARK: - The row matcher

    @Test
    func aWildcardMatchesAnyNumberOfRowsAtTheStartInTheMiddleAndAtTheEnd() {
        #expect(RowMatch.mismatch(["a", "x", "b"], ["…", "b"]) == nil)
        #expect(RowMatch.mismatch(["b"], ["…", "b"]) == nil)
        #expect(RowMatch.mismatch(["a", "c"], ["a", "…", "c"]) == nil)
        #expect(RowMatch.mismatch(["a", "b", "b", "c"], ["a", "…", "c"]) == nil)
        #expect(RowMatch.mismatch(["a", "b", "c"], ["a", "…"]) == nil)
        #expect(RowMatch.mismatch([], ["…"]) == nil)
        #expect(RowMatch.mismatch(["a", "b", "c", "d"], ["…", "b", "…", "d", "…"]) == nil)
        // A wildcard is a whole line of `…`, not a pattern inside a line.
        #expect(RowMatch.mismatch(["ab"], ["a…"]) == .differs(line: 0, row: 0))
    }

    @Test
    func aChangedLineIsReportedWithBothSides() {
        let rows = ["a", "x", "c"]
        let expected = ["a", "b", "c"]
        let mismatch = RowMatch.mismatch(rows, expected)
        #expect(mismatch == .differs(line: 1, row: 1))
        if let mismatch {
            let report = RowMatch.report(mismatch, rows: rows, expected: expected)
            #expect(report.hasPrefix(#"line 2 expects "b", but screen row 2 is "x""#))
            #expect(report.contains(#"  line 2: "b""#) && report.contains(#"  row 2: "x""#))
        }
        // After a wildcard, the line after it is looked for on every later row.
        #expect(RowMatch.mismatch(["a", "b", "c"], ["a", "…", "z"]) == .missing(line: 2, row: 1))
    }

    @Test
    func aMissingLineIsReported() {
        let rows = ["a", "b"]
        let expected = ["a", "b", "c"]
        let mismatch = RowMatch.mismatch(rows, expected)
        #expect(mismatch == .missing(line: 2, row: 2))
        if let mismatch {
            let report = RowMatch.report(
                mismatch, rows: rows, expected: expected, source: "README.md line", firstLine: 10)
            #expect(
                report.hasPrefix(
                    #"the screen ends (after row 2) before README.md line 12, which expects "c""#))
        }
        #expect(RowMatch.mismatch(["a", "c"], ["a", "b", "c"]) == .differs(line: 1, row: 1))
        #expect(RowMatch.mismatch(["a", "c"], ["a", "…", "b", "c"]) == .missing(line: 2, row: 1))
    }

    @Test
    func anExtraRowIsReported() {
        let rows = ["a", "b", "c"]
        let expected = ["a", "b"]
        let mismatch = RowMatch.mismatch(rows, expected)
        #expect(mismatch == .extra(row: 2))
        if let mismatch {
            let report = RowMatch.report(mismatch, rows: rows, expected: expected)
            #expect(report.hasPrefix(#"screen row 3, "c", is more than the expected lines have"#))
        }
    }

    @Test
    func aReportEscapesControlCharactersOnBothSides() {
        let rows = ["\u{1B}[31mred\u{07}"]
        let expected = ["red\u{9B}"]
        let mismatch = RowMatch.mismatch(rows, expected)
        #expect(mismatch == .differs(line: 0, row: 0))
        if let mismatch {
            let report = RowMatch.report(mismatch, rows: rows, expected: expected)
            #expect(UnsafeScalars.first(in: report, allowing: ["\n"]) == nil)
            #expect(report.contains(#""\u{1B}[31mred\u{7}""#))
            #expect(report.contains(#""red\u{9B}""#))
        }
    }

    @Test
    func aScratchCopyOfTheReadmeBlockWithOneLineChangedFails() throws {
        let expected = try ReadmeSession.load().expected
        // A screen the block matches: each wildcard stands for one row of its own.
        let rows = expected.map { $0 == ReadmeSession.wildcard ? "(a row the … stands for)" : $0 }
        #expect(RowMatch.mismatch(rows, expected) == nil)

        // The scratch copy: the first line that follows a line other than a wildcard, changed.
        let changed = try #require(
            expected.indices.dropFirst().first {
                expected[$0] != ReadmeSession.wildcard && expected[$0 - 1] != ReadmeSession.wildcard
            })
        var copy = expected
        copy[changed] += " (changed)"
        #expect(RowMatch.mismatch(rows, copy) == .differs(line: changed, row: changed))
        // And with that line gone, nothing expects the row it matched.
        copy.remove(at: changed)
        #expect(RowMatch.mismatch(rows, copy) != nil)
    }

    // MARK: - Reading the block

    /// A README around `block`, under the marker.
    private static func readme(_ block: String) -> String {
        "# movies\n\n<!-- The block below is run by Tests/moviesTests/ReadmeSessionTests.swift. -->\n"
            + block + "\nMore text.\n"
    }

    private static func malformed(_ readme: String) -> String? {
        do {
            _ = try ReadmeSession(readme: readme)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test
    func theBlockGivesTheArgumentsTheRowsAndTheLinesTyped() throws {
        let session = try ReadmeSession(
            readme: Self.readme(
                "```text\n$ swift run movies --latency 0\n…\nLoaded.\nmovies> list\nA\n```"))
        #expect(session.arguments == ["--latency", "0"])
        #expect(session.expected == ["Loaded.", "movies> list", "A"])
        #expect(session.firstLine == 7)
        #expect(session.inputs == [.init(index: 1, text: "list")])

        // A `…` further down is a wildcard row, not build output.
        let kept = try ReadmeSession(
            readme: Self.readme("```\n$ swift run movies\nLoaded.\n…\nmovies> quit\n```"))
        #expect(kept.arguments.isEmpty)
        #expect(kept.expected == ["Loaded.", "…", "movies> quit"])
        #expect(kept.firstLine == 6)
    }

    @Test
    func aMissingMarkerOrBlockFailsSayingWhat() {
        let cases: [(readme: String, says: String)] = [
            ("# movies\n```text\n$ swift run movies\nmovies> quit\n```\n", "no marker comment"),
            (Self.readme("\n```text\n$ swift run movies\nmovies> quit\n```"), "does not open"),
            (Self.readme("```text\n$ swift run movies\nmovies> quit\n"), "is never closed"),
            (Self.readme("```text\n$ movies\nmovies> quit\n```"), "first line"),
            (Self.readme("```text\n$ swift run movies 'a b'\nmovies> quit\n```"), "needs a shell"),
            (Self.readme("```text\n$ swift run movies\nLoaded.\n```"), "no line typed"),
            (Self.readme("```text\n```") + Self.readme("```text\n```"), "2 marker comments"),
        ]
        for (readme, says) in cases {
            let failure = Self.malformed(readme)
            #expect(failure?.contains(says) == true, "\(failure ?? "no failure"), not \(says)")
        }
    }
}
