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

    /// Everything the store can be asked to do, as a value.
    enum Action: Equatable, Sendable {
        case insert(title: String, year: Int, at: Int)
        case delete(at: Int)
        case move(from: Int, to: Int)
        case refresh
        /// The server answered with these movies (sent by the store's own
        /// fetch).
        case fetchSucceeded([Movie])
    }

    /// The single source of truth; read-only from outside.
    var state: MoviesState { root.state }
    /// The state and everything else an action can change, changed only by
    /// `Root.reduce`.
    private var root = Root()
    private var subscribers: [Subscriber] = []
    private let api: FakeMoviesAPI

    init(api: FakeMoviesAPI) {
        self.api = api
    }

    /// Calls `subscriber` with every future Change.
    func subscribe(_ subscriber: @escaping Subscriber) {
        subscribers.append(subscriber)
    }

    /// The one way in: runs `action` through the root reducer and emits its
    /// Changes.
    ///
    /// Then it runs the effect the root reducer asked for.
    func send(_ action: Action) {
        let (changes, effect) = root.reduce(action)
        for change in changes {
            emit(change)
        }
        run(effect)
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
        send(.delete(at: index))
    }

    /// Moves the movie at `source` to `destination` (both 0-based).
    func move(from source: Int, to destination: Int) {
        send(.move(from: source, to: destination))
    }

    /// Inserts a movie at `index` (0-based).
    func insert(title: String, year: Int, at index: Int) {
        send(.insert(title: title, year: year, at: index))
    }

    /// Starts fetching the list: the indicator shows at once, the list when the
    /// server answers.
    func refresh() async {
        send(.refresh)
    }

    /// Runs what the root reducer asked for besides its Changes.
    ///
    /// The fetch runs in a task, and its answer comes back as an action.
    private func run(_ effect: Root.Effect) {
        switch effect {
        case .none:
            return
        case .fetch:
            let api = self.api
            Task { [weak self] in
                let movies = await api.fetchMovies()
                self?.send(.fetchSucceeded(movies))
            }
        }
    }
}

/// The root reducer: everything an action can change, in one value, and the one
/// function that changes it.
struct Root {
    var state = MoviesState()

    /// What the store must do after an action, outside the reducers: fetching
    /// is not a change of the state.
    enum Effect {
        case none, fetch
    }

    /// Runs the state's reducers for `action`; returns their Changes and the
    /// effect to run.
    mutating func reduce(_ action: MoviesViewModel.Action) -> (
        [MoviesState.Change], Effect
    ) {
        switch action {
        case .insert(let title, let year, let index):
            return ([state.insert(title: title, year: year, at: index)], .none)
        case .delete(let index):
            return ([state.delete(at: index)], .none)
        case .move(let source, let destination):
            return ([state.move(from: source, to: destination)], .none)
        case .refresh:
            return ([state.beginLoading()], .fetch)
        case .fetchSucceeded(let movies):
            return ([state.reload(movies), state.finishLoading()], .none)
        }
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
