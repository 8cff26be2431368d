// A subscriber that only remembers: every Change a store emits, with the list right after it. The
// tests compare what it heard with what they expect, whole sequence at once; the benchmark records
// a command stream's Changes once, untimed, to time drawing exactly those on their own.

import MoviesCore

/// Collects every Change a view model emits, and (unless told not to) the list right after it.
@MainActor
package final class ChangeRecorder {
    package private(set) var changes: [MoviesState.Change] = []
    package private(set) var lists: [[Movie]] = []
    package private(set) var subscription: MoviesViewModel.Subscription?

    /// Starts recording `viewModel`'s Changes.
    ///
    /// - Parameter keepingLists: whether to keep the list after each Change too. The benchmark
    ///   says no: a kept list shares the store's buffer, so the next edit would copy all of it,
    ///   and a long recording of a large list would keep a copy per Change.
    package init(_ viewModel: MoviesViewModel, keepingLists: Bool = true) {
        subscription = viewModel.subscribe { [weak self] change, state in
            self?.changes.append(change)
            if keepingLists { self?.lists.append(state.movies) }
        }
    }
}
