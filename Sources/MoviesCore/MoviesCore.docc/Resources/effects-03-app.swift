// App.swift: the views and the scripted session. The session drives the
// store; each view prints the Changes it is handed.

/// The line view: it subscribes and writes one line per changed row; the whole
/// list only for a reload, or when asked.
///
/// Its `switch` over `Change` is exhaustive: add a case to `Change` and this
/// stops compiling until it decides how to draw it. It writes to `write`, so a
/// test can read what it drew.
@MainActor
final class MoviesViewController {
    private let write: @MainActor (String) -> Void

    init(
        viewModel: MoviesViewModel, write: @escaping @MainActor (String) -> Void
    ) {
        self.write = write
        viewModel.subscribe { change, state in self.render(change, in: state) }
    }

    /// Draws exactly what `change` names.
    func render(_ change: MoviesState.Change, in state: MoviesState) {
        switch change {
        case .none, .fetch(.idle): return
        case .inserted(let movie, let row): write("+ " + line(movie, at: row))
        case .deleted(let movie, let row): write("- " + line(movie, at: row))
        case .moved(let movie, let from, let to):
            write("↕ \(from + 1) → " + line(movie, at: to))
        case .fetch(.loading): write("Loading movies…")
        case .fetch(.loaded): write("Loaded \(state.movies.count) movies.")
        case .reloaded: show(state.movies)
        }
    }

    /// Writes every row: for a reload, or when asked for the list.
    func show(_ movies: [Movie]) {
        for (row, movie) in movies.enumerated() {
            write(line(movie, at: row))
        }
    }

    /// A movie as users see it: at its position, its row plus one.
    private func line(_ movie: Movie, at row: Int) -> String {
        "\(row + 1). \(movie.title) (\(movie.year))"
    }
}

/// The program: a scripted session, printed by the line view.
///
/// The data flow, one way: the session calls a store method ─► the store runs
/// a reducer on the state ─► the reducer returns a Change ─► the store hands
/// the Change to every subscriber ─► the line view draws it.
@main
@MainActor
struct MoviesInOneFile {
    /// Runs the session, with the line view printing to standard output.
    static func main() async {
        let viewModel = MoviesViewModel(api: FakeMoviesAPI())
        let view = MoviesViewController(viewModel: viewModel) { print($0) }
        await session(viewModel, view)
    }

    /// Load, delete, move, insert, then list: each edit draws one line.
    static func session(
        _ viewModel: MoviesViewModel, _ view: MoviesViewController
    ) async {
        await viewModel.refresh()
        viewModel.delete(at: 2)
        viewModel.move(from: 2, to: 0)
        viewModel.insert(title: "Blade Runner 2049", year: 2017, at: 1)
        view.show(viewModel.state.movies)
    }
}
