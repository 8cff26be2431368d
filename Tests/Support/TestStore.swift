// Role: outside the app's data flow, where a test stands. A `TestStore` wraps the real store and
// makes every test of it exhaustive: each action is sent together with the exact Changes it must
// emit and the list it must leave, and a Change that no test line asserted fails the test when the
// `TestStore` goes away. (The idea is TCA's `TestStore`, which runs only on Apple platforms.)

import MoviesCore
import Testing

/// A store under test: send an action, state exactly what it emits and leaves, and nothing slips by.
///
/// ```swift
/// let store = TestStore.loaded([alien, heat, jaws])
/// store.send(.delete(at: 0), emits: [.deleted(alien, at: 0)], movies: [heat, jaws])
/// store.send(.undo, emits: [.inserted(alien, at: 0)], movies: [alien, heat, jaws])
/// store.send(.redo, emits: [.deleted(alien, at: 0)], movies: [heat, jaws])
/// store.send(.delete(at: 7), fails: .indexOutOfRange(7, valid: 0..<2))
/// ```
///
/// Besides what each line states, every Change is also applied to a `MirrorList`, as a view
/// would apply it, and the mirror must equal the store's list after every Change.
@MainActor
package final class TestStore {
    /// The real store under test.
    package let store: MoviesViewModel
    /// Changes emitted since the last assertion, with the list after each.
    private var unasserted: [MoviesState.Change] = []
    private var mirror: MirrorList
    private var subscription: MoviesViewModel.Subscription?
    private let createdAt: SourceLocation

    /// Wraps a new store fetching from `api` and starting from `state`.
    package init(
        api: any MoviesAPI,
        state: MoviesState = MoviesState(),
        historyLimit: Int = UndoHistory.defaultLimit,
        middleware: [any MoviesMiddleware] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        store = MoviesViewModel(
            api: api, state: state, historyLimit: historyLimit, middleware: middleware)
        mirror = MirrorList(movies: state.movies)
        createdAt = sourceLocation
        subscription = store.subscribe { [weak self] change, state in
            self?.observe(change, state: state)
        }
    }

    /// A store already holding `movies`, loaded, with a source that would serve them again.
    package static func loaded(
        _ movies: [Movie], historyLimit: Int = UndoHistory.defaultLimit,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> TestStore {
        TestStore(
            api: StubAPI(movies: movies),
            state: MoviesState(movies: movies, fetchStatus: .loaded),
            historyLimit: historyLimit,
            sourceLocation: sourceLocation)
    }

    isolated deinit {
        if !unasserted.isEmpty {
            let count = unasserted.count
            Issue.record(
                "\(count) emitted Change(s) were never asserted: \(unasserted)",
                sourceLocation: createdAt)
        }
    }

    /// The store's state.
    package var state: MoviesState { store.state }

    /// Sends `action` and expects it to emit exactly `changes`, in order, and (when given) to
    /// leave exactly `movies` in the list.
    package func send(
        _ action: MoviesViewModel.Action,
        emits changes: [MoviesState.Change],
        movies: [Movie]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        checkNothingPending(before: action, sourceLocation: sourceLocation)
        do {
            try store.send(action)
        } catch {
            Issue.record("\(action) was rejected: \(error)", sourceLocation: sourceLocation)
        }
        expect(changes, movies: movies, sourceLocation: sourceLocation)
    }

    /// Sends `action` and expects it to be rejected with `error`, emitting nothing and leaving
    /// the state exactly as it was.
    package func send(
        _ action: MoviesViewModel.Action,
        fails error: MoviesState.EditError,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        checkNothingPending(before: action, sourceLocation: sourceLocation)
        let before = store.state
        #expect(throws: error, sourceLocation: sourceLocation) {
            try self.store.send(action)
        }
        #expect(
            store.state == before, "a rejected action leaves the state",
            sourceLocation: sourceLocation)
        expect([], movies: nil, sourceLocation: sourceLocation)
    }

    /// Waits for every fetch in flight to settle, then expects exactly `changes` to have been
    /// emitted meanwhile (a fetch's answer arrives after `send(.refresh, …)` returned).
    ///
    /// The wait is bounded (`BoundedWait`): a fetch that never ends fails the test that waited.
    package func receive(
        _ changes: [MoviesState.Change],
        movies: [Movie]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await store.settleAllFetches(sourceLocation: sourceLocation)
        expect(changes, movies: movies, sourceLocation: sourceLocation)
    }

    /// Expects `changes` to be exactly what was emitted since the last assertion.
    private func expect(
        _ changes: [MoviesState.Change], movies: [Movie]?, sourceLocation: SourceLocation
    ) {
        #expect(unasserted == changes, sourceLocation: sourceLocation)
        unasserted.removeAll()
        if let movies {
            #expect(store.state.movies == movies, sourceLocation: sourceLocation)
        }
    }

    private func checkNothingPending(
        before action: MoviesViewModel.Action, sourceLocation: SourceLocation
    ) {
        if !unasserted.isEmpty {
            Issue.record(
                "Changes emitted before \(action) were never asserted: \(unasserted)",
                sourceLocation: sourceLocation)
            unasserted.removeAll()
        }
    }

    private func observe(_ change: MoviesState.Change, state: MoviesState) {
        unasserted.append(change)
        let fits = mirror.apply(change, current: state.movies)
        #expect(fits, "\(change) fits the rows a view shows")
        #expect(mirror.movies == state.movies, "a view applying the Changes shows the state")
    }
}
