// Role: the tutorial's middleware example, compiled and tested here: a
// middleware that writes one line before each action and one after it. The
// app's `TraceWriter` is the same idea, writing a JSON line per action to a
// file. The tutorial page shows this file as it is.

import MoviesCore
import MoviesTestSupport
import Testing

/// Writes what each action asked for and what it did, beside the data flow.
///
/// Middleware never changes the state and never draws: the store calls
/// `willSend` before the reducers run and `didSend` once the Changes have
/// reached every subscriber.
@MainActor
final class ActionLog: MoviesMiddleware {
    private(set) var lines: [String] = []

    func willSend(_ action: MoviesViewModel.Action, state: MoviesState) {
        lines.append("→ \(action) on \(state.movies.count) movies")
    }

    func didSend(_ record: MoviesViewModel.Record, state: MoviesState) {
        switch record.outcome {
        case .changes(let changes):
            lines.append("← \(changes.count) Change(s), \(record.count) movies")
        case .rejected:
            lines.append("← rejected")
        }
    }
}

@MainActor
struct ActionLogTests {
    @Test func itSeesEveryActionBeforeAndAfter() throws {
        let movies = [
            Movie(id: 1, title: "Alien", year: 1979),
            Movie(id: 2, title: "Heat", year: 1995),
        ]
        let log = ActionLog()
        let viewModel = MoviesViewModel(
            api: StubAPI(movies: movies),
            state: MoviesState(movies: movies, fetchStatus: .loaded),
            middleware: [log])

        try viewModel.delete(at: 0)
        #expect(throws: MoviesState.EditError.self) {
            try viewModel.delete(at: 5)
        }

        #expect(
            log.lines == [
                "→ delete(at: 0) on 2 movies", "← 1 Change(s), 1 movies",
                "→ delete(at: 5) on 1 movies", "← rejected",
            ])
    }
}
