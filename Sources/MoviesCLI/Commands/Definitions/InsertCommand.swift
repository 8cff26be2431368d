// Role in the data flow: `insert "TITLE" YEAR [POSITION]`, the store's `insert` action. Before it
// is sent, the command checks that the list would still fit in a file the app can read back.

import MoviesCore

/// Insert a movie; `position` `nil` means at the end.
struct InsertCommand: EditCommand {
    static let reference = CommandReference(
        name: "insert", aliases: ["add"], usage: "insert \"TITLE\" YEAR [POSITION]",
        summary: "insert a movie at POSITION (default: the end)",
        details: [
            "Titles with spaces go in quotes; years are "
                + "\(Movie.validYears.lowerBound)–\(Movie.validYears.upperBound). "
                + "Example: insert \"Blade Runner\" 1982 2"
        ])
    /// The position may be one past the last row: the end of the list.
    static let positions = PositionArgument(command: reference.name, includesTheEnd: true)
    /// The year: digits only; the range is the store's to check.
    static let years = FieldArgument(
        command: reference.name, field: .year,
        hint: " (quote a title that has spaces: insert \"Blade Runner\" 1982)")

    let title: String
    let year: Int
    let position: Int?

    init(title: String, year: Int, position: Int?) {
        self.title = title
        self.year = year
        self.position = position
    }

    init(arguments: [String]) throws(CommandError) {
        try Self.expect(2...3, in: arguments)
        title = arguments[0]
        year = try Self.years.number(arguments[1])
        position = arguments.count == 3 ? try Self.positions.parse(arguments[2]) : nil
    }

    func action(in state: MoviesState) -> MoviesViewModel.Action {
        .insert(title: title, year: year, at: position.map { $0 - 1 } ?? state.movies.count)
    }

    func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome {
        let state = runner.viewModel.state
        let movie = Movie(id: state.nextID, title: title, year: year)
        guard
            runner.fits(
                runner.fileBytes(inserting: movie), command: Self.reference, writing: false,
                line: line)
        else { return .proceed }
        runner.edit(action(in: state), command: Self.reference, line: line)
        return .proceed
    }
}
