// MoviesListModel.swift: what a SwiftUI screen of movies reads, fed by the
// store. Its rows follow every list Change; its count follows a derived
// subscription, so a view that shows only the count is not redrawn for a
// move.
//
//   store ─► Change ─► MoviesListModel.rows ─► List         (every row Change)
//   store ─► derived count ─► MoviesListModel.count ─► badge (when it changes)

import MoviesCore
import Observation

/// What a SwiftUI screen of movies reads, kept up to date by the store.
///
/// SwiftUI redraws a view when a property its `body` read has changed;
/// `@Observable` tells it which. A `List` over `rows` follows `rows`; a badge
/// showing `count` follows only `count`.
@MainActor
@Observable
final class MoviesListModel {
    /// The rows, in order: each row Change is applied to them, as a table
    /// applies it.
    private(set) var rows: [Movie]
    /// How many rows there are; set only when that number changes.
    private(set) var count = 0
    @ObservationIgnored
    private var subscriptions: [MoviesViewModel.Subscription] = []

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
    ///
    /// The switch is exhaustive: a new kind of Change does not compile until
    /// it has a place here.
    private func apply(_ change: MoviesState.Change, in state: MoviesState) {
        switch change {
        case .none, .fetch:
            return
        case .reloaded:
            rows = state.movies
        case .inserted(let movie, let row):
            rows.insert(movie, at: row)
        case .deleted(_, let row):
            rows.remove(at: row)
        case .moved(let movie, let from, let to):
            rows.remove(at: from)
            rows.insert(movie, at: to)
        case .updated(let row, _, let movie):
            rows[row] = movie
        }
    }
}
