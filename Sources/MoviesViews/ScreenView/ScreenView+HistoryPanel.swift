// Role in the data flow: the screen view's history panel. Ctrl-T opens it under the list: one row
// an edit, worded as `history` words it, the edit the list is right after in reverse video. While
// it is open the console hands Up and Down to the session, which runs them as `undo` and `redo`
// (through the command runner, as typed ones); their Changes come back here like any other, the
// list region draws the rows they touch, and the panel moves its highlight. Esc or Ctrl-T closes
// it. Opening and closing are the view's own business: nothing reaches the store.
//
//   Ctrl-T ─► openPanel ─► title and edit rows
//   Up ─► console ─► InputEvent.key ─► Session ─► undo ─► store ─► Change ─► render
//                                                   ├─► list region: the rows it touched
//                                                   └─► updatePanel: the edit rows that changed

import MoviesCore

extension ScreenView {
    /// Whether the history panel is open.
    var isPanelOpen: Bool { panel != nil }

    /// The rows the history panel takes now, its title included; 0 while it is closed.
    var panelRows: Int {
        panel == nil ? 0 : HistoryPanel.rows(ofRegion: regionRows)
    }

    /// Opens the history panel, or closes it (Ctrl-T).
    func togglePanel() {
        if panel == nil {
            openPanel()
        } else {
            closePanel()
        }
    }

    /// Opens the history panel under the list, the edit the list is right after in view.
    ///
    /// The list keeps its first row: only the rows the panel covers are drawn.
    func openPanel() {
        guard panel == nil else { return }
        panel = HistoryPanel()
        drawPanel()
        flush()
    }

    /// Closes the history panel, and draws the list rows it covered.
    ///
    /// When the taller list would show rows past the end of the list, its first row moves up to
    /// fill the window, and the whole list is drawn.
    func closePanel() {
        guard panel != nil else { return }
        let covered = top + listRows
        panel = nil
        let newTop = min(top, maximumTop(count: shownCount))
        if newTop != top || overlay != nil {
            top = newTop
            drawList()
        } else {
            for index in covered..<top + listRows {
                drawRow(index)
            }
        }
        flush()
    }

    /// Draws the whole panel: the title row and every edit row.
    func drawPanel() {
        guard var panel, panelRows > 0 else { return }
        pending += Self.moveTo(row: listRows + 1) + "\u{1B}[2K"
        pending += HistoryPanel.title(columns: size.columns)
        panel.drawn = []
        self.panel = panel
        updatePanel()
    }

    /// Draws the edit rows that read differently from what they show, scrolling the panel to
    /// keep the edit the list is right after in view.
    ///
    /// The history is not what Changes describe (they say what happened to rows), so the panel
    /// is drawn as a derived value is: after each Change it words the few edits it shows and
    /// writes only the rows whose words changed. An undo rewrites two rows (the edit undone, and
    /// the one the list is now after, highlighted); an edit the panel had to scroll for rewrites
    /// them all, as a page of the list does. Each row costs the same whatever the history's
    /// length.
    func updatePanel() {
        guard var panel else { return }
        let history = viewModel.history
        let rows = max(0, panelRows - 1)
        let total = history.count + 1
        panel.first = HistoryPanel.first(
            showing: history.point, from: panel.first, rows: rows, total: total)
        if panel.drawn.count != rows { panel.drawn = Array(repeating: nil, count: rows) }
        for row in 0..<rows {
            let number = panel.first + row
            let text =
                number < total
                ? HistoryPanel.row(
                    HistoryText.line(number, in: history), columns: size.columns,
                    isPoint: number == history.point)
                : ""
            guard text != panel.drawn[row] else { continue }
            pending += Self.moveTo(row: listRows + 2 + row) + "\u{1B}[2K" + text
            panel.drawn[row] = text
        }
        self.panel = panel
    }
}
