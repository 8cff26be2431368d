// MoviesInOneFile.swift: a list of films, and the pattern that keeps every
// view of it in step, in one file of plain Swift: the whole data flow, from a
// request to the line it draws.

/// One film in the list.
///
/// A value: copying it shares nothing.
struct Movie: Equatable, Sendable {
    var id: Int
    var title: String
    var year: Int
}

/// Where the latest fetch stands: what the loading indicator shows.
enum FetchStatus: Equatable, Sendable {
    case idle, loading, loaded
}

/// Everything the screen shows, in one value: the single source of truth.
///
/// Its properties are `private(set)`, so only its own `mutating` functions, the
/// reducers, can change it. A reducer is a pure function `(inout MoviesState,
/// arguments) -> Change`: it reads and writes nothing but the value and its
/// arguments.
struct MoviesState: Equatable, Sendable {
    private(set) var movies: [Movie] = []
    private(set) var fetchStatus: FetchStatus = .idle
    private var nextID = 1

    /// Exactly what one reducer changed, in 0-based row indexes.
    ///
    /// Instead of handing every view a whole new state to compare with the old
    /// one, a Change says which row appeared, vanished or moved. Row cases
    /// carry their movie, so a view can draw the row (even a deleted one)
    /// without reading the state back.
    enum Change: Equatable, Sendable {
        /// Nothing changed (an index out of range, a row moved onto itself).
        case none
        /// `movie` now sits at `at`; the rows below it moved down by one.
        case inserted(Movie, at: Int)
        /// `movie` was removed from `at`; the rows below it moved up by one.
        case deleted(Movie, at: Int)
        /// `movie` went from `from` to `to`; the others kept their order.
        case moved(Movie, from: Int, to: Int)
        /// The fetch status changed to this value.
        case fetch(FetchStatus)
        /// The whole list was replaced: redraw all of it.
        case reloaded
    }

    /// Removes the movie at `index`.
    ///
    /// The real core throws a typed error for a bad edit; here a bad one
    /// changes nothing.
    mutating func delete(at index: Int) -> Change {
        guard movies.indices.contains(index) else { return .none }
        let movie = movies.remove(at: index)
        return .deleted(movie, at: index)
    }

    /// Moves the movie at `source` so that it ends up at `destination`.
    mutating func move(from source: Int, to destination: Int) -> Change {
        guard movies.indices.contains(source),
            movies.indices.contains(destination),
            source != destination
        else { return .none }
        let movie = movies.remove(at: source)
        movies.insert(movie, at: destination)
        return .moved(movie, from: source, to: destination)
    }

    /// Inserts a new movie at `index`, giving it the next free id.
    mutating func insert(title: String, year: Int, at index: Int) -> Change {
        guard (0...movies.count).contains(index) else { return .none }
        let movie = Movie(id: nextID, title: title, year: year)
        nextID += 1
        movies.insert(movie, at: index)
        return .inserted(movie, at: index)
    }

    /// Marks a fetch as in flight.
    mutating func beginLoading() -> Change {
        fetchStatus = .loading
        return .fetch(.loading)
    }

    /// Replaces the list with the fetched movies.
    mutating func reload(_ newMovies: [Movie]) -> Change {
        movies = newMovies
        nextID = (newMovies.map(\.id).max() ?? 0) + 1
        return .reloaded
    }

    /// Marks the fetch as finished.
    mutating func finishLoading() -> Change {
        fetchStatus = .loaded
        return .fetch(.loaded)
    }
}

/// The store: it owns the state, runs every edit through a reducer, and hands
/// each Change to every subscriber, in order.
///
/// An MVVM view model that is the store. `@MainActor` runs every reducer on one
/// thread, the one views draw on, so two edits never interleave and a
/// subscriber may draw right away.
@MainActor
final class MoviesViewModel {
    /// Gets each Change with the state after it, so a view can draw without
    /// asking the store.
    typealias Subscriber = @MainActor (MoviesState.Change, MoviesState) -> Void

    /// The single source of truth; read-only from outside.
    private(set) var state = MoviesState()
    private var subscribers: [Subscriber] = []
    private let api: FakeMoviesAPI

    init(api: FakeMoviesAPI) {
        self.api = api
    }

    /// Calls `subscriber` with every future Change.
    func subscribe(_ subscriber: @escaping Subscriber) {
        subscribers.append(subscriber)
    }

    /// Delivers `change` to every subscriber; `.none` is not news.
    private func emit(_ change: MoviesState.Change) {
        guard change != .none else { return }
        for subscriber in subscribers {
            subscriber(change, state)
        }
    }

    /// Deletes the movie at `index` (0-based).
    func delete(at index: Int) {
        emit(state.delete(at: index))
    }

    /// Moves the movie at `source` to `destination` (both 0-based).
    func move(from source: Int, to destination: Int) {
        emit(state.move(from: source, to: destination))
    }

    /// Inserts a movie at `index` (0-based).
    func insert(title: String, year: Int, at index: Int) {
        emit(state.insert(title: title, year: year, at: index))
    }

    /// Fetches the list: the indicator shows at once, the list when the server
    /// answers.
    ///
    /// The main actor is free while the fetch sleeps, so views keep drawing
    /// meanwhile.
    func refresh() async {
        emit(state.beginLoading())
        let movies = await api.fetchMovies()
        emit(state.reload(movies))
        emit(state.finishLoading())
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

/// Stands in for a server: it answers after a delay, so the loading indicator
/// has time to show.
struct FakeMoviesAPI: Sendable {
    var latency: Duration = .milliseconds(200)

    /// The catalog, after `latency`.
    func fetchMovies() async -> [Movie] {
        try? await Task.sleep(for: latency)
        return [
            Movie(id: 1, title: "The Godfather", year: 1972),
            Movie(id: 2, title: "Casablanca", year: 1942),
            Movie(id: 3, title: "Citizen Kane", year: 1941),
            Movie(id: 4, title: "Jaws", year: 1975),
            Movie(id: 5, title: "Parasite", year: 2019),
        ]
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
