// Role in the data flow: the view model is the store. Every action goes through `send(_:)`, which
// runs the action's reducers on the state it owns and emits each returned `Change` to every
// subscriber, in order, on the main actor. Nothing else holds or mutates the state.
//
//   action ─► send ─► middleware.willSend ─► Root.reduce (MoviesState reducers) ─► Changes
//         ─► subscribers (views), in order ─► middleware.didSend (the action's Record)

/// The store: owns `MoviesState`, runs every action through `send(_:)`, and emits every `Change`
/// to subscribers.
///
/// `@MainActor` puts every reducer on one serial executor: two actions can never interleave, and
/// subscribers (views) are always called where they may draw.
@MainActor
public final class MoviesViewModel {
    /// Receives each `Change` together with the state after the action that made it.
    ///
    /// The state is passed (borrowed, not stored) so a view can draw `.reloaded` or the loaded
    /// count without reaching back into the store. An action's Changes are delivered once all its
    /// reducers have run, so no subscriber ever sees a state halfway through an action (a list
    /// already replaced, its fetch status not yet `.loaded`).
    public typealias Subscriber = @MainActor (MoviesState.Change, MoviesState) -> Void

    /// The single source of truth; read-only from outside.
    public var state: MoviesState { root.state }
    /// What `undo` and `redo` can do; read-only from outside.
    public var history: UndoHistory { root.history }

    /// The state and the undo history, changed only by `Root.reduce`.
    private var root: Root

    private let api: any MoviesAPI
    private let middleware: [any MoviesMiddleware]
    /// Whether a middleware asked for the reducers' time (`MoviesMiddleware.wantsTiming`).
    private let timesReducers: Bool
    /// Every subscriber, in the order they subscribed.
    ///
    /// Replaced whole, never edited in place, like `queued`: every access is then one read or one
    /// write, which lets the compiler drop the exclusivity check each action would pay.
    private var subscribers: [Registration] = []
    private var nextSubscriberID = 0
    /// Actions sent by a subscriber while a Change was being delivered, waiting their turn.
    ///
    /// Replaced whole, never edited in place, for the reason `subscribers` gives.
    private var queued: [Action] = []
    private var isDispatching = false

    /// The latest fetch; only its answer is ever applied.
    private var fetchTask: Task<Void, Never>?
    /// Every fetch still running, superseded ones included, by generation.
    private var fetchTasks: [Int: Task<Void, Never>] = [:]
    /// Bumped whenever a fetch is superseded; a fetch applies its answer only while its
    /// generation is still the latest.
    private var fetchGeneration = 0

    /// A store owning `state`, fetching from `api`, remembering the newest `historyLimit` edits
    /// for undo, with `middleware` watching every action (called in this order before an action,
    /// and in reverse order after it).
    public convenience init(
        api: any MoviesAPI,
        state: MoviesState = MoviesState(),
        historyLimit: Int = UndoHistory.defaultLimit,
        middleware: [any MoviesMiddleware] = []
    ) {
        self.init(
            api: api, state: state, history: UndoHistory(limit: historyLimit),
            middleware: middleware)
    }

    /// A store owning `state` and `history`, the edits that led to it (read back from a state
    /// file, so that undo and `goto` reach past a restart), fetching from `api`, with
    /// `middleware` watching every action.
    public init(
        api: any MoviesAPI,
        state: MoviesState,
        history: UndoHistory,
        middleware: [any MoviesMiddleware] = []
    ) {
        self.api = api
        root = Root(state: state, history: history)
        self.middleware = middleware
        timesReducers = middleware.contains { $0.wantsTiming }
    }

    // MARK: - Sending actions

