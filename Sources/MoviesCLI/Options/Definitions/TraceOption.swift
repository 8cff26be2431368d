// Role in the data flow: before anything runs. `--trace[=FILE]` asks for one JSON line per action
// (see `TraceWriter`), to FILE or to stderr: the only option whose value may be left out.

/// `--trace[=FILE]`: write one JSON line per action to FILE, or to stderr without one.
enum TraceOption: Option {
    static let reference = OptionReference(
        name: "--trace", argument: .optional("FILE"),
        summary: "write one JSON line per action to FILE (default stderr)")

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) throws(Options.Error)
    {
        parsed.options.trace = value.isGiven ? .file(try value.path()) : .standardError
    }
}
