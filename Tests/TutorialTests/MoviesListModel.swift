// MoviesListModel.swift: what a SwiftUI screen of movies reads, fed by the
// store while the screen is on. Its rows follow every list Change; its count
// follows a derived subscription, so a view that shows only the count is not
// redrawn for a move.
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
///
/// Making one subscribes to nothing: SwiftUI makes a view's `@State` value
/// each time it makes the view, and drops all but the first. The model
/// follows the store only while `follow()` runs, which the view's `.task`
/// starts when the screen appears and cancels when it goes.
@MainActor
@Observable
final class MoviesListModel {
    /// The rows, in order: each row Change is applied to them, as a table
    /// applies it.
    private(set) var rows: [Movie]
    /// How many rows there are; set only when that number changes.
    private(set) var count: Int
    /// The list's identity on screen: it changes when a rejected edit must
    /// be drawn away, so that SwiftUI draws the list afresh from `rows`.
    private(set) var generation = 0
    @ObservationIgnored
    private let viewModel: MoviesViewModel

    init(viewModel: MoviesViewModel) {
        self.viewModel = viewModel
        let movies = viewModel.state.movies
        rows = movies
        count = movies.count
    }

    /// Follows the store until the task that runs it is cancelled.
    ///
    /// The subscriptions live as long as this call: when SwiftUI cancels the
    /// view's `.task`, they are cancelled, and the store calls nobody for a
    /// screen that has gone.
    func follow() async {
        rows = viewModel.state.movies
        count = rows.count
        let subscriptions = [
            viewModel.subscribe { [weak self] change, state in
                self?.apply(change, in: state)
            },
            viewModel.subscribe(derived: \.movies.count) { [weak self] count in
                self?.count = count
            },
        ]
        await Self.untilCancelled()
        for subscription in subscriptions {
            subscription.cancel()
        }
    }

    /// Draws the rows again as they are, after an edit SwiftUI had already
    /// shown was rejected: a swipe that deleted a row, a drag that moved one.
    func putBack() {
        generation += 1
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

    /// Returns once the task that awaits it is cancelled.
    private static func untilCancelled() async {
        let (cancelled, cancel) = AsyncStream<Never>.makeStream()
        await withTaskCancellationHandler {
            for await _ in cancelled {}
        } onCancel: {
            cancel.finish()
        }
    }
}
