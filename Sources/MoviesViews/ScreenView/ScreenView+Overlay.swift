// Role in the data flow: text shown over the list. `help` and `list --json` print several lines;
// the screen view shows them in the list's rows, wrapped to the window, until the next command
// puts the list back.
//
//   console output of several lines ─► showOverlay ─► list region ─► dismissOverlay ─► the list

import TerminalIO

extension ScreenView {
    /// Shows several lines of text (help, JSON; already safe for a terminal, as all output is)
    /// over the list until `dismissOverlay()`; a line wider than the window wraps, and what does
    /// not fit in the list's rows is cut.
    package func showOverlay(_ text: String) {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += DisplayWidth.wrapped(String(line), toCells: size.columns)
            if lines.count > listRows { break }
        }
        if lines.last == "" { lines.removeLast() }
        overlay = lines
        drawList()
        flush()
    }

    /// Puts the list back where an overlay was.
    package func dismissOverlay() {
        guard overlay != nil else { return }
        overlay = nil
        drawList()
        flush()
    }
}
