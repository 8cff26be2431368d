// Role in the data flow: a trace, run again (`--replay`). The replayer builds a fresh store from the
// trace's header and sends it each recorded action in turn; `ReplayRunner` compares what the store
// does now with what it did then. A trace is thereby a regression test a user can attach to a bug
// report. The trace's format is MoviesFormats'; the store that replays it is the app's.
//
//   trace line ─► Record.action ─► fresh store.send ─► Record (now) ═ Record (then)?

import MoviesCore
import MoviesFormats

/// Replays the actions of a trace against a fresh store that starts where the traced one did.
///
/// The store fetches nothing during a replay: a recorded `refresh` only turns the indicator on, and
/// the answer the traced session got arrives as the recorded `fetchSucceeded` or `fetchFailed`
/// action, so a replay is deterministic and needs neither the network nor the catalog.
@MainActor
final class TraceReplayer {
    private let store: MoviesViewModel
    private let recorder = Recorder()

    /// A replayer starting from the state, history and history limit `header` describes.
    init(header: Trace.Header) {
        store = MoviesViewModel(
            api: ReplayAPI(),
            state: MoviesState(movies: header.movies, nextID: header.nextID),
            history: header.startingHistory.undoHistory(limit: header.historyLimit),
            middleware: [recorder])
    }

    /// The store's current list (for a summary once the replay is done).
    var movies: [Movie] { store.state.movies }

    /// Sends `action` to the store and returns what it did now.
    func replay(_ action: MoviesViewModel.Action) -> MoviesViewModel.Record {
        recorder.last = nil
        _ = try? store.send(action)
        // A top-level send always reaches the middleware before it returns. Taken out, so the
        // record (a fetched list, say) is not kept alive past this call.
        defer { recorder.last = nil }
        return recorder.last
            ?? MoviesViewModel.Record(
                action: action, outcome: .changes([]), count: store.state.movies.count,
                nanoseconds: 0)
    }

    /// Keeps the record of the action just sent.
    private final class Recorder: MoviesMiddleware {
        var last: MoviesViewModel.Record?
        /// A divergence prints the replayed record beside the recorded one, which the trace
        /// timed: timed too, its `ns` is a time, not an untimed 0.
        var wantsTiming: Bool { true }

        func didSend(_ record: MoviesViewModel.Record, state: MoviesState) {
            last = record
        }
    }

    isolated deinit {
        store.cancelFetches()
    }

    /// The source of a replaying store: it never answers, because the answers are in the trace.
    ///
    /// Answering anything, even an error, would be wrong: the answer would arrive as an action
    /// the traced session never saw. A fetch waits until the next recorded answer supersedes it.
    private struct ReplayAPI: MoviesAPI {
        func fetchMovies() async throws -> [Movie] {
            while true {
                try await Task.sleep(for: .seconds(3600))
            }
        }
    }
}
