// Role in the data flow: where the screen view meets the store. Each Change says which list rows
// it touched; this maps it to the fewest row operations of the list region (a row drawn, a band
// shifted by the terminal, position numbers rewritten) and a message. An insert, delete, move or
// update repaints only the visible rows it touches (an update, its own row); rows that merely shift
// are moved by the terminal (insert/delete line inside a scroll region) and only their position
// numbers are rewritten.
// While a find is on, the Change goes through the find's `FilteredList` first, and the same
// operations draw the Change it makes of the matches: an edit of a movie that does not match
// draws no row, only the position digits of the matches after it.
//
//   MoviesViewModel ─► Change ─► render ─┬─────────────────────────────┬─► list region operations
//                                        └─► FilteredList.apply (find) ─┘   + message ─► flush

import MoviesCore
import SystemBoundary

extension ScreenView {
    /// Draws one Change; `state` is the state after the action that made it.
    ///
    /// The message says what the Change did and where, the list region shows it, the history
    /// panel (when open) marks where the list now is among the edits, and all of it goes out in
    /// one write.
    func render(_ change: MoviesState.Change, in state: MoviesState) {
        let offersUndo = !showsAnotherSessionsList
        guard
            let headline = Self.headline(change, count: state.movies.count, offersUndo: offersUndo)
        else { return }
        // Where the row is said before it is drawn: drawing may move `top`.
        if let filtered = find?.list.apply(change, in: state) {
            message = headline + whereIs(filtered) + "."
            drawMatches(filtered, after: change, count: state.movies.count)
        } else {
            message = headline + whereIs(change) + "."
            drawChange(change, count: state.movies.count)
        }
        // The history may have moved with it (an edit made, undone, redone): the panel shows it.
        updatePanel()
        drawMessage()
        flush()
    }

    /// What `change` did, for the message line, such as `Inserted “Up (2009)” at 3`.
    ///
    /// `nil` for a Change that did not edit the list; `count` is the list's length after it;
    /// `offersUndo` is false in a follower's window, which refuses `undo`. The `switch` is
    /// exhaustive on purpose: a new kind of Change does not compile until this view decides how
    /// to say it.
    private static func headline(_ change: MoviesState.Change, count: Int, offersUndo: Bool)
        -> String?
    {
        switch change {
        case .none, .fetch:
            // The status line has its own (derived) subscription.
            return nil
        case .reloaded(let replaced):
            return replaced.isEmpty
                ? "Loaded \(Counted(count, "movie"))"
                : "List replaced: \(Counted(count, "movie"))"
                    + (offersUndo ? " (undo puts the old one back)" : "")
        case .inserted(let movie, let index):
            return "Inserted \(quoted(movie)) at \(index + 1)"
        case .deleted(let movie, let index):
            return "Deleted \(quoted(movie)) from \(index + 1)"
        case .moved(let movie, let source, let destination):
            return "Moved \(quoted(movie)) from \(source + 1) to \(destination + 1)"
        case .updated(let index, let old, let new):
            return "Changed \(quoted(old)) to \(quoted(new)) at \(index + 1)"
        }
    }

    /// Draws `change` on the whole list; `count` is the list's length after it.
    private func drawChange(_ change: MoviesState.Change, count: Int) {
        switch change {
        case .none, .fetch:
            return
        case .reloaded:
            drawReload(count: count)
        case .inserted(_, let index):
            if fitsNumberColumn(count) {
                drawInsert(at: index)
            } else {
                drawList()
            }
        case .deleted(_, let index):
            drawDelete(at: index)
        case .moved(_, let source, let destination):
            drawMove(from: source, to: destination)
        case .updated(let index, _, _):
            // It keeps its place: only its own row reads differently.
            drawRow(index)
        }
    }

    /// Draws what `change` of the store made of the matches (`filtered`); `count` is the whole
    /// list's length after it.
    ///
    /// The `switch` is exhaustive on purpose: a new kind of filtered Change does not compile
    /// until this view decides how to draw it.
    private func drawMatches(
        _ filtered: FilteredList.Change, after change: MoviesState.Change, count: Int
    ) {
        // Positions are the whole list's: a list grown past the number column needs a wider
        // one, whether the new movie matches or not.
        if case .inserted = change, !fitsNumberColumn(count) {
            drawList()
            return
        }
        switch filtered {
        case .none:
            return
        case .reloaded:
            drawReload(count: count)
        case .inserted(_, let place):
            drawInsert(at: place.row)
        case .deleted(_, let place):
            drawDelete(at: place.row)
        case .moved(_, let source, let destination):
            if source.row == destination.row {
                // It passed no match: it keeps its row, and only its position changed.
                renumber(rows: source.row..<source.row + 1)
            } else {
                drawMove(from: source.row, to: destination.row)
            }
        case .renumbered(let rows, _):
            renumber(rows: rows)
        case .updated(_, let place):
            drawRow(place.row)
        case .startedMatching(_, let place):
            drawInsert(at: place.row, renumbering: false)
        case .stoppedMatching(_, let place):
            drawDelete(at: place.row, renumbering: false)
        }
    }

