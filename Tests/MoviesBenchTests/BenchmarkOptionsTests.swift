// The benchmark's command line: each output it can print, the commit the page must name, and a
// clear error for each bad combination.

import Testing

@testable import movies_bench

@Suite("Benchmark options")
struct BenchmarkOptionsTests {
    static let accepted: [([String], BenchmarkOptions.Request)] = [
        ([], .run(BenchmarkOptions())),
        (["--json"], .run(BenchmarkOptions(output: .json))),
        (["--quick"], .run(BenchmarkOptions(quick: true))),
        (["--seed", "7"], .run(BenchmarkOptions(seed: 7))),
        (
            ["--markdown", "--commit", "26877b7"],
            .run(BenchmarkOptions(output: .markdown(commit: "26877b7")))
        ),
        (
            ["--commit", "ABCDEF0123", "--quick", "--markdown"],
            .run(BenchmarkOptions(output: .markdown(commit: "ABCDEF0123"), quick: true))
        ),
        (
            ["--markdown", "--commit", String(repeating: "f", count: 40)],
            .run(BenchmarkOptions(output: .markdown(commit: String(repeating: "f", count: 40))))
        ),
        (["--quick", "--help"], .help),
        (["--dispatch-only"], .run(BenchmarkOptions(dispatchOnly: true))),
        (["--quick", "--dispatch-only"], .run(BenchmarkOptions(quick: true, dispatchOnly: true))),
    ]

    @Test(arguments: accepted)
    func parses(_ arguments: [String], _ expected: BenchmarkOptions.Request) throws {
        #expect(try BenchmarkOptions.parse(arguments) == expected)
    }

    static let refused: [([String], String)] = [
        (["--markdown"], "--markdown needs --commit HASH, the commit it measures"),
        (["--quick", "--markdown"], "--markdown needs --commit HASH, the commit it measures"),
        (["--commit", "26877b7"], "--commit names the commit of a --markdown page"),
        (
            ["--json", "--markdown", "--commit", "26877b7"],
            "--json and --markdown print different things; pick one"
        ),
        (["--markdown", "--commit"], "--commit needs a commit hash of 7 to 40 hex digits"),
        (
            ["--markdown", "--commit", "26877b"],
            "--commit needs a commit hash of 7 to 40 hex digits"
        ),
        (
            ["--markdown", "--commit", String(repeating: "a", count: 41)],
            "--commit needs a commit hash of 7 to 40 hex digits"
        ),
        (
            ["--markdown", "--commit", "26877bg"],
            "--commit needs a commit hash of 7 to 40 hex digits"
        ),
        (
            ["--markdown", "--commit", "HEAD~1x"],
            "--commit needs a commit hash of 7 to 40 hex digits"
        ),
        (["--seed", "-1"], "--seed needs a whole number from 0 to 18446744073709551615"),
        (["--fast"], "unknown option \"--fast\""),
        (
            ["--dispatch-only", "--json"],
            "--dispatch-only prints a table; --json and --markdown a whole run"
        ),
        (
            ["--markdown", "--commit", "26877b7", "--dispatch-only"],
            "--dispatch-only prints a table; --json and --markdown a whole run"
        ),
    ]

    @Test(arguments: refused)
    func refuses(_ arguments: [String], _ message: String) {
        #expect(throws: BenchmarkOptions.Error(description: message)) {
            try BenchmarkOptions.parse(arguments)
        }
    }

    /// An unknown option goes back to the terminal in the error message, so it is escaped: the
    /// message shows the escape character, and a terminal would not act on it.
    @Test func anUnknownOptionIsEscapedInTheMessage() {
        #expect(throws: BenchmarkOptions.Error(description: "unknown option \"\\u{1B}[2J\"")) {
            try BenchmarkOptions.parse(["\u{1B}[2J"])
        }
    }

    @Test func theUsageNamesEveryOption() {
        for option in [
            "--quick", "--json", "--markdown", "--commit HASH", "--seed N", "--dispatch-only",
            "--help",
        ] {
            #expect(BenchmarkOptions.usage.contains(option), "\(option)")
        }
    }
}
