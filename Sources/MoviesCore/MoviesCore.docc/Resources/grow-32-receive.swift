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

    /// Sends `action` and expects it to emit exactly `changes`, in order.
    func send(_ action: MoviesViewModel.Action, emits changes: [MoviesState.Change]) {
        if !unasserted.isEmpty {
            fail("Changes emitted before \(action) were never asserted: \(list(unasserted))")
            unasserted.removeAll()
        }
        store.send(action)
        expect(changes, from: "\(action)")
    }

    /// Waits for the fetch in flight, then expects its answer to have emitted exactly `changes`.
    func receive(_ changes: [MoviesState.Change]) async {
        await store.waitForFetch()
        expect(changes, from: "the fetch's answer")
    }

    private func expect(_ changes: [MoviesState.Change], from source: String) {
        if unasserted != changes {
            fail("\(source) emitted \(list(unasserted)); the test asserted \(list(changes))")
        }
        unasserted.removeAll()
    }

    /// Changes as a failure message shows them: `[deleted(Jaws (1975), at: 3)]`.
    private func list(_ changes: [MoviesState.Change]) -> String {
        "[" + changes.map { "\($0)" }.joined(separator: ", ") + "]"
    }
}

/// A movie as a failure message names it: `Jaws (1975)`.
extension Movie: CustomStringConvertible {
    var description: String { "\(title) (\(year))" }
}
