// Role in the data flow: the screen view's third job. `list` and `list --json` ask the view to show
// the list; the screen view already keeps it on screen, so it repaints it, and shows the JSON over
// it until the next key.

import MoviesCore
import SystemBoundary

/// The screen view answers `list` by keeping the list where it is, and shows `list --json` over it.
extension ScreenView: ListPresenter {
    package func showList(_ movies: [Movie]) {
        showMessage("The list is on screen: Page Up and Page Down scroll it.")
    }

    package func showJSON(_ json: String) {
        showOverlay(TerminalText.escapedJSON(json))
    }
}
