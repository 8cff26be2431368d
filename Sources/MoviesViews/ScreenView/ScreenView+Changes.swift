// Role in the data flow: where the screen view meets the store. Each Change says which list rows
// it touched; this maps it to the fewest row operations of the list region (a row drawn, a band
// shifted by the terminal, position numbers rewritten) and a message. An insert, delete or move
// repaints only the visible rows it touches; rows that merely shift are moved by the terminal
// (insert/delete line inside a scroll region) and only their position numbers are rewritten.
//
//   MoviesViewModel ─► Change ─► render ─► list region operations + message ─► flush

import MoviesCore
import SystemBoundary

extension ScreenView {
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

    /// Whether `count` rows still fit the position column; if not, the list is redrawn with a
    /// wider one.
    private func fitsNumberColumn(_ count: Int) -> Bool {
        guard DecimalText.digitCount(count) <= row.numberWidth else {
            row = ScreenRow(numberWidth: ScreenRow.numberWidth(for: count), columns: size.columns)
            return false
        }
        return true
    }

    /// Where list `index` is, for a message about a row the user may not see.
    private func whereIs(_ index: Int) -> String {
        if index < top { return ", above the view" }
        if index >= top + listRows { return ", below the view" }
        return ""
    }

    /// `“Title (1999)”` for a message: the title escaped and cut to a few dozen scalars.
    private func quoted(_ movie: Movie) -> String {
        "“\(TerminalText.excerpt(movie.title, limit: 60)) (\(movie.year))”"
    }
}
