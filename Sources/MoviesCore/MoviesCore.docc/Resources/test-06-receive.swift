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

    /// Sends `action` and expects it to emit exactly `changes`, in order.
    ///
    /// A failure is recorded at `location`: the line of the test that called
    /// this, which Swift Testing's `#_sourceLocation` fills in.
    func send(
        _ action: MoviesViewModel.Action, emits changes: [MoviesState.Change],
        at location: SourceLocation = #_sourceLocation
    ) {
        if !unasserted.isEmpty {
            Issue.record(
                "Not asserted before \(action): \(list(unasserted))",
                sourceLocation: location)
            unasserted.removeAll()
        }
        store.send(action)
        expect(changes, from: "\(action)", at: location)
    }

    /// Waits for the fetch in flight, then expects its answer to have emitted
    /// exactly `changes`.
    func receive(
        _ changes: [MoviesState.Change],
        at location: SourceLocation = #_sourceLocation
    ) async {
        await store.waitForFetch()
        expect(changes, from: "the fetch's answer", at: location)
    }

    /// Records an issue unless the Changes not yet asserted are `changes`.
    private func expect(
        _ changes: [MoviesState.Change], from source: String,
        at location: SourceLocation
    ) {
        if unasserted != changes {
            Issue.record(
                "\(source) emitted \(list(unasserted)), not \(list(changes))",
                sourceLocation: location)
        }
        unasserted.removeAll()
    }

    /// Changes as a failure shows them: `[deleted(Jaws (1975), at: 3)]`.
    private func list(_ changes: [MoviesState.Change]) -> String {
        "[" + changes.map { "\($0)" }.joined(separator: ", ") + "]"
    }
}