    /// Runs `action`: its reducers change the state and each Change reaches every subscriber.
    ///
    /// An action sent by a subscriber while a Change is being delivered does not run inside that
    /// delivery: it waits until the current action's Changes have reached every subscriber, so all
    /// subscribers see every Change in the same order. Such a queued action cannot throw back to
    /// its sender, nor say what it did (it has not run yet); its Changes or its rejection reach
    /// the subscribers and the middleware only.
    /// - Returns: the Changes the action made, the ones the subscribers were given: empty when
    ///   it was accepted and changed nothing (`Changes.isQueued` when it waits its turn).
    /// - Throws: `EditError` when the action is rejected; the state is then unchanged and nothing
    ///   is emitted.
    @discardableResult
    public func send(_ action: Action) throws(MoviesState.EditError) -> Changes {
        guard !isDispatching else {
            queued = queued + [action]
            return .queued
        }
        isDispatching = true
        let result = dispatch(action)
        // The waiting actions run in order; any they send wait for the next round.
        while !queued.isEmpty {
            let waiting = queued
            queued = []
            for action in waiting {
                _ = dispatch(action)
            }
        }
        isDispatching = false
        return try result.get()
    }

    /// Inserts a movie at `index` (0-based; `state.movies.count` appends).
    @discardableResult
    public func insert(title: String, year: Int, at index: Int) throws(MoviesState.EditError)
        -> Changes
    {
        try send(.insert(title: title, year: year, at: index))
    }

    /// Deletes the movie at `index` (0-based).
    @discardableResult
    public func delete(at index: Int) throws(MoviesState.EditError) -> Changes {
        try send(.delete(at: index))
    }

    /// Moves the movie at `source` to `destination` (both 0-based).
    @discardableResult
    public func move(from source: Int, to destination: Int) throws(MoviesState.EditError)
        -> Changes
    {
        try send(.move(from: source, to: destination))
    }

    /// Gives the movie at `index` (0-based) the title `title`.
    @discardableResult
    public func rename(at index: Int, to title: String) throws(MoviesState.EditError) -> Changes {
        try send(.rename(at: index, to: title))
    }

    /// Gives the movie at `index` (0-based) a rating of `stars`, or none (`nil`).
    @discardableResult
    public func rate(at index: Int, stars: Int?) throws(MoviesState.EditError) -> Changes {
        try send(.rate(at: index, stars: stars))
    }

    /// Reverts the newest edit; it can be redone until a new edit is made.
    @discardableResult
    public func undo() throws(MoviesState.EditError) -> Changes {
        try send(.undo)
    }

    /// Reverts the newest undo.
    @discardableResult
    public func redo() throws(MoviesState.EditError) -> Changes {
        try send(.redo)
    }

    /// Starts fetching the list, superseding any fetch already in flight.
    ///
    /// Emits `.fetch(.loading)` now (unless already loading); when the latest fetch ends it sends
    /// `.fetchSucceeded` (emitting `.reloaded` then `.fetch(.loaded)`) or `.fetchFailed`
    /// (emitting `.fetch(.failed(reason))`, keeping the list). A superseded fetch is cancelled
    /// and its answer, should it still arrive, is never applied. Await `waitForFetch()` to know
    /// when the list has arrived.
    public func refresh() {
        // Starting a fetch is never rejected.
        _ = try? send(.refresh)
    }

    // MARK: - Running an action

    /// Runs one action with its middleware; returns its Changes, or its error if it was
    /// rejected.
    ///
    /// A store without middleware takes a shortcut that skips the record (`dispatchUnwatched`,
    /// in Internal/); its subscribers see the same Changes.
    private func dispatch(_ action: Action) -> Result<Changes, MoviesState.EditError> {
        middleware.isEmpty ? dispatchUnwatched(action) : dispatchWatched(action)
    }

