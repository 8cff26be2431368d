// App.swift: the line view and the scripted session, moved from part one's file.

/// The line view: it subscribes and writes one line per changed row; the whole list only for a
/// reload, or when asked.
///
/// Its `switch` over `Change` is exhaustive: add a case to `Change` and this stops compiling
/// until it decides how to draw it. It writes to `write`, so a test can read what it drew.
@MainActor
final class MoviesViewController {
    private let write: @MainActor (String) -> Void

    init(viewModel: MoviesViewModel, write: @escaping @MainActor (String) -> Void) {
        self.write = write
        viewModel.subscribe { change, state in self.render(change, in: state) }
    }

    /// Draws exactly what `change` names.
    func render(_ change: MoviesState.Change, in state: MoviesState) {
        switch change {
        case .none, .fetch(.idle): return
        case .inserted(let movie, let index): write("+ " + row(movie, at: index))
        case .deleted(let movie, let index): write("- " + row(movie, at: index))
        case .moved(let movie, let source, let destination):
            write("↕ \(source + 1) → " + row(movie, at: destination))
        case .fetch(.loading): write("Loading movies…")
        case .fetch(.loaded): write("Loaded \(state.movies.count) movies.")
        case .reloaded: show(state.movies)
        }
    }

    /// Writes every row: for a reload, or when asked for the list.
    func show(_ movies: [Movie]) {
        for (index, movie) in movies.enumerated() {
            write(row(movie, at: index))
        }
    }

    /// One row as users see it: positions are 1-based.
    private func row(_ movie: Movie, at index: Int) -> String {
        "\(index + 1). \(movie.title) (\(movie.year))"
    }
}

/// The program: one scripted session through the store, printed by the line view.
@main
@MainActor
struct MoviesApp {
    /// Runs the session against the fake server, with the line view printing to standard output.
    static func main() async {
        let viewModel = MoviesViewModel(api: FakeMoviesAPI())
        let view = MoviesViewController(viewModel: viewModel) { print($0) }
        await session(viewModel, view)
    }

    /// Load, delete, move, insert, then list: each edit draws one line, and the list is drawn
    /// twice: when it arrives, and when the session asks for it at the end.
    static func session(_ viewModel: MoviesViewModel, _ view: MoviesViewController) async {
        await viewModel.refresh()
        viewModel.delete(at: 2)
        viewModel.move(from: 2, to: 0)
        viewModel.insert(title: "Blade Runner 2049", year: 2017, at: 1)
        view.show(viewModel.state.movies)
    }
}
