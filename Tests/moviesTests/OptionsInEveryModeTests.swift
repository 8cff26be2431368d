// An option means the same wherever the app runs: in raw mode at a terminal, at a terminal that
// takes no escape sequences (`TERM=dumb`) and on a pipe. Each option runs the same lines through
// the built binary in the three modes, and the lines the option is about are there, or not, in
// each of them alike.

import Foundation
import MoviesTestSupport
import Testing

@Suite("options in every mode", .hangGuard)
struct OptionsInEveryModeTests {
    /// Where the app runs.
    enum Mode: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// A terminal in raw mode: the app's own input line.
        case raw
        /// A terminal with `TERM=dumb`: lines and a prompt.
        case dumb
        /// Pipes for stdin, stdout and stderr.
        case pipe

        var testDescription: String { rawValue }
    }

    /// An option, the lines typed, and what it makes the app show or not.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The options; `CATALOG` stands for the path of a two-movie catalog.
        var arguments: [String]
        var lines: [String]
        /// Rows that must be shown (a message without its `line N:` on a pipe).
        var shown: [String]
        /// Rows that must not be.
        var notShown: [String] = []

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "no option", arguments: [], lines: ["delete 1"],
            shown: ["Loading movies…", "Loaded 30 movies.", "- 1. The Godfather (1972)"]),
        Case(
            name: "--quiet", arguments: ["--quiet"], lines: ["delete 1", "list"],
            shown: ["   1. Casablanca (1942)"],
            notShown: ["Loading movies…", "Loaded 30 movies.", "- 1. The Godfather (1972)"]),
        Case(
            name: "--history 1", arguments: ["--history", "1"],
            lines: ["delete 1", "delete 1", "undo", "undo", "list"],
            shown: ["+ 1. Casablanca (1942)", "undo: nothing to undo", "   1. Casablanca (1942)"],
            notShown: ["+ 1. The Godfather (1972)"]),
        Case(
            name: "--catalog", arguments: ["--catalog", "CATALOG"], lines: ["list"],
            shown: ["Loaded 2 movies.", "  1. Gattaca (1997)", "  2. Amélie (2001)"],
            notShown: ["   1. The Godfather (1972)"]),
        Case(
            name: "--fail", arguments: ["--fail"], lines: ["list"],
            shown: [
                "Could not load movies: the server did not answer (simulated failure, attempt 1) "
                    + "— type refresh to retry",
                #"  (no movies; add one with: insert "TITLE" YEAR)"#,
            ]),
    ]

    /// The line typed last: its answer says every line before it has run.
    static let marker = "find zzzmarker"

    @Test(arguments: cases, Mode.allCases)
    func anOptionMeansTheSameInRawModeAtADumbTerminalAndOnAPipe(_ option: Case, mode: Mode)
        async throws
    {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try directory.writeCatalog([
            CatalogMovie(id: 1, title: "Gattaca", year: 1997),
            CatalogMovie(id: 2, title: "Amélie", year: 2001),
        ])
        // A state file, so that `quit` at a terminal leaves without asking about unsaved edits.
        let arguments =
            ["--latency", "0", "--state", directory.path("st")]
            + option.arguments.map { $0 == "CATALOG" ? catalog : $0 }
        let rows = try await Self.rows(running: option.lines, with: arguments, in: mode)
        for row in option.shown {
            #expect(rows.contains(row), "\(mode): \(row.debugDescription) not in \(rows)")
        }
        for row in option.notShown {
            #expect(!rows.contains(row), "\(mode): \(row.debugDescription) in \(rows)")
        }
    }

    /// The rows the app shows when `lines` are typed (or piped) in `mode`: the screen's rows at a
    /// terminal, each without the prompt, and stdout's then stderr's lines on a pipe, each
    /// without its `line N: `.
    private static func rows(running lines: [String], with arguments: [String], in mode: Mode)
        async throws -> [String]
    {
        let input = (lines + [marker]).map { $0 + "\n" }.joined()
        switch mode {
        case .pipe:
            let run = try await MoviesProcess.run(arguments, input: input)
            return (run.stdoutLines + run.stderrLines).map(withoutLineNumber)
        case .raw, .dumb:
            guard let binary = MoviesProcess.binary else { throw MoviesProcess.BinaryNotFound() }
            let terminal = try TerminalProcess(
                executable: binary.path, arguments: arguments,
                environment: ["TERM": mode == .dumb ? "dumb" : "xterm-256color"], rows: 100,
                columns: 160)
            // Typed once the prompt is there: before raw mode, the terminal would echo it.
            try await terminal.waitUntil("the prompt") {
                $0.lines.contains { $0.hasPrefix("movies>") }
            }
            terminal.send(input.replacingOccurrences(of: "\n", with: "\r"))
            try await terminal.waitUntil("the marker's answer") { screen in
                screen.lines.contains { $0.contains("“zzzmarker”") }
            }
            terminal.send("quit\r")
            _ = try await terminal.waitForExit()
            // Lines typed ahead at `TERM=dumb` are echoed before they run, so output may start
            // on a row after a prompt.
            return terminal.screen.lines.map(withoutPrompt)
        }
    }

    /// `row` without the prompts in front of it.
    private static func withoutPrompt(_ row: String) -> String {
        var row = Substring(row)
        while row.hasPrefix("movies> ") { row = row.dropFirst("movies> ".count) }
        return String(row)
    }

    /// `line` without the `line N: ` a rejected line's message starts with on a pipe.
    private static func withoutLineNumber(_ line: String) -> String {
        guard line.hasPrefix("line "), let colon = line.firstIndex(of: ":") else { return line }
        return String(line[line.index(after: colon)...].dropFirst())
    }
}
