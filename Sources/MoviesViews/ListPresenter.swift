// Role in the data flow: what `list`, `list --json`, `find` and `history` draw. The command runner asks the
// view for them, and each view shows them its own way: the line view prints the rows, the screen
// view keeps the list on screen, shows the JSON over it, and filters it live for `find`. The
// runner also says when an edit is done, for the screen view's history panel.

import MoviesCore

/// A view that can show the whole list, or the movies that match a search, when the user asks.
@MainActor
package protocol ListPresenter: AnyObject {
    /// Shows every movie (the `list` command).
    func showList(_ movies: [Movie])
    /// Shows one line of catalog JSON (the `list --json` and `find --json` commands).
    func showJSON(_ json: String)
    /// Shows the edits of `history`, numbered, with the point the list is at (the `history`
    /// command): printed by the line view, shown over the list by the screen view.
    func showHistory(_ history: UndoHistory)
    /// Shows the movies of `movies` that match `search`, at their positions in the list (the
    /// `find TEXT` command): printed once by the line view, kept on screen and up to date by
    /// the screen view.
    func showMatches(of search: TitleSearch, in movies: [Movie])
    /// Shows every movie again after `showMatches` (`find` with no text), and returns `true`;
    /// `false` from a view that prints matches once and so has nothing to clear, for which
    /// `find` needs a text.
    func clearFind() -> Bool
    /// An edit a command sent is done and changed the list: a view that keeps the history on
    /// screen shows where it ended.
    ///
    /// The Changes say it for nearly every edit (each is delivered after the history has moved),
    /// but a `skip` records its edit only once its last Change has been delivered.
    func editDone()
}

extension MoviesViewController: ListPresenter {
    /// The line view prints the history only when asked (`history`): nothing to bring up to
    /// date.
    package func editDone() {}
}
