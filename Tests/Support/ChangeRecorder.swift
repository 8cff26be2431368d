// A subscriber that only remembers: every Change a store emits, with the list right after it. The
// tests compare what it heard with what they expect, whole sequence at once.

import MoviesCore

/// Collects every Change a view model emits, with the movie list right after it.
@MainActor
package final class ChangeRecorder {
    package private(set) var changes: [MoviesState.Change] = []
    package private(set) var lists: [[Movie]] = []
    package private(set) var subscription: MoviesViewModel.Subscription?

    package init(_ viewModel: MoviesViewModel) {
        subscription = viewModel.subscribe { [weak self] change, state in
            self?.changes.append(change)
            self?.lists.append(state.movies)
        }
    }
}
