// Role in the data flow: the view model is the store. Views and the command layer call its actions;
// each action runs exactly one reducer on the state it owns and emits the returned `Change` to every
// subscriber, in order, on the main actor. Nothing else holds or mutates the state.
//
//   action ─► MoviesViewModel ─► MoviesState reducer ─► Change ─► subscribers (views)

/// The store: owns `MoviesState`, exposes the actions, and emits every `Change` to subscribers.
///
/// Actions are methods rather than an `Action` enum sent to a `dispatch` function: each method has
/// its own typed arguments and its own typed error (`throws(MoviesState.EditError)`), so a caller
/// cannot build an action the store would have to reject for its shape, and autocompletion lists
/// what the store can do. `@MainActor` puts every reducer on one serial executor: two actions can
/// never interleave, and subscribers (views) are always called where they may draw.
@MainActor
public final class MoviesViewModel {
    /// Receives each `Change` together with the state right after it.
    ///
    /// The state is passed (borrowed, not stored) so a view can draw `.reloaded` or the loaded
    /// count without reaching back into the store.
    public typealias Subscriber = @MainActor (MoviesState.Change, MoviesState) -> Void

    /// The single source of truth; read-only from outside.
    public private(set) var state: MoviesState

    private let api: any MoviesAPI
    private var subscribers: [(id: Int, handler: Subscriber)] = []
    private var nextSubscriberID = 0
    private var fetchTask: Task<Void, Never>?
    /// Bumped by every `refresh()`; a fetch applies its result only while it is still the latest.
    private var fetchGeneration = 0

    public init(api: any MoviesAPI, state: MoviesState = MoviesState()) {
        self.api = api
        self.state = state
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
        subscribers.append((id, handler))
        return Subscription { [weak self] in
            self?.subscribers.removeAll { $0.id == id }
        }
    }

    /// Proof of a subscription; `cancel()` stops the deliveries.
    @MainActor
    public final class Subscription {
        private var onCancel: (@MainActor () -> Void)?

        init(onCancel: @escaping @MainActor () -> Void) {
            self.onCancel = onCancel
        }

        /// Stops deliveries to this subscriber; calling it again does nothing.
        public func cancel() {
            onCancel?()
            onCancel = nil
        }
    }

    // MARK: - Fetching

    /// Whether a fetch is in flight.
    public var isLoading: Bool { fetchTask != nil }

    /// Starts fetching the list, superseding any fetch already in flight.
    ///
    /// Emits `.fetch(.loading)` now (unless already loading); when the latest fetch ends it emits
    /// `.reloaded` then `.fetch(.loaded)`, or `.fetch(.failed(reason))` keeping the old list. A
    /// superseded fetch is cancelled and its result, should it still arrive, is never applied.
    /// Await `waitForFetch()` to know when the list has arrived.
    public func refresh() {
        fetchTask?.cancel()
        fetchGeneration += 1
        let generation = fetchGeneration
        apply(state.beginLoading())
        let api = self.api
        fetchTask = Task { [weak self] in
            let result: Result<[Movie], any Error>
            do {
                result = .success(try await api.fetchMovies())
            } catch {
                result = .failure(error)
            }
            self?.finishFetch(result, generation: generation)
        }
    }

    /// Waits until no fetch is in flight, including fetches started by refreshes made meanwhile.
    public func waitForFetch() async {
        while let task = fetchTask {
            await task.value
            // A newer fetch may have replaced the one just awaited.
            if fetchTask == task { return }
        }
    }

    private func finishFetch(_ result: Result<[Movie], any Error>, generation: Int) {
        // A stale fetch (superseded by a later refresh) must not touch the state.
        guard generation == fetchGeneration else { return }
        fetchTask = nil
        switch result {
        case .success(let movies):
            apply(state.reload(movies))
            apply(state.finishLoading())
        case .failure(let error):
            apply(state.failLoading(String(describing: error)))
        }
    }

    // MARK: - Edits

    /// Inserts a movie at `index` (0-based; `state.movies.count` appends).
    public func insert(title: String, year: Int, at index: Int) throws(MoviesState.EditError) {
        apply(try state.insert(title: title, year: year, at: index))
    }

    /// Deletes the movie at `index` (0-based).
    public func delete(at index: Int) throws(MoviesState.EditError) {
        apply(try state.delete(at: index))
    }

    /// Moves the movie at `source` to `destination` (both 0-based).
    public func move(from source: Int, to destination: Int) throws(MoviesState.EditError) {
        apply(try state.move(from: source, to: destination))
    }

    // MARK: - Emission

    /// Emits a reducer's `Change` to every subscriber; `.none` is not emitted, since nothing
    /// changed and no view has anything to draw.
    private func apply(_ change: MoviesState.Change) {
        if case .none = change { return }
        // Iterate over a snapshot so a subscriber may unsubscribe while being called.
        for subscriber in subscribers {
            subscriber.handler(change, state)
        }
    }
}
