// Role in the data flow: before anything runs. `--follow FILE` makes the session a follower: its
// store starts from the list in FILE, a state file another session keeps, and its actions come from
// that file's journal instead of the keyboard (see `StateFileFollower`).

/// `--follow FILE`: show the list another session keeps in FILE, following every edit.
enum FollowOption: Option {
    static let reference = OptionReference(
        name: "--follow", argument: .required("FILE"),
        summary: "show FILE's list as another session edits it (read-only)",
        refuses: .these(
            LatencyOption.self, FailOption.self, FailFirstOption.self, CatalogOption.self,
            StateOption.self, HistoryOption.self, TraceOption.self,
            because: "shows the list another session keeps and edits nothing"))

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) throws(Options.Error)
    {
        parsed.options.followPath = try value.path()
    }
}
