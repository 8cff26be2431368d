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
        case rename(at: Int, to: String)
        case undo, redo
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
    private var subscribers: [(id: Int, handler: Subscriber)] = []
    private var nextSubscriberID = 0
    private let api: FakeMoviesAPI
    private let middleware: [any Middleware]
    /// The latest fetch, for `waitForFetch()`.
    private var fetchTask: Task<Void, Never>?
    /// Bumped by each fetch; an answer is applied only while its generation is
    /// the latest.
    private var fetchGeneration = 0

    init(api: FakeMoviesAPI, middleware: [any Middleware] = []) {
        self.api = api
        self.middleware = middleware
    }

    /// Calls `subscriber` with every future Change, until the returned
    /// `Subscription` is cancelled.
    @discardableResult
    func subscribe(_ subscriber: @escaping Subscriber) -> Subscription {
        let id = nextSubscriberID
        nextSubscriberID += 1
        subscribers.append((id, subscriber))
        return Subscription { [weak self] in
            self?.subscribers.removeAll { $0.id == id }
        }
    }

    /// Calls `handler` now with the value `derive` makes of the state, then
    /// again only when that value changes: a derived subscription.
    @discardableResult
    func subscribe<Value: Equatable>(
        derived derive: @escaping @MainActor (MoviesState) -> Value,
        _ handler: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        var current = derive(state)
        handler(current)
        return subscribe { _, state in
            let value = derive(state)
            guard value != current else { return }
            current = value
            handler(value)
        }
    }

    /// Calls `handler` now with `.reloaded` and the movies that match
    /// `predicate`, then with what each Change did to them: a derived list.
    ///
    /// Like a derived subscription, it calls `handler` only when what it
    /// derives changed; it also says what changed, row by row.
    @discardableResult
    func subscribe(
        filtered predicate: @escaping (Movie) -> Bool,
        _ handler:
            @escaping @MainActor (FilteredList.Change, FilteredList) -> Void
    ) -> Subscription {
        var list = FilteredList(state.movies, matching: predicate)
        handler(.reloaded, list)
        return subscribe { change, state in
            let filtered = list.apply(change, in: state)
            guard filtered != .none else { return }
            handler(filtered, list)
        }
    }

    /// The one way in: runs `action` through the root reducer and emits its
    /// Changes.
    ///
    /// Then it runs the effect the root reducer asked for. Middleware watches
    /// before and after.
    func send(_ action: Action) {
        for watcher in middleware {
            watcher.willSend(action, state: state)
        }
        let (changes, effect) = root.reduce(action)
        for change in changes {
            emit(change)
        }
        run(effect)
        for watcher in middleware.reversed() {
            watcher.didSend(action, changes: changes, state: state)
        }
    }

    /// Delivers `change` to every subscriber; `.none` is not news.
    private func emit(_ change: MoviesState.Change) {
        guard change != .none else { return }
        for subscriber in subscribers {
            subscriber.handler(change, state)
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

    /// Reverts the newest edit.
    func undo() {
        send(.undo)
    }

    /// Reverts the newest undo.
    func redo() {
        send(.redo)
    }

    /// Fetches the list and waits for it: the indicator shows at once, the list
    /// when the server answers.
    func refresh() async {
        send(.refresh)
        await waitForFetch()
    }

    /// Waits until the latest fetch has answered.
    func waitForFetch() async {
        await fetchTask?.value
    }

    /// Runs what the root reducer asked for besides its Changes.
    ///
    /// The fetch runs in a task, and its answer comes back as an action. A new
    /// fetch supersedes the one in flight, which is cancelled.
    private func run(_ effect: Root.Effect) {
        switch effect {
        case .none:
            return
        case .fetch:
            fetchTask?.cancel()
            fetchGeneration += 1
            let generation = fetchGeneration
            let api = self.api
            fetchTask = Task { [weak self] in
                let movies = await api.fetchMovies()
                self?.finish(movies, generation: generation)
            }
        }
    }

    /// Applies a fetch's answer, unless a later fetch superseded it.
    private func finish(_ movies: [Movie], generation: Int) {
        guard generation == fetchGeneration else { return }
        send(.fetchSucceeded(movies))
    }
}

/// The root reducer: everything an action can change, in one value, and the one
/// function that changes it.
struct Root {
    var state = MoviesState()
    var history = UndoHistory()

    /// What the store must do after an action, outside the reducers: fetching
    /// is not a change of the state.
    enum Effect {
        case none, fetch
    }

    /// Runs the state's reducers for `action`; returns their Changes and the
    /// effect to run.
    ///
    /// Every edit is recorded for undo.
    mutating func reduce(_ action: MoviesViewModel.Action) -> (
        [MoviesState.Change], Effect
    ) {
        switch action {
        case .insert(let title, let year, let index):
            return (
                [edit(state.insert(title: title, year: year, at: index))], .none
            )
        case .delete(let index):
            return ([edit(state.delete(at: index))], .none)
        case .move(let source, let destination):
            return ([edit(state.move(from: source, to: destination))], .none)
        case .rename(let index, let title):
            return ([edit(state.rename(at: index, to: title))], .none)
        case .undo:
            guard let change = history.done.popLast() else {
                return ([], .none)
            }
            let reverting = state.revert(change)
            history.undone.append(reverting)
            return ([reverting], .none)
        case .redo:
            guard let change = history.undone.popLast() else {
                return ([], .none)
            }
            let reverting = state.revert(change)
            history.done.append(reverting)
            return ([reverting], .none)
        case .refresh:
            return ([state.beginLoading()], .fetch)
        case .fetchSucceeded(let movies):
            // A new list: there is nothing before it to go back to.
            history = UndoHistory()
            return ([state.reload(movies), state.finishLoading()], .none)
        }
    }

    /// Records an edit's Change for undo and returns it.
    private mutating func edit(_ change: MoviesState.Change)
        -> MoviesState.Change
    {
        history.record(change)
        return change
    }
}

/// What undo and redo can take back: Changes, never copies of the state.
struct UndoHistory {
    /// Edits, newest last: what `undo` reverts.
    var done: [MoviesState.Change] = []
    /// What each undo did, newest last: what `redo` reverts.
    var undone: [MoviesState.Change] = []

    /// Records a new edit; what was undone can no longer be redone.
    mutating func record(_ change: MoviesState.Change) {
        guard change != .none else { return }
        done.append(change)
        undone.removeAll()
    }
}

/// Watches every action from beside the data flow, and never changes the state
/// or draws.
///
/// The store calls it before an action runs and once its Changes reached every
/// subscriber.
@MainActor
protocol Middleware: AnyObject {
    /// Called before `action` runs, with the state it will run on.
    func willSend(_ action: MoviesViewModel.Action, state: MoviesState)
    /// Called after `action` ran and its Changes were delivered, with the state
    /// it left.
    func didSend(
        _ action: MoviesViewModel.Action, changes: [MoviesState.Change],
        state: MoviesState)
}

/// Proof of a subscription: `cancel()` stops the deliveries.
///
/// Releasing it does not cancel: a subscriber that lives as long as the store
/// may drop it, and one that can go away first keeps it and cancels on its way
/// out.
@MainActor
final class Subscription {
    private var onCancel: (@MainActor () -> Void)?

    init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the deliveries; calling it again does nothing.
    func cancel() {
        onCancel?()
        onCancel = nil
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
