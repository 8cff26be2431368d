// Role in the data flow: `list` and `list --json`. Nothing changes: the command asks the view to
// show the whole list, as rows or as one line of catalog JSON, and says so on stderr when the list
// is not the one a failed state file holds.

import MoviesCore
import MoviesFormats

/// Print the whole list, as rows or (`json`) as one line of catalog JSON.
struct ListCommand: Command {
    static let reference = CommandReference(
        name: "list", aliases: ["ls"], usage: "list [--json]",
        summary: "show the list; --json: as one line of catalog JSON",
        details: [
            "Rows are numbered from 1; those numbers are the positions other commands take.",
            "The JSON is in the catalog's schema, a movie's keys being \(keys).",
            "To keep the list as a file, type save FILE,",
            "or in a shell: movies --quiet -c 'list --json' > movies.json",
        ])
    /// A movie's keys, from its table of fields: `id, rating (when set), title, year`.
    private static var keys: String {
        Movie.Field.allCases.map { field in
            field.kind.isRequired ? field.stringValue : "\(field.stringValue) (when set)"
        }.joined(separator: ", ")
    }
    static let timing = CommandTiming.afterTheList

    /// Whether to print JSON rather than rows.
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
        let movies = runner.viewModel.state.movies
        if json {
            runner.view.showJSON(Catalog.jsonLine(movies))
        } else {
            runner.view.showList(movies)
        }
        if let note = runner.stateFileFailure()?.listNote { runner.report(note) }
        return .proceed
    }
}
