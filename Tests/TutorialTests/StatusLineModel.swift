// Role: the tutorial's derived subscription, compiled and tested here: a status line that
// subscribes to a summary of the state (the count and the fetch status), so it repaints only when
// the summary changes. The app's `StatusLine` does this for the screen view. The tutorial page
// shows this file, without its imports.

import MoviesCore
import MoviesTestSupport
import Testing

/// What the status line shows, derived from the state.
///
/// `Equatable`, so the store can tell whether it changed; small, so deriving it after every Change
/// costs nothing.
struct Summary: Equatable {
    var count: Int
    var fetchStatus: FetchStatus

    init(_ state: MoviesState) {
        count = state.movies.count
        fetchStatus = state.fetchStatus
    }
}

/// A status line that repaints only when its summary changes: never for a move.
@MainActor
final class StatusLineModel {
    private(set) var paints: [String] = []
    private var subscription: MoviesViewModel.Subscription?

    init(viewModel: MoviesViewModel) {
        subscription = viewModel.subscribe(derived: Summary.init) { [weak self] summary in
            self?.paint(summary)
        }
    }

    private func paint(_ summary: Summary) {
        switch summary.fetchStatus {
        case .loading: paints.append("Loading…")
        case .idle, .loaded: paints.append("\(summary.count) movies")
        case .failed(let reason): paints.append("\(summary.count) movies; fetch failed: \(reason)")
        }
    }
}

@MainActor
struct StatusLineModelTests {
    @Test func aMoveDoesNotRepaintTheStatusLine() async throws {
        let movies = [
            Movie(id: 1, title: "Alien", year: 1979), Movie(id: 2, title: "Heat", year: 1995),
        ]
        let viewModel = MoviesViewModel(api: StubAPI(movies: movies))
        let statusLine = StatusLineModel(viewModel: viewModel)

        viewModel.refresh()
        await viewModel.waitForFetch()
        try viewModel.move(from: 0, to: 1)
        try viewModel.delete(at: 0)

        #expect(statusLine.paints == ["0 movies", "Loading…", "2 movies", "1 movies"])
    }
}
