// TestStore.swift: the store under test. Each action is sent with the exact Changes it must emit;
// a Change the test did not assert is a failure, reported through `fail`.

/// A store under test: send an action and state exactly what it emits, so nothing slips by.
@MainActor
final class TestStore {
    let store: MoviesViewModel
    /// Changes emitted since the last assertion.
    private var unasserted: [MoviesState.Change] = []
    private let fail: @MainActor (String) -> Void
    private var subscription: Subscription?

    init(api: FakeMoviesAPI, fail: @escaping @MainActor (String) -> Void) {
        store = MoviesViewModel(api: api)
        self.fail = fail
        subscription = store.subscribe { [weak self] change, _ in
            self?.unasserted.append(change)
        }
    }
}
