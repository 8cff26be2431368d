// Store.swift: the store, and the server it fetches from. Every request goes
// through the store, which hands each Change to every subscriber.

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
