// Role in the data flow: before anything runs. `--replay TRACE` runs no session: it replays a
// trace (`ReplayRunner`) and says whether every action did what it did when it was recorded.

/// `--replay TRACE`: check that a trace replays exactly.
enum ReplayOption: Option {
    static let reference = OptionReference(
        name: "--replay", argument: .required("TRACE"),
        summary: "check that a trace replays exactly", placement: .usageLine,
        refuses: .allBut(QuietOption.self, because: "it replays the trace alone"))

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) throws(Options.Error)
    {
        parsed.replay = try value.path()
    }
}
