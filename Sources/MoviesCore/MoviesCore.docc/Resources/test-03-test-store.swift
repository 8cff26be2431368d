// TestStore.swift: the store under test. Each action is sent with the exact
// Changes it must emit; a Change the test did not assert fails the test.

import Testing

@testable import Movies

/// A store under test: send an action and state exactly what it emits, so
/// nothing slips by.
@MainActor
final class TestStore {
    let store: MoviesViewModel
    /// Changes emitted since the last assertion.
    private var unasserted: [MoviesState.Change] = []
    private var subscription: Subscription?

    init(api: FakeMoviesAPI) {
        store = MoviesViewModel(api: api)
        subscription = store.subscribe { [weak self] change, _ in
            self?.unasserted.append(change)
        }
    }
}
