// Role in the data flow: the only times the screen view draws everything. A reload is a Change
// (ScreenView+Changes.swift) and turning a find on or off a command (ScreenView+Find.swift);
// these are the others: the user scrolls a page, the window is resized, Ctrl-L asks for a clean
// screen, or the view takes the screen over.
//
//   Page Up/Down ─► scroll ─┐
//   SIGWINCH ─► resize ─────┼─► every row of every region ─► flush
//   Ctrl-L, start, fg ─► repaintAll

import TerminalIO

extension ScreenView {
    /// Scrolls the list (or the matches of a find) by `pages` windows (negative: up), keeping
    /// one row of context.
    package func scroll(pages: Int) {
        let count = shownCount
        let step = max(1, listRows - 1)
        let wanted = top + pages * step
        let newTop = min(max(0, wanted), maximumTop(count: count))
        guard newTop != top else { return }
        top = newTop
        let shown = "\(top + 1)–\(min(count, top + listRows)) of \(count)"
        message = find == nil ? "Showing \(shown)." : "Showing matches \(shown)."
        drawList()
        drawMessage()
        flush()
    }

    /// Redraws everything for a window of `newSize`; before `start()`, only notes the size.
    package func resize(to newSize: TerminalMode.WindowSize) {
        adopt(newSize)
        guard isStarted else { return }
        repaintAll()
    }

    /// Lays the view out for a window of `newSize`, drawing nothing.
    func adopt(_ newSize: TerminalMode.WindowSize) {
        size = newSize
        row = ScreenRow(numberWidth: row.numberWidth, columns: newSize.columns)
        top = min(top, maximumTop(count: shownCount))
    }

    /// Redraws every region (Ctrl-L, a resize, the start, `fg`), the history panel too while
    /// it is open.
    package func repaintAll() {
        pending += "\u{1B}[r\u{1B}[H\u{1B}[2J"
        drawList()
        drawPanel()
        statusText = statusLine?.text ?? statusText
        drawStatusRow()
        drawMessage()
        flush(input: true)
    }
}
