// Role in the data flow: the second view (`--screen`). It draws the same Changes as the line view,
// but in place, on a full-screen layout: the list in a viewport, a status line, a message line
// and the input line. This file holds what the view keeps and how it takes over and gives back
// the screen; each region is drawn by an extension of its own (the Changes in
// ScreenView+Changes.swift, the list's rows in +ListRegion, the rows below the list in
// +StatusRows, the input line in +InputLine, overlays in +Overlay, whole repaints in +Repainting,
// the live filter of `find` in +Find, the history panel in +HistoryPanel).
//
//   MoviesViewModel ─► Change ─► ScreenView ─► escape sequences for the touched rows ─► terminal
//                  │               └─► (find on) FilteredList.apply ─► the matches' rows
//                  └─► derived Summary ─► StatusLine ─► ScreenView draws the status row

import MoviesCore
import SystemBoundary
import TerminalIO

/// The full-screen view of the movie list.
///
/// Layout, for a window of R rows: rows 1 to R−3 show the list from the movie at `top` (the upper
/// half of them while the history panel is open, which takes the lower half); row R−2 is the
/// status line, row R−1 the message line (the last change or error), row R the input line.
/// The view never diffs: it knows from each Change which rows it touched. It reads the store's
/// state only to draw rows it must draw whole (a reload, a scroll, a row that came into view).
/// The history panel is drawn as a derived value, since Changes say what happened to rows, not
/// to the history: after each Change it words the few edits it shows and rewrites only the rows
/// whose words changed.
///
/// While a find is on (`showMatches`), the viewport shows only the movies that match, each with
/// its position in the whole list, kept by a `FilteredList` that takes every Change: an edit of a
/// match redraws that row, an edit of any other movie at most the position digits it moved.
///
/// Every piece of text is cut to the window by `DisplayWidth.truncated`, which measures as
/// terminals advance the cursor and keeps a margin for those that draw wider, so no row wraps
/// onto another.
@MainActor
package final class ScreenView {
    let viewModel: MoviesViewModel
    let terminal: any TerminalOutput
    private let animates: Bool
    var size: TerminalMode.WindowSize
    /// The index of the movie on the first list row: in the whole list, or among the matches
    /// while a find is on.
    package internal(set) var top = 0
    /// How a list row looks at the current width and position column.
    var row: ScreenRow
    private var subscription: MoviesViewModel.Subscription?
    var statusLine: StatusLine?
    var statusText = ""
    var message = ""
    var input = InputLine(prompt: "", characters: [], cursor: 0)
    /// Whether `drawInput` has given the input line its prompt yet.
    var hasInput = false
    /// Text shown over the list (help, JSON) until the next command.
    var overlay: [String]?
    /// The find on screen, if any: the list region shows only its matches.
    var find: Find?
    /// Whether the list is another session's, shown read-only (`--follow`): its Changes are that
    /// session's edits, and nothing here undoes them.
    package var showsAnotherSessionsList = false
    /// The history panel, while it is open (Ctrl-T): it takes the lower half of the list region.
    var panel: HistoryPanel?
    /// Bytes of the operation being drawn, written in one go at its end.
    var pending = ""
    /// Whether the terminal is given back for a suspend (between `takeDown` and `putBack`): the
    /// view keeps what it shows but writes nothing, and `putBack` draws it all.
    var isAway = false

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

    /// The rows above the status line: the list's, and the history panel's while it is open.
    var regionRows: Int { max(0, size.rows - 3) }
    /// How many list rows the window has room for.
    package var listRows: Int { regionRows - panelRows }
    var statusRow: Int { size.rows - 2 }
    var messageRow: Int { size.rows - 1 }
    var inputRow: Int { size.rows }

    // MARK: - Starting and stopping

    /// Switches to the alternate screen, draws everything and starts drawing Changes.
    package func start() {
        pending += "\u{1B}[?1049h\u{1B}[H\u{1B}[2J"
        // First: the status line reads the find's count after each Change, once this view's
        // find has taken it.
        subscription = viewModel.subscribe { [weak self] change, state in
            self?.render(change, in: state)
        }
        statusLine = StatusLine(
            viewModel: viewModel, animates: animates,
            columns: { [weak self] in self?.size.columns ?? 0 },
            find: { [weak self] in self?.findMatches },
            redraw: { [weak self] text in self?.drawStatus(text) },
            redrawSpinner: { [weak self] frame in self?.drawSpinner(frame) })
        repaintAll()
    }

    /// Whether `start()` took the screen over and `stop()` has not given it back.
    var isStarted: Bool { subscription != nil }

    /// Stops drawing and gives the terminal its normal screen back (given back already when the
    /// view is away).
    package func stop() {
        subscription?.cancel()
        subscription = nil
        statusLine?.detach()
        statusLine = nil
        if !isAway { leaveScreen() }
    }

    /// Gives the terminal its normal screen back for a while (a suspend); `returnToScreen()`
    /// takes over again.
    func leaveScreen() {
        terminal.write("\u{1B}[r\u{1B}[?1049l")
    }

    /// Takes the alternate screen again and draws everything.
    func returnToScreen() {
        pending += "\u{1B}[?1049h"
        repaintAll()
    }

    // MARK: - Writing

    /// Writes what was drawn in one go.
    ///
    /// With `input`, the input line is drawn too and the cursor left in it. Otherwise the cursor,
    /// already in the input line, is saved before the drawing and put back after it (DECSC and
    /// DECRC): the typed text is not resent for a row or a spinner frame drawn elsewhere.
    func flush(input: Bool = false) {
        guard !isAway else {
            pending = ""
            return
        }
        if input || !hasInput {
            pending += drawnInputLine()
            terminal.write(pending)
        } else if !pending.isEmpty {
            terminal.write("\u{1B}7" + pending + "\u{1B}8")
        }
        pending = ""
    }

    /// The cursor to the start of the 1-based screen `row`.
    static func moveTo(row: Int) -> String {
        "\u{1B}[\(row);1H"
    }
}
