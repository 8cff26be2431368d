// Role in the benchmark: the command line. `--quick` shrinks every workload so that CI can prove
// in seconds that the benchmark still builds and runs; `--json` prints the same figures as one JSON
// object for tools; `--markdown` prints docs/PERFORMANCE.md for the commit `--commit` names;
// `--seed` picks another workload; `--dispatch-only` runs section 1 alone, for work on the store.

import SystemBoundary

/// The parsed command-line options of `movies-bench`.
struct BenchmarkOptions: Equatable, Sendable {
    /// What the invocation asks for.
    enum Request: Equatable, Sendable {
        case run(BenchmarkOptions)
        case help
        /// Be the child process of `MemoryProbe`: load `catalog` (of `count` movies) once.
        case memoryProbe(MemoryProbe.Subject, catalog: String, count: Int)
    }

    /// How the report is printed.
    ///
    /// One value for three flags, so that only one output can be asked for and the page always
    /// names the commit it measured: `--json` with `--markdown`, or `--markdown` without
    /// `--commit`, has no value here, and `output(json:markdown:commit:)` refuses it with a message.
    enum Output: Equatable, Sendable {
        /// The text table, for people (`ReportTable`).
        case table
        /// One JSON object, for tools (`BenchmarkReport.json()`).
        case json
        /// The whole of docs/PERFORMANCE.md (`PerformancePage`), naming the commit measured.
        case markdown(commit: String)
    }

    /// Why the arguments are not valid; `description` is the one-line message.
    struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        var description: String
    }

    var output = Output.table
    /// Run the small workloads of `BenchmarkPlan.quick`.
    var quick = false
    /// Run section 1 alone (the store's dispatch and the middleware row) and print its table.
    var dispatchOnly = false
    /// Seeds every workload; the same seed means the same work.
    var seed: UInt64 = 42

    static let usage = """
        Usage: movies-bench [--quick] [--json | --markdown --commit HASH | --dispatch-only]
                            [--seed N]

        Measures the movies app against raw baselines in the same run: the store's cost per
        action, the view's bytes per change, the whole command pipeline, the catalog load, undo
        and redo with the history's memory, a piped script with and without --state (running the
        movies binary built beside this one), restoring a state file, the screen view's bytes
        per edit, a filtered view (find) against filtering and diffing the whole list, a
        follower (movies --follow) in a process of its own: its lag and its bytes per edit, and
        time travel (goto) against replaying the edits from the start and keeping every state.
        Build it in release mode for figures worth reading: swift run -c release movies-bench

        Options:
          --quick          small workloads, a few seconds; proves the benchmark works, nothing more
          --json           print the figures as one JSON object instead of the table
          --markdown       print docs/PERFORMANCE.md: the table with what its figures say
          --commit HASH    the commit measured, named by the page (7 to 40 hex digits); required
                           with --markdown (scripts/write-performance passes it)
          --seed N         seed of the generated catalogs and edits (default 42)
          --dispatch-only  run section 1 alone (the store's cost per action, with and without
                           a middleware) and print its table with its targets: a minute at most,
                           for measuring the store while changing it
          --help           show this help

        Internal: --memory-probe app|bare FILE N starts a child that loads FILE once and prints its
        peak memory as JSON; the load section runs it.

        """

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(Error) -> Request {
        var options = BenchmarkOptions()
        var json = false
        var markdown = false
        var commit: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                return .help
            case MemoryProbe.option:
                guard let subject = remaining.popFirst().flatMap(MemoryProbe.Subject.init),
                    let catalog = remaining.popFirst(),
                    let count = remaining.popFirst().flatMap({ Int($0) })
                else {
                    throw Error(
                        description: "\(MemoryProbe.option) needs app|bare, a file and a count")
                }
                return .memoryProbe(subject, catalog: catalog, count: count)
            case "--quick":
                options.quick = true
            case "--dispatch-only":
                options.dispatchOnly = true
            case "--json":
                json = true
            case "--markdown":
                markdown = true
            case "--commit":
                guard let text = remaining.popFirst(), isCommitHash(text) else {
                    throw Error(description: "--commit needs a commit hash of 7 to 40 hex digits")
                }
                commit = text
            case "--seed":
                guard let text = remaining.popFirst(), let seed = UInt64(text) else {
                    throw Error(description: "--seed needs a whole number from 0 to \(UInt64.max)")
                }
                options.seed = seed
            default:
                // Escaped: an argument is untrusted text, and this message goes to a terminal.
                throw Error(
                    description: "unknown option \"\(TerminalText.escaped(argument))\"")
            }
        }
        options.output = try output(json: json, markdown: markdown, commit: commit)
        guard !options.dispatchOnly || options.output == .table else {
            throw Error(
                description: "--dispatch-only prints a table; --json and --markdown a whole run")
        }
        return .run(options)
    }

    /// The one output the flags ask for: `--json` and `--markdown` exclude each other, and the
    /// page must name the commit it measured, so `--commit` comes with `--markdown` and only then.
    private static func output(json: Bool, markdown: Bool, commit: String?) throws(Error) -> Output
    {
        switch (json, markdown, commit) {
        case (true, true, _):
            throw Error(description: "--json and --markdown print different things; pick one")
        case (_, true, let commit?):
            return .markdown(commit: commit)
        case (_, true, nil):
            throw Error(description: "--markdown needs --commit HASH, the commit it measures")
        case (_, false, _?):
            throw Error(description: "--commit names the commit of a --markdown page")
        case (true, false, nil):
            return .json
        case (false, false, nil):
            return .table
        }
    }

    /// Whether `text` can be a git commit hash: 7 to 40 hexadecimal digits (an abbreviated or a
    /// full SHA-1).
    private static func isCommitHash(_ text: String) -> Bool {
        (7...40).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                    UInt8(ascii: "A")...UInt8(ascii: "F"):
                    return true
                default:
                    return false
                }
            }
    }
}
