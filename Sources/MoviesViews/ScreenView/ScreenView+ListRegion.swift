// Role in the data flow: the list region's painter. The screen view's other parts decide what to
// draw (a Change, a scroll, a repaint); these operations turn that into escape sequences for the
// list's rows: every row, one row, the position numbers of a band, or a band shifted by the
// terminal. The rows are those shown: every movie, or the matches while a find is on, each drawn
// with its position in the whole list. An overlay covers the region, and then they draw nothing
// of the list.
//
//   render / scroll / repaintAll ─► drawList, drawRow, renumber, shift ─► pending bytes

import MoviesCore

extension ScreenView {
    /// How many rows the list region can show: the movies, or the matches while a find is on.
    var shownCount: Int {
        find?.list.count ?? viewModel.state.movies.count
    }

    /// The shown rows in `rows` that exist, each with its movie and its position in the whole
    /// list: the list's own rows, or the matches at their positions while a find is on.
    ///
    /// A find counts the positions of a band of rows in one pass (`indexes(ofRows:)`).
    func shownRows(_ rows: Range<Int>) -> [(movie: Movie, position: Int)] {
        guard let find else {
            let movies = viewModel.state.movies
            return rows.clamped(to: movies.indices).map { (movies[$0], $0) }
        }
        let rows = rows.clamped(to: 0..<find.list.count)
        return zip(find.list.movies[rows], find.list.indexes(ofRows: rows)).map { ($0, $1) }
    }

    /// The positions in the whole list of the shown rows in `rows` that exist.
    func shownPositions(_ rows: Range<Int>) -> [Int] {
        guard let find else { return Array(rows.clamped(to: 0..<viewModel.state.movies.count)) }
        return find.list.indexes(ofRows: rows.clamped(to: 0..<find.list.count))
    }

    /// Draws every list row (or the overlay) from `top`.
    func drawList() {
        let shown = overlay == nil ? shownRows(top..<top + listRows) : []
        for screenLine in stride(from: 1, through: listRows, by: 1) {
            pending += Self.moveTo(row: screenLine) + "\u{1B}[2K"
            let index = screenLine - 1
            if let overlay {
                if index < overlay.count { pending += overlay[index] }
            } else if index < shown.count {
                pending += row.text(shown[index].movie, at: shown[index].position)
            }
        }
    }

    /// Draws the shown row `index` on its screen row, if that row is on screen; a row past the
    /// end of the list is left blank.
    func drawRow(_ index: Int) {
        guard overlay == nil, index >= top, index < top + listRows else { return }
        pending += Self.moveTo(row: screenRow(index)) + "\u{1B}[2K"
        if let shown = shownRows(index..<index + 1).first {
            pending += row.text(shown.movie, at: shown.position)
        }
    }

    /// Rewrites only the position numbers of the screen rows `first` to `last`, which now show
    /// other positions.
    ///
    /// One cursor move to the first row, then the next row's start is a carriage return and a
    /// line feed away: the rows are inside the list, above the status line, so the line feed
    /// never scrolls.
    func renumber(from first: Int, through last: Int) {
        let firstLine = max(1, first)
        guard overlay == nil, firstLine <= last else { return }
        var moveToRow = Self.moveTo(row: firstLine)
        for position in shownPositions(top + firstLine - 1..<top + last) {
            pending += moveToRow + row.digits(position)
            moveToRow = "\r\n"
        }
    }

    /// Rewrites the position numbers of the shown rows in `rows` that are on screen.
    func renumber(rows: Range<Int>) {
        let visible = rows.clamped(to: top..<top + listRows)
        guard !visible.isEmpty else { return }
        renumber(from: screenRow(visible.lowerBound), through: screenRow(visible.upperBound - 1))
    }

    /// Moves the screen rows `first` to `last` down or up by one, the terminal doing the work.
    ///
    /// A scroll region around the rows, then insert or delete one line at its top. The row that
    /// opens up is blank; the caller draws it.
    ///
    /// A band of one row has nothing to shift (and a one-row scroll region is not valid).
    func shift(from first: Int, through last: Int, down: Bool) {
        guard overlay == nil, first >= 1, first < last else { return }
        pending += "\u{1B}[\(first);\(last)r"
        pending += Self.moveTo(row: first)
        pending += down ? "\u{1B}[L" : "\u{1B}[M"
        pending += "\u{1B}[r"
    }

    /// The screen row (1-based) of the shown row `index`.
    func screenRow(_ index: Int) -> Int {
        index - top + 1
    }

    /// The largest `top` that still fills the list's rows, for `count` shown rows.
    func maximumTop(count: Int) -> Int {
        max(0, count - listRows)
    }
}