    /// Draws a list replaced by one of `count` movies (or its matches): every row, with a
    /// position column for `count`, from the same first row if the rows still reach it.
    private func drawReload(count: Int) {
        top = min(top, maximumTop(count: shownCount))
        row = ScreenRow(numberWidth: ScreenRow.numberWidth(for: count), columns: size.columns)
        drawList()
    }

    /// Draws a row inserted at the shown row `index`: the rows from there move down by one, and
    /// their positions by one unless `renumbering` is `false` (a row shown because it started
    /// matching: the whole list kept its positions).
    private func drawInsert(at index: Int, renumbering: Bool = true) {
        if index < top {
            top += 1
            if renumbering { renumber(from: 1, through: listRows) }
        } else if index < top + listRows {
            shift(from: screenRow(index), through: listRows, down: true)
            drawRow(index)
            if renumbering { renumber(from: screenRow(index) + 1, through: listRows) }
        }
    }

    /// Draws the removal of the shown row `index`: the rows after it move up by one, and their
    /// positions by one unless `renumbering` is `false` (a row hidden because it stopped
    /// matching); the last screen row gets the row that came into view.
    private func drawDelete(at index: Int, renumbering: Bool = true) {
        if index < top {
            top -= 1
            if renumbering { renumber(from: 1, through: listRows) }
        } else if index < top + listRows {
            shift(from: screenRow(index), through: listRows, down: false)
            drawRow(top + listRows - 1)
            if renumbering { renumber(from: screenRow(index), through: listRows - 1) }
        }
    }

    /// Draws a move from the shown row `source` to `destination`: the rows between shift by one
    /// towards the gap the movie left, and the movie appears at `destination`.
    private func drawMove(from source: Int, to destination: Int) {
        // The part of the shifting band that is on screen, as shown rows.
        let first = max(min(source, destination), top)
        let last = min(max(source, destination), top + listRows - 1)
        guard first <= last else { return }
        if source < destination {
            // Moving down: the rows after the source move up; the destination gets the movie.
            shift(from: screenRow(first), through: screenRow(last), down: false)
            drawRow(last)
            renumber(from: screenRow(first), through: screenRow(last) - 1)
        } else {
            shift(from: screenRow(first), through: screenRow(last), down: true)
            drawRow(first)
            renumber(from: screenRow(first) + 1, through: screenRow(last))
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

    /// Where the row `change` touched is, for the message.
    private func whereIs(_ change: MoviesState.Change) -> String {
        switch change {
        case .none, .fetch, .reloaded: return ""
        case .inserted(_, let index), .deleted(_, let index): return whereIs(index)
        case .moved(_, _, let destination): return whereIs(destination)
        case .updated(let index, _, _): return whereIs(index)
        }
    }

    /// Where the match a Change touched is, or that the movie it touched is not shown because
    /// it does not match (or no longer does).
    private func whereIs(_ change: FilteredList.Change) -> String {
        switch change {
        case .none, .renumbered, .stoppedMatching: return ", hidden by find"
        case .reloaded: return ""
        case .inserted(_, let place), .deleted(_, let place), .updated(_, let place),
            .startedMatching(_, let place):
            return whereIs(place.row)
        case .moved(_, _, let destination): return whereIs(destination.row)
        }
    }

    /// Where the shown row `index` is, for a message about a row the user may not see.
    private func whereIs(_ index: Int) -> String {
        if index < top { return ", above the view" }
        if index >= top + listRows { return ", below the view" }
        return ""
    }

    /// `“Title (1999)”` for a message: the title escaped and cut to a few dozen scalars, then
    /// the row's details.
    private static func quoted(_ movie: Movie) -> String {
        "“\(TerminalText.excerpt(movie.title, limit: 60))\(MovieDetails.text(of: movie))”"
    }
}
