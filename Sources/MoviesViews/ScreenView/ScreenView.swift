// Role in the data flow: the second view (`--screen`). It draws the same Changes as the line view,
// but in place, on a full-screen layout: the list in a viewport, a status line, a message line
// and the input line. An insert, delete or move repaints only the visible rows it touches; rows
// that merely shift are moved by the terminal (insert/delete line inside a scroll region) and only
// their position numbers are rewritten. Only a reload, a resize, scrolling or Ctrl-L repaint the
// whole list.
//
//   MoviesViewModel ─► Change ─► ScreenView ─► escape sequences for the touched rows ─► terminal
//                  └─► derived Summary ─► StatusLine ─► ScreenView draws the status row

import MoviesCore
import SystemBoundary
import TerminalIO

/// The full-screen view of the movie list.
///
/// Layout, for a window of R rows: rows 1 to R−3 show the list from the movie at `top`; row R−2
/// is the status line, row R−1 the message line (the last change or error), row R the input line.
/// The view never diffs: it knows from each Change which rows it touched. It reads the store's
/// state only to draw rows it must draw whole (a reload, a scroll, a row that came into view).
@MainActor
package final class ScreenView {
    private let viewModel: MoviesViewModel
    let terminal: any TerminalOutput
    private let animates: Bool
    private var size: TerminalMode.WindowSize
    /// The index of the movie on the first list row.
    package private(set) var top = 0
    private var row: ScreenRow
    private var subscription: MoviesViewModel.Subscription?
    private var statusLine: StatusLine?
    private var statusText = ""
    private var message = ""
    var input = InputLine(prompt: "", characters: [], cursor: 0)
    /// Whether `drawInput` has given the input line its prompt yet.
    var hasInput = false
    /// Text shown over the list (help, JSON) until the next command.
    private var overlay: [String]?
    /// Bytes of the operation being drawn, written in one go at its end.
    private var pending = ""

    /// The prompt, the typed text and where the cursor is in it.
    struct InputLine {
        var prompt: String
        var characters: [Character]
        var cursor: Int
    }

    /// A view of `viewModel` on a terminal of `size`; call `start()` to take over the screen.
    ///
    /// - Parameter animates: run the spinner's timer (tests step it with `advanceSpinner`).
    package init(
        viewModel: MoviesViewModel, terminal: any TerminalOutput, size: TerminalMode.WindowSize,
        animates: Bool = true
    ) {
        self.viewModel = viewModel
        self.terminal = terminal
        self.size = size
        self.animates = animates
        row = ScreenRow(
            numberWidth: ScreenRow.numberWidth(for: viewModel.state.movies.count),
            columns: size.columns)
    }

    // MARK: - Layout

    /// How many list rows the window has room for.
    package var listRows: Int { max(0, size.rows - 3) }
    private var statusRow: Int { size.rows - 2 }
    private var messageRow: Int { size.rows - 1 }
    private var inputRow: Int { size.rows }

    // MARK: - Starting and stopping

    /// Switches to the alternate screen, draws everything and starts drawing Changes.
    package func start() {
        pending += "\u{1B}[?1049h\u{1B}[H\u{1B}[2J"
        subscription = viewModel.subscribe { [weak self] change, state in
            self?.render(change, in: state)
        }
        statusLine = StatusLine(
            viewModel: viewModel, animates: animates,
            redraw: { [weak self] text in self?.drawStatus(text) },
            redrawSpinner: { [weak self] frame in self?.drawSpinner(frame) })
        repaintAll()
    }

    /// Stops drawing and gives the terminal its normal screen back.
    package func stop() {
        subscription?.cancel()
        subscription = nil
        statusLine?.detach()
        statusLine = nil
        leaveScreen()
    }

    /// Gives the terminal its normal screen back for a while (a suspend); `returnToScreen()`
    /// takes over again.
    package func leaveScreen() {
        terminal.write("\u{1B}[r\u{1B}[?1049l")
    }

    /// Takes the alternate screen again and draws everything.
    package func returnToScreen() {
        pending += "\u{1B}[?1049h"
        repaintAll()
    }

    // MARK: - Changes

    /// Draws one Change; `state` is the state after the action that made it.
    ///
    /// The `switch` is exhaustive on purpose: a new kind of Change does not compile until this
    /// view decides how to draw it.
    package func render(_ change: MoviesState.Change, in state: MoviesState) {
        switch change {
        case .none, .fetch:
            // The status line has its own (derived) subscription.
            return
        case .reloaded(let replaced):
            top = min(top, maximumTop(count: state.movies.count))
            row = ScreenRow(
                numberWidth: ScreenRow.numberWidth(for: state.movies.count), columns: size.columns)
            message =
                replaced.isEmpty
                ? "Loaded \(MovieCount.text(state.movies.count))."
                : "List replaced: \(MovieCount.text(state.movies.count)) (undo puts the old one back)."
            drawList(state.movies)
        case .inserted(let movie, let index):
            message = "Inserted \(quoted(movie)) at \(index + 1)\(whereIs(index))."
            if !fitsNumberColumn(state.movies.count) {
                drawList(state.movies)
            } else if index < top {
                top += 1
                renumber(from: 1, through: listRows, count: state.movies.count)
            } else if index < top + listRows {
                shift(from: screenRow(index), through: listRows, down: true)
                drawRow(state.movies, index: index)
                renumber(from: screenRow(index) + 1, through: listRows, count: state.movies.count)
            }
        case .deleted(let movie, let index):
            message = "Deleted \(quoted(movie)) from \(index + 1)\(whereIs(index))."
            if index < top {
                top -= 1
                renumber(from: 1, through: listRows, count: state.movies.count)
            } else if index < top + listRows {
                shift(from: screenRow(index), through: listRows, down: false)
                drawRow(state.movies, index: top + listRows - 1)
                renumber(from: screenRow(index), through: listRows - 1, count: state.movies.count)
            }
        case .moved(let movie, let source, let destination):
            message =
                "Moved \(quoted(movie)) from \(source + 1) to \(destination + 1)"
                + "\(whereIs(destination))."
            drawMove(from: source, to: destination, in: state.movies)
        }
        drawMessage()
        flush()
    }

    /// Draws a move: the rows between `source` and `destination` shift by one towards the gap
    /// the movie left, and the movie appears at `destination`.
    private func drawMove(from source: Int, to destination: Int, in movies: [Movie]) {
        // The part of the shifting band that is on screen, as list indexes.
        let first = max(min(source, destination), top)
        let last = min(max(source, destination), top + listRows - 1)
        guard first <= last else { return }
        if source < destination {
            // Moving down: the rows after the source move up; the destination gets the movie.
            shift(from: screenRow(first), through: screenRow(last), down: false)
            drawRow(movies, index: last)
            renumber(from: screenRow(first), through: screenRow(last) - 1, count: movies.count)
        } else {
            shift(from: screenRow(first), through: screenRow(last), down: true)
            drawRow(movies, index: first)
            renumber(from: screenRow(first) + 1, through: screenRow(last), count: movies.count)
        }
    }

    // MARK: - Input, messages, overlays

    /// Draws the input line: the prompt and the typed text, with the cursor before
    /// `characters[cursor]`.
    package func drawInput(prompt: String, characters: [Character], cursor: Int) {
        input = InputLine(prompt: prompt, characters: characters, cursor: cursor)
        hasInput = true
        flush(input: true)
    }

    /// Shows `text` (one line, already safe for a terminal, as all output is) on the message line.
    package func showMessage(_ text: String) {
        message = text
        drawMessage()
        flush()
    }

    /// Shows several lines of text (help, JSON; already safe for a terminal, as all output is)
    /// over the list until `dismissOverlay()`; a line wider than the window wraps, and what does
    /// not fit in the list's rows is cut.
    package func showOverlay(_ text: String) {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += Self.wrapped(String(line), toCells: size.columns)
            if lines.count > listRows { break }
        }
        if lines.last == "" { lines.removeLast() }
        overlay = lines
        drawList(viewModel.state.movies)
        flush()
    }

    /// `text` in pieces of at most `cells` cells each (one empty piece for empty text).
    private static func wrapped(_ text: String, toCells cells: Int) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var width = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if width + characterWidth > max(1, cells), !piece.isEmpty {
                pieces.append(piece)
                piece = ""
                width = 0
            }
            piece.append(character)
            width += characterWidth
        }
        pieces.append(piece)
        return pieces
    }

    /// Puts the list back where an overlay was.
    package func dismissOverlay() {
        guard overlay != nil else { return }
        overlay = nil
        drawList(viewModel.state.movies)
        flush()
    }

    // MARK: - Scrolling, resizing, repainting

    /// Scrolls the list by `pages` windows (negative: up), keeping one row of context.
    package func scroll(pages: Int) {
        let count = viewModel.state.movies.count
        let step = max(1, listRows - 1)
        let wanted = top + pages * step
        let newTop = min(max(0, wanted), maximumTop(count: count))
        guard newTop != top else { return }
        top = newTop
        message = "Showing \(top + 1)–\(min(count, top + listRows)) of \(count)."
        drawList(viewModel.state.movies)
        drawMessage()
        flush()
    }

    /// Redraws everything for a window of `newSize`.
    package func resize(to newSize: TerminalMode.WindowSize) {
        size = newSize
        row = ScreenRow(numberWidth: row.numberWidth, columns: newSize.columns)
        top = min(top, maximumTop(count: viewModel.state.movies.count))
        repaintAll()
    }

    /// Redraws every region (Ctrl-L, a resize, the start).
    package func repaintAll() {
        pending += "\u{1B}[r\u{1B}[H\u{1B}[2J"
        drawList(viewModel.state.movies)
        statusText = statusLine?.text ?? statusText
        drawStatusRow()
        drawMessage()
        flush(input: true)
    }

    /// Shows the spinner's next frame (the timer does this while loading).
    package func advanceSpinner() {
        statusLine?.advanceSpinner()
    }

    // MARK: - Drawing regions

    /// Draws every list row (or the overlay) from `top`.
    private func drawList(_ movies: [Movie]) {
        for screenLine in stride(from: 1, through: listRows, by: 1) {
            pending += Self.moveTo(row: screenLine) + "\u{1B}[2K"
            if let overlay {
                let index = screenLine - 1
                if index < overlay.count { pending += overlay[index] }
            } else {
                let index = top + screenLine - 1
                if index < movies.count { pending += row.text(movies[index], at: index) }
            }
        }
    }

    /// Draws the movie at list `index` on its row, if that row is on screen; a row past the end
    /// of the list is left blank.
    private func drawRow(_ movies: [Movie], index: Int) {
        guard overlay == nil, index >= top, index < top + listRows else { return }
        pending += Self.moveTo(row: screenRow(index)) + "\u{1B}[2K"
        if index < movies.count { pending += row.text(movies[index], at: index) }
    }

    /// Rewrites only the position numbers of the screen rows `first` to `last`, which now show
    /// other indexes.
    ///
    /// One cursor move to the first row, then the next row's start is a carriage return and a
    /// line feed away: the rows are inside the list, above the status line, so the line feed
    /// never scrolls.
    private func renumber(from first: Int, through last: Int, count: Int) {
        guard overlay == nil else { return }
        var screenLine = max(1, first)
        var moveToRow = Self.moveTo(row: screenLine)
        while screenLine <= last, top + screenLine - 1 < count {
            pending += moveToRow + row.digits(top + screenLine - 1)
            moveToRow = "\r\n"
            screenLine += 1
        }
    }

    /// Moves the screen rows `first` to `last` down or up by one, the terminal doing the work.
    ///
    /// A scroll region around the rows, then insert or delete one line at its top. The row that
    /// opens up is blank; the caller draws it.
    ///
    /// A band of one row has nothing to shift (and a one-row scroll region is not valid).
    private func shift(from first: Int, through last: Int, down: Bool) {
        guard overlay == nil, first >= 1, first < last else { return }
        pending += "\u{1B}[\(first);\(last)r"
        pending += Self.moveTo(row: first)
        pending += down ? "\u{1B}[L" : "\u{1B}[M"
        pending += "\u{1B}[r"
    }

    private func drawStatus(_ text: String) {
        statusText = text
        drawStatusRow()
        flush()
    }

    private func drawStatusRow() {
        guard statusRow >= 1 else { return }
        pending += Self.moveTo(row: statusRow) + "\u{1B}[2K"
        pending += DisplayWidth.truncated(statusText, toCells: size.columns)
    }

    private func drawSpinner(_ frame: Character) {
        guard statusRow >= 1 else { return }
        pending += Self.moveTo(row: statusRow) + String(frame)
        flush()
    }

    private func drawMessage() {
        guard messageRow >= 1 else { return }
        pending += Self.moveTo(row: messageRow) + "\u{1B}[2K"
        pending += DisplayWidth.truncated(message, toCells: size.columns)
    }

    /// Writes what was drawn in one go.
    ///
    /// With `input`, the input line is drawn too and the cursor left in it. Otherwise the cursor,
    /// already in the input line, is saved before the drawing and put back after it (DECSC and
    /// DECRC): the typed text is not resent for a row or a spinner frame drawn elsewhere.
    private func flush(input: Bool = false) {
        if input || !hasInput {
            pending += drawnInputLine()
            terminal.write(pending)
        } else if !pending.isEmpty {
            terminal.write("\u{1B}7" + pending + "\u{1B}8")
        }
        pending = ""
    }

    /// The input line, scrolled sideways so the cursor is always on screen.
    private func drawnInputLine() -> String {
        guard inputRow >= 1 else { return "" }
        let prompt = DisplayWidth.truncated(input.prompt, toCells: max(0, size.columns - 2))
        let room = max(1, size.columns - DisplayWidth.of(prompt) - 1)
        let shown = input.characters.map { TerminalText.escaped(String($0)) }
        let cursor = min(max(0, input.cursor), shown.count)
        // Start far enough right that the text before the cursor fits.
        var start = cursor
        var before = 0
        while start > 0, before + DisplayWidth.of(shown[start - 1]) <= room {
            start -= 1
            before += DisplayWidth.of(shown[start])
        }
        var text = ""
        var cells = 0
        for piece in shown[start...] {
            let width = DisplayWidth.of(piece)
            guard cells + width <= room else { break }
            text += piece
            cells += width
        }
        return Self.moveTo(row: inputRow) + "\u{1B}[2K" + prompt + text
            + "\u{1B}[\(inputRow);\(DisplayWidth.of(prompt) + before + 1)H"
    }

    // MARK: - Helpers

    /// The screen row (1-based) of list `index`.
    private func screenRow(_ index: Int) -> Int {
        index - top + 1
    }

    private func maximumTop(count: Int) -> Int {
        max(0, count - listRows)
    }

    /// Whether `count` rows still fit the position column; if not, the list is redrawn with a
    /// wider one.
    private func fitsNumberColumn(_ count: Int) -> Bool {
        guard DecimalText.digitCount(count) <= row.numberWidth else {
            row = ScreenRow(numberWidth: ScreenRow.numberWidth(for: count), columns: size.columns)
            return false
        }
        return true
    }

    private func whereIs(_ index: Int) -> String {
        if index < top { return ", above the view" }
        if index >= top + listRows { return ", below the view" }
        return ""
    }

    private func quoted(_ movie: Movie) -> String {
        "“\(TerminalText.excerpt(movie.title, limit: 60)) (\(movie.year))”"
    }

    private static func moveTo(row: Int) -> String {
        "\u{1B}[\(row);1H"
    }
}
