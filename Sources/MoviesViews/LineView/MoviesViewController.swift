// Role in the data flow: the view. It subscribes to the store's Changes and, for each one, redraws
// only the part that changed: one row for an insert, delete, move or update, the indicator line for
// a fetch status, the whole list only for `.reloaded` (and when the user asks with `list`, or for
// the matches with `find`). It never diffs and never re-reads the list "to be sure".
//
//   MoviesViewModel ─► Change ─► MoviesViewController ─► TextOutput

import MoviesCore
import SystemBoundary
import TerminalIO

/// Draws the movies screen, line by line, from the store's Changes.
@MainActor
package final class MoviesViewController {
    private let output: any TextOutput
    private let quiet: Bool
    private var subscription: MoviesViewModel.Subscription?

    /// Subscribes to `viewModel`; from now on every `Change` it emits is drawn to `output`.
    ///
    /// - Parameter quiet: draw no Changes (`--quiet`): only what commands ask for (`showList`,
    ///   `showJSON`) is written, and a failed fetch, which is an error, goes to stderr.
    package init(viewModel: MoviesViewModel, output: any TextOutput, quiet: Bool = false) {
        self.output = output
        self.quiet = quiet
        subscription = viewModel.subscribe { [weak self] change, state in
            self?.render(change, in: state)
        }
    }

    /// Stops drawing Changes.
    package func detach() {
        subscription?.cancel()
        subscription = nil
    }

    /// Draws one `Change`; `state` is the state right after it.
    ///
    /// The `switch` is exhaustive on purpose: a new kind of Change does not compile until this view
    /// decides how to draw it.
    package func render(_ change: MoviesState.Change, in state: MoviesState) {
        guard !quiet else {
            if case .fetch(.failed(let reason)) = change {
                output.write(Self.failureLine(reason) + "\n", to: .error)
            }
            return
        }
        switch change {
        case .none:
            return
        case .fetch(let status):
            if let line = Self.indicatorLine(status, count: state.movies.count) {
                output.write(line + "\n", to: .standard)
            }
        case .reloaded:
            showList(state.movies)
        case .inserted, .deleted, .moved, .updated:
            if let line = ChangeText.line(change) { output.write(line + "\n", to: .standard) }
        }
    }

    /// Draws the whole list, one row a line, in a single write.
    package func showList(_ movies: [Movie]) {
        let text =
            movies.isEmpty
            ? "  (no movies; add one with: insert \"TITLE\" YEAR)\n" : RowText.list(movies)
        output.write(text, to: .standard)
    }

    /// Draws the movies of `movies` that match `search`, each at its position in the list as
    /// `list` draws it, then how many matched, in a single write.
    ///
    /// The matches are a `FilteredList`, made once: the line view prints them and keeps
    /// nothing, so no Change after this one redraws them.
    package func showMatches(of search: TitleSearch, in movies: [Movie]) {
        let matches = FilteredList(movies, matching: search.matches)
        let rows = zip(matches.indexes(ofRows: 0..<matches.count), matches.movies)
        let summary = search.summary(matches: matches.count, of: movies.count)
        output.write(RowText.rows(rows, count: movies.count) + summary + "\n", to: .standard)
    }

    /// The line view keeps no find to clear: `find` needs a text here.
    package func clearFind() -> Bool {
        false
    }

    /// Writes `json` (one line of catalog JSON) with any unsafe character escaped.
    package func showJSON(_ json: String) {
        output.write(TerminalText.escapedJSON(json) + "\n", to: .standard)
    }

    /// Prints the history's edits, one a line, in a single write.
    package func showHistory(_ history: UndoHistory) {
        output.write(HistoryText.lines(history).joined(separator: "\n") + "\n", to: .standard)
    }

    /// The loading indicator's line for `status`, or `nil` when there is nothing to show.
    static func indicatorLine(_ status: FetchStatus, count: Int) -> String? {
        switch status {
        case .idle:
            return nil
        case .loading:
            return "Loading movies…"
        case .loaded:
            guard count > 0 else { return "Loaded 0 movies: the catalog is empty." }
            return "Loaded \(Counted(count, "movie"))."
        case .failed(let reason):
            return failureLine(reason)
        }
    }

    /// The line for a failed fetch.
    ///
    /// The reason is the API's, already escaped where it was made (a file name with a byte that
    /// is not UTF-8 shows as `\x{FF}`); `TerminalText.safe` escapes only what is still raw.
    static func failureLine(_ reason: String) -> String {
        "Could not load movies: \(TerminalText.safe(reason)) — type refresh to retry"
    }

    /// Shows the list of a state file another session keeps (`--follow`), and says that this
    /// session follows it: its rows change as that session edits it.
    package func showFollowing(_ movies: [Movie], in file: FileName) {
        guard !quiet else { return }
        if !movies.isEmpty { output.write(RowText.list(movies), to: .standard) }
        output.write(Self.followingLine(movies.count, in: file) + "\n", to: .standard)
    }

    /// The line that says which file a follower follows, and what it holds.
    package static func followingLine(_ count: Int, in file: FileName) -> String {
        let name = file.excerpt(limit: 200)
        guard count > 0 else { return "Following \(name), which holds no list yet (read-only)." }
        return "Following \(Counted(count, "movie")) in \(name) (read-only)."
    }

    /// Says where a restored list came from, in place of the loading indicator: a session
    /// started from a state file fetches nothing.
    package func showRestored(_ movies: [Movie], from source: FileName) {
        guard !quiet else { return }
        showList(movies)
        let count = Counted(movies.count, "movie")
        output.write(
            "Restored \(count) from \(source.excerpt(limit: 200)).\n",
            to: .standard)
    }
}
