// Role in the data flow: `rate POSITION STARS|none`, the store's `rate` action. Before it is sent,
// the command checks that the list would still fit in a file the app can read back, as `rename`
// does. A rating the movie already has is accepted and changes nothing: the store returns no
// Change, and the runner says so.

import MoviesCore

/// Give the movie at a position a rating of one to five stars, or take its rating away.
struct RateCommand: EditCommand {
    static let reference = CommandReference(
        name: "rate", aliases: [], usage: "rate POSITION STARS|none",
        summary: "give the movie at POSITION a rating of STARS, or none",
        details: [
            "STARS is \(Movie.validRatings.lowerBound)–\(Movie.validRatings.upperBound); "
                + "a row shows them after the year, ★★★★☆ for 4.",
            "The movie keeps its title, its year and its place; undo brings the old rating back.",
            "Example: rate 3 5, then rate 3 \(FieldArgument.none) to take it away",
        ])
    /// The position names a row of the list.
    static let positions = PositionArgument(command: reference.name, includesTheEnd: false)
    /// The stars, or `none`; the range is the store's to check.
    static let stars = FieldArgument(command: reference.name, field: .rating)

    let position: Int
    /// `nil`: no rating.
    let stars: Int?

    init(position: Int, stars: Int?) {
        self.position = position
        self.stars = stars
    }

    init(arguments: [String]) throws(CommandError) {
        try Self.expect(2...2, in: arguments)
        position = try Self.positions.parse(arguments[0])
        stars = try Self.stars.value(arguments[1])
    }

    func action(in state: MoviesState) -> MoviesViewModel.Action {
        .rate(at: position - 1, stars: stars)
    }

    func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome {
        let state = runner.viewModel.state
        // A position out of range is the store's to refuse, with the valid positions.
        if state.movies.indices.contains(position - 1) {
            let movie = state.movies[position - 1]
            var rated = movie
            rated.rating = stars
            let bytes = runner.fileBytes(replacing: movie, with: rated)
            guard runner.fits(bytes, command: Self.reference, writing: false, line: line) else {
                return .proceed
            }
        }
        runner.edit(action(in: state), command: Self.reference, line: line)
        return .proceed
    }
}
