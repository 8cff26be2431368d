// Role: the tutorial's SwiftUI bridge, compiled and tested on Linux. An observable model that a
// SwiftUI view reads: the store feeds it, its rows follow every list Change, and its count follows
// a derived subscription, so a view that shows only the count is not redrawn for a move.
//
//   store ─► Change ─► MoviesListModel.rows ─► List          (every list Change)
//   store ─► derived count ─► MoviesListModel.count ─► badge (only when the count changes)

import MoviesCore
import Observation

/// What a SwiftUI screen of movies reads, fed by the store.
///
/// SwiftUI redraws a view when a property it read changes; `@Observable` tells it which. A
/// `List(model.rows) { … }` (a `Movie` is `Identifiable` by its `id`) follows `rows`; a badge
/// that shows `model.count` follows only `count`.
@MainActor
@Observable
final class MoviesListModel {
    /// The rows, in order: each list Change is applied to them, as a table applies it.
    private(set) var rows: [Movie]
    /// How many rows there are: set only when it changes.
    private(set) var count = 0
    @ObservationIgnored private var subscriptions: [MoviesViewModel.Subscription] = []

    init(viewModel: MoviesViewModel) {
        rows = viewModel.state.movies
        subscriptions = [
            viewModel.subscribe { [weak self] change, state in
                self?.apply(change, in: state)
            },
            viewModel.subscribe(derived: \.movies.count) { [weak self] count in
                self?.count = count
            },
        ]
    }

    /// Stops following the store, for a screen that goes away before it.
    func stop() {
        for subscription in subscriptions {
            subscription.cancel()
        }
    }

    /// Applies one Change to `rows`, in place.
    private func apply(_ change: MoviesState.Change, in state: MoviesState) {
        switch change {
        case .none, .fetch:
            return
        case .reloaded:
            rows = state.movies
        case .inserted(let movie, let index):
            rows.insert(movie, at: index)
        case .deleted(_, let index):
            rows.remove(at: index)
        case .moved(let movie, let source, let destination):
            rows.remove(at: source)
            rows.insert(movie, at: destination)
        case .renamed(let movie, let index, _):
            rows[index] = movie
        }
    }
}
