// Role in the data flow: `find TEXT` and `find --json TEXT` (`--` before a TEXT that starts with
// `--`). Nothing changes: the command makes
// the search (a `TitleSearch`, ignoring case and diacritics) and asks the view to show the
// movies that match, with their positions in the list; the screen view keeps filtering until
// `find` alone. A text no title could be is refused with the title's message.

import MoviesCore
import MoviesFormats
import MoviesViews

/// Show the movies whose titles contain a text, or (`json`) print them as catalog JSON; with no
/// text, show every movie again (the screen view only).
struct FindCommand: Command {
    static let reference = CommandReference(
        name: "find", aliases: ["search"], usage: "find [--json] [--] TEXT",
        summary: "show the movies whose titles contain TEXT",
        details: [
            "Case and accents are ignored (amelie finds Amélie); each match keeps its position.",
            "Text with spaces goes in quotes. Example: find \"the god\"",
            "--json: the matches as one line of catalog JSON.",
            "-- ends the options, for a text that looks like one: find -- --json",
            "In the screen view (--screen) the list shows only the matches, kept up to date,",
            "until find with no text shows every movie again.",
        ])
    static let timing = CommandTiming.afterTheList

    /// The text to search for; `nil` for `find` alone.
    let text: String?
    /// Whether to print the matches as JSON rather than show them.
    let json: Bool

    init(text: String?, json: Bool = false) {
        self.text = text
        self.json = json
    }

    init(arguments: [String]) throws(CommandError) {
        var words = arguments[...]
        json = words.first == "--json"
        if json { words.removeFirst() }
        // `--` ends the options, as in a shell's commands: the word after it is the text, even
        // `--json`.
        if words.first == "--" { words.removeFirst() }
        // `--json` with no text is no text: it is the JSON of nothing.
        try Self.expect(json ? 1...1 : 0...1, in: Array(words))
        text = words.first
    }

    func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome {
        guard let text else {
            if !runner.view.clearFind() {
                runner.reject(.wrongArguments(Self.reference, given: 0), line: line)
            }
            return .proceed
        }
        if let problem = Self.problem(with: text) {
            runner.reject(ErrorMessage.describe(problem, command: Self.reference), line: line)
            return .proceed
        }
        let search = TitleSearch(text)
        let movies = runner.viewModel.state.movies
        if json {
            runner.view.showJSON(Catalog.jsonLine(movies.filter(search.matches)))
        } else {
            runner.view.showMatches(of: search, in: movies)
        }
        return .proceed
    }

    /// Why `text` cannot be searched for: the reasons a title is refused, in the order the
    /// store checks a title (`MoviesState.insert`); `nil` when it can.
    ///
    /// A text no title could be finds nothing, and the same words tell the user why.
    static func problem(with text: String) -> MoviesState.EditError? {
        if Movie.isBlank(text) { return .emptyTitle }
        if Movie.isTooLong(text) { return .titleTooLong(maximum: Movie.maximumTitleLength) }
        return nil
    }
}
