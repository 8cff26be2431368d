// Role in the benchmark: the negative control of the dispatch section. A subscriber that keeps the
// state it is given (as an undo history would, or a view that diffs each new state against the
// last) shares the store's array, so the next action must copy all of it first. Timing that shows
// what the store's in-place reducers save, and seeing its buffer move on every action shows that
// the buffer check can detect a copy at all.

import MoviesCore

/// A subscriber that holds on to the most recent state.
@MainActor
final class StateKeeper {
    private(set) var kept: MoviesState?

    /// Keeps `state`, releasing the one kept before.
    func keep(_ state: MoviesState) {
        kept = state
    }
}
