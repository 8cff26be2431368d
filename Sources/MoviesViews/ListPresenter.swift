// Role in the data flow: what `list` and `list --json` draw. The command runner asks the view for
// them, and each view shows them its own way: the line view prints the rows, the screen view keeps
// the list on screen and shows the JSON over it.

import MoviesCore

/// A view that can show the whole list when the user asks for it.
@MainActor
package protocol ListPresenter: AnyObject {
    /// Shows every movie (the `list` command).
    func showList(_ movies: [Movie])
    /// Shows one line of catalog JSON (the `list --json` command).
    func showJSON(_ json: String)
}

extension MoviesViewController: ListPresenter {}
