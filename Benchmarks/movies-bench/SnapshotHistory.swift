// Role in the benchmark: the negative control of the undo section. The naive way to add undo to a
// store is to save the list before every action and put it back on undo. This middleware does
// exactly that, so the benchmark can set its time per action and its bytes per entry beside the
// real history's, which keeps Changes instead.

import MoviesCore

/// An undo history made of snapshots: a copy of the list kept before every action.
///
/// Keeping the list is a second reference to the store's array, so the action that follows must
/// copy all of it before editing (copy-on-write): every entry costs a whole list, in time and in
/// memory. (`MoviesMiddleware` warns against exactly this.)
@MainActor
final class SnapshotHistory: MoviesMiddleware {
    private(set) var snapshots: [[Movie]] = []

    /// Room for `capacity` snapshots, reserved up front so the array of snapshots never grows
    /// while it is timed.
    init(capacity: Int) {
        snapshots.reserveCapacity(capacity)
    }

    func willSend(_ action: MoviesViewModel.Action, state: MoviesState) {
        snapshots.append(state.movies)
    }

    func didSend(_ record: MoviesViewModel.Record, state: MoviesState) {}
}
