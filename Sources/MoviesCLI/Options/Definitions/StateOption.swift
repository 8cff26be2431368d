// Role in the data flow: before anything runs. `--state FILE` names the state file the session is
// restored from at start and journals every edit to (see `SessionFiles`).

/// `--state FILE`: keep the list in FILE.
enum StateOption: Option {
    static let reference = OptionReference(
        name: "--state", argument: .required("FILE"),
        summary: "keep the list in FILE: restored at start, every edit saved")

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) throws(Options.Error)
    {
        parsed.options.statePath = try value.path()
    }
}
