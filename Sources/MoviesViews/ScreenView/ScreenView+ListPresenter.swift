// Role in the data flow: the screen view's third job. `list` and `list --json` ask the view to show
// the list; the screen view already keeps it on screen, so it says so, and shows the JSON (or the
// history) over it until the next key. `find` filters the list on screen (ScreenView+Find.swift).

import MoviesCore
import SystemBoundary

/// The screen view answers `list` by keeping the list where it is, and shows `list --json` over it.
extension ScreenView: ListPresenter {
    package func showList(_ movies: [Movie]) {
        guard let find else {
            showMessage("The list is on screen: Page Up and Page Down scroll it.")
            return
        }
        showMessage(
            "The movies that match \(find.search.quoted) are on screen; find alone shows them all.")
    }

    package func showJSON(_ json: String) {
        showOverlay(TerminalText.escapedJSON(json))
    }

    package func showHistory(_ history: UndoHistory) {
        showOverlay(HistoryText.lines(history).joined(separator: "\n"))
    }

    /// Brings the history panel, when it is open, to where the edit left the history (a skip's
    /// own edit is recorded after its last Change).
    package func editDone() {
        guard panel != nil else { return }
        updatePanel()
        flush()
    }
}
