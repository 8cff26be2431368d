// Role in the data flow: `rename POSITION TITLE`, the store's `rename` action. Before it is sent,
// the command checks that the list would still fit in a file the app can read back, as `insert`
// does. A rename to the title the movie has is accepted and changes nothing: the store returns no
// Change, and the runner says so.

import MoviesCore

/// Give the movie at a position a new title; it keeps its year, its id and its place.
struct RenameCommand: EditCommand {
    static let reference = CommandReference(
        name: "rename", aliases: [], usage: "rename POSITION TITLE",
        summary: "give the movie at POSITION the title TITLE",
        details: [
            "The words after POSITION are the title; quotes keep its spaces as typed.",
            "The movie keeps its year and its place; undo brings the old title back.",
            "Example: rename 3 \"Citizen Kane (Director's Cut)\"",
        ])
    /// The position names a row of the list.
    static let positions = PositionArgument(command: reference.name, includesTheEnd: false)

    let position: Int
    let title: String

    init(position: Int, title: String) {
        self.position = position
        self.title = title
    }

    /// `POSITION TITLE…`: a title of several words is those words, one space apart.
    init(arguments: [String]) throws(CommandError) {
        try Self.expect(2...Int.max, in: arguments)
        position = try Self.positions.parse(arguments[0])
        title = arguments.dropFirst().joined(separator: " ")
    }

    func action(in state: MoviesState) -> MoviesViewModel.Action {
        .rename(at: position - 1, to: title)
    }

    func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome {
        let state = runner.viewModel.state
        // A position out of range is the store's to refuse, with the valid positions.
        if state.movies.indices.contains(position - 1) {
            let movie = state.movies[position - 1]
            var renamed = movie
            renamed.title = title
            let bytes = runner.fileBytes(replacing: movie, with: renamed)
            guard runner.fits(bytes, command: Self.reference, writing: false, line: line) else {
                return .proceed
            }
        }
        runner.edit(action(in: state), command: Self.reference, line: line)
        return .proceed
    }
}
