// Role in the data flow: the list region's painter. The screen view's other parts decide what to
// draw (a Change, a scroll, a repaint); these operations turn that into escape sequences for the
// list's rows: every row, one row, the position numbers of a band, or a band shifted by the
// terminal. An overlay covers the region, and then they draw nothing of the list.
//
//   render / scroll / repaintAll ─► drawList, drawRow, renumber, shift ─► pending bytes

import MoviesCore

extension ScreenView {
    /// Draws every list row (or the overlay) from `top`.
    func drawList(_ movies: [Movie]) {
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
    func drawRow(_ movies: [Movie], index: Int) {
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
    func renumber(from first: Int, through last: Int, count: Int) {
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
    func shift(from first: Int, through last: Int, down: Bool) {
        guard overlay == nil, first >= 1, first < last else { return }
        pending += "\u{1B}[\(first);\(last)r"
        pending += Self.moveTo(row: first)
        pending += down ? "\u{1B}[L" : "\u{1B}[M"
        pending += "\u{1B}[r"
    }

    /// The screen row (1-based) of list `index`.
    func screenRow(_ index: Int) -> Int {
        index - top + 1
    }

    /// The largest `top` that still fills the list's rows, for a list of `count`.
    func maximumTop(count: Int) -> Int {
        max(0, count - listRows)
    }
}