    /// Runs one action between its middleware's `willSend` and `didSend`.
    ///
    /// The clock is read only for a middleware that asks for the reducers' time (`ReducerTimer`,
    /// in Internal/).
    private func dispatchWatched(_ action: Action) -> Result<Changes, MoviesState.EditError> {
        for watcher in middleware {
            watcher.willSend(action, state: state)
        }
        let timer = ReducerTimer(reading: timesReducers)
        let changes: Changes
        let outcome: Record.Outcome
        var delivered = false
        do {
            changes = try perform(action, delivered: &delivered)
            outcome = .changes(changes)
        } catch {
            changes = Changes()
            outcome = .rejected(error)
        }
        let nanoseconds = timer.nanoseconds
        // Nothing changes the state while the Changes are delivered: actions sent then wait.
        let after = state
        if !delivered { deliver(changes, in: after) }
        // `consume`: the outcome, which holds the Changes, moves into the record, uncopied.
        let record = Record(
            action: action, outcome: consume outcome, count: after.movies.count,
            nanoseconds: nanoseconds)
        for watcher in middleware.reversed() {
            watcher.didSend(record, state: after)
        }
        if case .rejected(let error) = record.outcome { return .failure(error) }
        return .success(changes)
    }

    /// Runs the reducers for `action`, then its effect (starting or settling a fetch, or a time
    /// travel), and returns the action's Changes; `delivered` says whether they were delivered
    /// already.
    ///
    /// An action's Changes are delivered once the action is done, with the state it left, so
    /// that no subscriber sees a state halfway (a list replaced, its fetch status not yet
    /// loaded). A time travel is the exception that proves it: it is a run of undos and redos,
    /// each a whole state of the history, and each of its Changes is delivered with the state
    /// right after it, as an undo's would be.
    func perform(_ action: Action, delivered: inout Bool) throws(MoviesState.EditError)
        -> Changes
    {
        let reduction = try root.reduce(action)
        switch reduction.effect {
        case .none: break
        case .startFetch: startFetch()
        case .supersedeFetch: supersedeFetch()
        case .travel:
            delivered = true
            return try runTravel()
        }
        return reduction.changes
    }

    /// Runs the travel the reducer planned, step by step, delivering each Change as it is made;
    /// returns them all.
    ///
    /// - Throws: the first step's `EditError`, with nothing changed. A later step cannot fail:
    ///   the history and the list change only together, so every edit the history crosses
    ///   fits the list it reaches.
    private func runTravel() throws(MoviesState.EditError) -> Changes {
        var made: [MoviesState.Change] = []
        while true {
            let change: MoviesState.Change?
            do {
                change = try root.step()
            } catch {
                if made.isEmpty { throw error }
                break
            }
            guard let change else { break }
            deliver(Changes(change), in: state)
            made.append(change)
        }
        return Changes(made) ?? Changes()
    }

    // MARK: - Fetching

    /// Whether a fetch is in flight, as the state says.
    public var isLoading: Bool { state.fetchStatus == .loading }

    /// Waits until no fetch is in flight, including fetches started by refreshes made meanwhile.
    public func waitForFetch() async {
        while isLoading, let task = fetchTask {
            await task.value
        }
    }

    /// Waits until every fetch started so far has ended, superseded ones included, and its
    /// answer has been applied or discarded.
    ///
    /// `waitForFetch()` returns as soon as the list is there; this also waits for the stale
    /// fetches, so a test can prove that a late answer was discarded without sleeping, and a
    /// session can end with nothing left running.
    public func waitForAllFetches() async {
        while let task = fetchTasks.values.first {
            await task.value
        }
    }

    /// Cancels every fetch still running; none of their answers will be applied.
    ///
    /// For ending a session: the state is left as it is (still `.loading` if a fetch was in
    /// flight), since nothing will draw it again.
    public func cancelFetches() {
        supersedeFetch()
        for task in fetchTasks.values {
            task.cancel()
        }
    }

    /// Starts a fetch that supersedes any in flight; its answer comes back as an action.
    private func startFetch() {
        supersedeFetch()
        let generation = fetchGeneration
        let api = self.api
        let task = Task { [weak self] in
            let result: Result<[Movie], any Error>
            do {
                result = .success(try await api.fetchMovies())
            } catch {
                result = .failure(error)
            }
            self?.finishFetch(result, generation: generation)
        }
        fetchTask = task
        fetchTasks[generation] = task
    }

