// Role in the data flow: an `Action` is a request to the store, as a value. Everything that can
// change the state is one of these cases, and `MoviesViewModel.send(_:)` is the one place that runs
// them. Being values, actions can be logged, written to a trace, replayed and compared in tests.

extension MoviesViewModel {
    /// Everything the store can be asked to do.
    ///
    /// Indexes are 0-based, in the state's coordinates. The store also has one typed method per
    /// user action (`insert(title:year:at:)`, `undo()`, …), each a one-line call of `send(_:)`:
    /// methods read well at a call site and autocomplete, values are what middleware, traces,
    /// replay and tests need. Both exist; there is still exactly one way in.
    public enum Action: Equatable, Sendable, Codable {
        /// Insert a new movie at `at`; the store assigns its id.
        case insert(title: String, year: Int, at: Int)
        /// Delete the movie at `at`.
        case delete(at: Int)
        /// Move the movie at `from` so that it ends up at `to`.
        case move(from: Int, to: Int)
        /// Give the movie at `at` the title `to`; it keeps its id, year and place.
        case rename(at: Int, to: String)
        /// Give the movie at `at` a rating of `stars` (1 to 5), or none (`nil`).
        case rate(at: Int, stars: Int?)
        /// Revert the newest edit still on the undo stack.
        case undo
        /// Revert the newest undo.
        case redo
        /// Undo or redo every edit between the point and edit `edit` (1-based, as the history
        /// numbers them; 0: before the first), one Change at a time: the list as it was right
        /// after that edit.
        case goto(edit: Int)
        /// Take edit `edit` out: undo back to before it, bring the later edits back without it
        /// (each on its movie wherever it is; one whose movie is gone is left out), all as one
        /// new edit that `undo` takes back.
        case skip(edit: Int)
        /// Fetch the list again; the result arrives later as `fetchSucceeded` or `fetchFailed`.
        case refresh
        /// A fetch answered with `movies`. Sent by the store's own fetch (only the latest fetch's
        /// answer is ever sent); replaying a trace sends the recorded one.
        case fetchSucceeded(movies: [Movie])
        /// A fetch failed for `reason`; the list keeps what it had.
        case fetchFailed(reason: String)

        // Actions from another process: a store that follows a state file another session
        // keeps (`movies --follow FILE`) is sent these, read from the file, instead of edits
        // typed at its keyboard. Its views are the same views: they draw the same Changes.

        /// Another session made `change` and journaled it: apply it as it is.
        ///
        /// The Change travelled as a line of the state file's journal, and is applied through
        /// the reducer a restore uses (`MoviesState.apply(_:)`), which checks that it fits the
        /// list: a following store whose list is the file's ends with the file's list. It is no
        /// edit of this store's, so undo does not see it: undoing it is the other session's.
        ///
        /// `indirect`: its Change lives in a box of its own, so that an action, which the store
        /// copies and the history keeps, stays the size of an insert's.
        indirect case journaled(change: MoviesState.Change)
        /// Another session's list, as a new snapshot of its state file holds it (after its
        /// refresh, or a file put in place of the one followed): it replaces the list, as a
        /// fetch's answer does, and emits `.reloaded`. Not recorded for undo either.
        case snapshotWritten(movies: [Movie])
    }
}
