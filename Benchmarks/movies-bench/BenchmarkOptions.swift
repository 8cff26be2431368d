// Role in the benchmark: the command line. `--quick` shrinks every workload so that CI can prove
// in seconds that the benchmark still builds and runs; `--json` prints the same figures as one JSON
// object for tools; `--seed` picks another workload.

/// The parsed command-line options of `movies-bench`.
struct BenchmarkOptions: Equatable, Sendable {
    /// What the invocation asks for.
    enum Request: Equatable, Sendable {
        case run(BenchmarkOptions)
        case help
        /// Be the child process of `MemoryProbe`: load `catalog` (of `count` movies) once.
        case memoryProbe(MemoryProbe.Subject, catalog: String, count: Int)
    }

    /// Why the arguments are not valid; `description` is the one-line message.
    struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        var description: String
    }

    /// Print one JSON object instead of the table.
    var json = false
    /// Run the small workloads of `BenchmarkPlan.quick`.
    var quick = false
    /// Seeds every workload; the same seed means the same work.
    var seed: UInt64 = 42

    static let usage = """
        Usage: movies-bench [--quick] [--json] [--seed N]

        Measures the movies app against raw baselines in the same run: the store's cost per
        action, the view's bytes per change, the whole command pipeline, the catalog load, undo
        and redo with the history's memory, a piped script with and without --state (running the
        movies binary built beside this one), restoring a state file, the screen view's bytes
        per edit, and a filtered view (find) against filtering and diffing the whole list.
        Build it in release mode for figures worth reading: swift run -c release movies-bench

        Options:
          --quick    small workloads, a few seconds; proves the benchmark works, nothing more
          --json     print the figures as one JSON object instead of the table
          --seed N   seed of the generated catalogs and edits (default 42)
          --help     show this help

        Internal: --memory-probe app|bare FILE N starts a child that loads FILE once and prints its
        peak memory as JSON; the load section runs it.

        """

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(Error) -> Request {
        var options = BenchmarkOptions()
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
            case "--json":
                options.json = true
            case "--seed":
                guard let text = remaining.popFirst(), let seed = UInt64(text) else {
                    throw Error(description: "--seed needs a whole number from 0 to \(UInt64.max)")
                }
                options.seed = seed
            default:
                throw Error(description: "unknown option \"\(argument)\"")
            }
        }
        return .run(options)
    }
}
