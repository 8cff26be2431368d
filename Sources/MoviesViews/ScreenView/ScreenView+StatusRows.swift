// Role in the data flow: the two rows under the list. The status line's own derived subscription
// asks for the status row (and, while a fetch runs, for one spinner cell at a time); a Change, an
// error or a command's output sets the message row. Each is one row, cut to the window.
//
//   StatusLine ─► drawStatus / drawSpinner ─► status row
//   render, console output ─► showMessage / drawMessage ─► message row

import TerminalIO

extension ScreenView {
    /// Shows `text` (one line, already safe for a terminal, as all output is) on the message line.
    package func showMessage(_ text: String) {
        message = text
        drawMessage()
        flush()
    }

    /// Shows the spinner's next frame (the timer does this while loading).
    package func advanceSpinner() {
        statusLine?.advanceSpinner()
    }

    /// Draws the status row with `text`, now.
    func drawStatus(_ text: String) {
        statusText = text
        drawStatusRow()
        flush()
    }

    /// Adds the status row to what is being drawn.
    func drawStatusRow() {
        guard statusRow >= 1 else { return }
        pending += Self.moveTo(row: statusRow) + "\u{1B}[2K"
        pending += DisplayWidth.truncated(statusText, toCells: size.columns)
    }

    /// Draws one spinner frame in the status row's first cell, and nothing else.
    func drawSpinner(_ frame: Character) {
        guard statusRow >= 1 else { return }
        pending += Self.moveTo(row: statusRow) + String(frame)
        flush()
    }

    /// Adds the message row to what is being drawn.
    func drawMessage() {
        guard messageRow >= 1 else { return }
        pending += Self.moveTo(row: messageRow) + "\u{1B}[2K"
        pending += DisplayWidth.truncated(message, toCells: size.columns)
    }
}
