// Role in the data flow: `history` and `history --json`. Nothing changes: the command asks the
// view to show the store's history, each edit by the number `goto` and `skip` take, with the rows
// it touched and the point the list is at; `--json` prints it as one line for scripts.

import MoviesCore
import MoviesFormats
import MoviesViews

/// Show the edits undo, redo, goto and skip move through, or (`json`) print them as JSON.
struct HistoryCommand: Command {
    static let reference = CommandReference(
        name: "history", aliases: [], usage: "history [--json]",
        summary: "show the edits, numbered, and where the list is among them",
        details: [
            "Each edit shows the rows it touched; \(HistoryText.mark) marks the one the list is "
                + "right after.",
            "goto K gives the list as it was right after edit K (goto 0: before the first);",
            "skip K takes edit K out. Rejected commands are not edits; --history N bounds them.",
            "--json: the edits as one JSON array (number, action, Changes, current, undone).",
        ])
    static let timing = CommandTiming.afterTheList

    /// Whether to print JSON rather than show the listing.
    let json: Bool

    init(json: Bool) {
        self.json = json
    }

    init(arguments: [String]) throws(CommandError) {
        if arguments == ["--json"] {
            json = true
            return
        }
        try Self.expect(0...0, in: arguments)
        json = false
    }

    func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome {
        let history = runner.viewModel.history
        if json {
            runner.view.showJSON(HistoryJSON.line(history))
        } else {
            runner.view.showHistory(history)
        }
        return .proceed
    }
}
