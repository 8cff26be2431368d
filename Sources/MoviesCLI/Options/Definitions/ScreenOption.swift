// Role in the data flow: before anything runs. `--screen` picks the screen view, which keeps the
// list on a terminal; whether there is one is `MoviesApp`'s question, once the options are read.

/// `--screen`: keep the list on screen, repainting only what changes.
enum ScreenOption: Option {
    static let reference = OptionReference(
        name: "--screen",
        summary: "keep the list on screen, repainting only what changes",
        "(a terminal that takes escape sequences only)",
        refuses: .these(
            CommandsOption.self, QuietOption.self, because: "shows the list on a terminal"))

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) {
        parsed.options.screen = true
    }
}
