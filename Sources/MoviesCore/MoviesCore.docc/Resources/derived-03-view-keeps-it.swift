// App.swift: the views and the scripted session. The session drives the
// store; each view prints the Changes it is handed.

/// A middleware that writes a line before each action and one after it: a
/// logger.
@MainActor
final class ActionLog: Middleware {
    private let write: @MainActor (String) -> Void

    init(write: @escaping @MainActor (String) -> Void) {
        self.write = write
    }

    func willSend(_ action: MoviesViewModel.Action, state: MoviesState) {
        switch action {
        case .fetchSucceeded(let movies):
            write("→ fetchSucceeded(\(movies.count) movies)")
        case .insert, .delete, .move, .undo, .redo, .refresh:
            write("→ \(action)")
        }
    }

    func didSend(
        _ action: MoviesViewModel.Action, changes: [MoviesState.Change],
        state: MoviesState
    ) {
        write("← \(changes.count) Change(s), \(state.movies.count) movies")
    }
}

/// The line view: it subscribes and writes one line per changed row; the whole
/// list only for a reload, or when asked.
///
/// Its `switch` over `Change` is exhaustive: add a case to `Change` and this
/// stops compiling until it decides how to draw it. It writes to `write`, so a
/// test can read what it drew.
@MainActor
final class MoviesViewController {
    private let write: @MainActor (String) -> Void
    private var subscription: Subscription?

    init(
        viewModel: MoviesViewModel, write: @escaping @MainActor (String) -> Void
    ) {
        self.write = write
        // Weak: the store must not keep a view alive that its screen has let go
        // of.
        subscription = viewModel.subscribe { [weak self] change, state in
            self?.render(change, in: state)
        }
    }

    /// Stops drawing, for a view that goes away before the store.
    func detach() {
        subscription?.cancel()
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

/// The program: one scripted session through the store, printed by the line
/// view.
@main
@MainActor
struct MoviesApp {
    /// Runs the session against the fake server, with the line view printing to
    /// standard output.
    static func main() async {
        let log = ActionLog { print($0) }
        let viewModel = MoviesViewModel(api: FakeMoviesAPI(), middleware: [log])
        let view = MoviesViewController(viewModel: viewModel) { print($0) }
        await session(viewModel, view)
    }

    /// Two refreshes, the second superseding the first; three edits; then the
    /// list.
    static func session(
        _ viewModel: MoviesViewModel, _ view: MoviesViewController
    ) async {
        viewModel.send(.refresh)
        viewModel.send(.refresh)
        await viewModel.waitForFetch()
        viewModel.delete(at: 2)
        viewModel.move(from: 2, to: 0)
        viewModel.insert(title: "Blade Runner 2049", year: 2017, at: 1)
        viewModel.undo()
        viewModel.undo()
        viewModel.redo()
        view.show(viewModel.state.movies)
    }
}