    /// Cancels the fetch in flight, if any, and makes sure its answer is never applied.
    private func supersedeFetch() {
        fetchTask?.cancel()
        fetchTask = nil
        fetchGeneration += 1
    }

    private func finishFetch(_ result: Result<[Movie], any Error>, generation: Int) {
        fetchTasks[generation] = nil
        // A stale fetch (superseded by a later refresh) must not touch the state.
        guard generation == fetchGeneration else { return }
        // A fetch's answer is never rejected: the reducers it runs cannot fail.
        switch result {
        case .success(let movies):
            _ = try? send(.fetchSucceeded(movies: movies))
        case .failure(let error):
            _ = try? send(.fetchFailed(reason: String(describing: error)))
        }
    }

    // MARK: - Subscribing

    /// Registers `handler` for every future `Change`, in emission order.
    ///
    /// Several subscribers may listen at once; each sees the same sequence, in the order they
    /// subscribed. Keep the returned `Subscription` to stop listening.
    @discardableResult
    public func subscribe(_ handler: @escaping Subscriber) -> Subscription {
        let id = nextSubscriberID
        nextSubscriberID += 1
        subscribers = subscribers + [Registration(id: id, handler: handler)]
        return Subscription { [weak self] in
            guard let self else { return }
            subscribers = subscribers.filter { $0.id != id }
        }
    }

    /// How many subscribers the store calls: one for each `subscribe` not yet cancelled.
    ///
    /// A view that has gone away must not be one of them. The tutorial's SwiftUI bridge counts
    /// them to show that its models, made and dropped as SwiftUI makes and drops views, leave
    /// none behind.
    public var subscriberCount: Int { subscribers.count }

    /// Registers `handler` for a value derived from the state, called now with the current value
    /// and then only when the value changes.
    ///
    /// A derived subscription maps the state to a small `Equatable` summary (a count and a fetch
    /// status, say) so a view that shows only the summary redraws only when the summary changes:
    /// a status line showing the count ignores every move. `derive` runs after every Change, so
    /// keep it O(1).
    @discardableResult
    public func subscribe<Value: Equatable>(
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

    /// Registers `handler` for the movies that match `predicate`, called now with `.reloaded`
    /// and the filtered list, then with each Change of the filtered list.
    ///
    /// A derived list: like a derived subscription it calls `handler` only when what it derives
    /// changed, and it says what changed, row by row, by mapping each Change of the store into the
    /// filtered list's rows (`FilteredList.apply`). The list is lent for the call: a handler that
    /// keeps it makes the next Change copy it.
    @discardableResult
    public func subscribe(
        filtered predicate: @escaping (Movie) -> Bool,
        _ handler: @escaping @MainActor (FilteredList.Change, FilteredList) -> Void
    ) -> Subscription {
        var list = FilteredList(state.movies, matching: predicate)
        handler(.reloaded, list)
        return subscribe { change, state in
            let filtered = list.apply(change, in: state)
            if case .none = filtered { return }
            handler(filtered, list)
        }
    }

    /// A subscriber, with the id its `Subscription` cancels it by.
    ///
    /// A struct, not a tuple: an array of tuples would call each handler through a conversion thunk.
    private struct Registration {
        let id: Int
        let handler: Subscriber
    }

    // MARK: - Emission

    /// Delivers an action's Changes, in order, to every subscriber, with `state`, the state after
    /// the whole action.
    func deliver(_ changes: Changes, in state: MoviesState) {
        // Iterate over a snapshot: a subscriber may unsubscribe while being called, and an action
        // it sends waits in `queued` until this delivery is over.
        let subscribers = self.subscribers
        changes.inOrder { change in
            for subscriber in subscribers {
                subscriber.handler(change, state)
            }
        }
    }
}
