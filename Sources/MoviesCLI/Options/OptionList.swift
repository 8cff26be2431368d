// Role in the data flow: before anything runs. The first word of an argument names an option;
// this is the one list of options, so it is where that name is looked up, what `movies --help`
// lists, what the conflicts between options are checked in, and what the docs test reads.
//
//   arguments ─► Options.parse ─► OptionList.option(named:) ─► an Option ─► ParsedArguments

/// Every option the app knows.
enum OptionList {
    /// Every option, in the order `movies --help` lists them under "Options:", then the ones
    /// with a usage line of their own, in the order of those lines.
    ///
    /// The one list: an option in Definitions/ that is not here cannot be given, and a test
    /// checks that every definition file is listed. Conflicts are checked in this order too.
    static let all: [any Option.Type] = [
        LatencyOption.self, FailOption.self, FailFirstOption.self, CatalogOption.self,
        StateOption.self, FollowOption.self, HistoryOption.self, TraceOption.self,
        QuietOption.self, ScreenOption.self, HelpOption.self, VersionOption.self,
        CommandsOption.self, ReplayOption.self,
    ]

    /// Every spelling of every option, to its option.
    private static let bySpelling: [String: any Option.Type] = {
        var table: [String: any Option.Type] = [:]
        for option in all {
            for spelling in option.reference.spellings {
                // The first option to claim a spelling keeps it; a test checks none is shared.
                if table[spelling] == nil { table[spelling] = option }
            }
        }
        return table
    }()

    /// The option spelled `name` (exactly: options are case-sensitive), if any.
    static func option(named name: String) -> (any Option.Type)? {
        bySpelling[name]
    }

    /// Throws the usage error of the first option, in this list's order, that refuses another
    /// one given with it; `given` holds every option given.
    static func checkConflicts(among given: [any Option.Type]) throws(Options.Error) {
        for option in all where given.contains(where: { $0 == option }) {
            if let error = option.reference.conflict?.refusal(by: option, among: given) {
                throw error
            }
        }
    }
}
