// Role in the data flow: the screen view's live filter. `find TEXT` makes a `FilteredList` of the
// movies that match, and the viewport shows only those, at their positions in the whole list,
// until `find` alone shows every movie again. The view's one subscription hands each Change to
// the find first (ScreenView+Changes.swift), so the list region draws only what the Change did
// to the matches, and the message, the rows and the status line of one Change go out in one
// write.
//
//   find TEXT ─► showMatches ─► Find (TitleSearch, FilteredList) ─► list region, status, message
//   find ──────► clearFind ───► every movie again

import MoviesCore
import TerminalIO

extension ScreenView {
    /// A find on screen: its search, and the matches the store's Changes keep up to date.
    struct Find {
        let search: TitleSearch
        var list: FilteredList
    }

    /// The find's search and how many movies match it, for the status line; `nil` while every
    /// movie shows.
    var findMatches: StatusLine.Matches? {
        find.map { StatusLine.Matches(search: $0.search, count: $0.list.count) }
    }

    /// Shows only the movies of `movies` (the list now) that match `search`, from now on.
    ///
    /// Live: each Change is drawn as what it does to the matches, until `clearFind`.
    package func showMatches(of search: TitleSearch, in movies: [Movie]) {
        find = Find(search: search, list: FilteredList(movies, matching: search.matches))
        top = 0
        // As on the status line, a long text is cut, not what is said of it.
        let hint = "; find alone shows every movie."
        message =
            search.summary(
                matches: shownCount, of: movies.count,
                fitting: size.columns - DisplayWidth.atMost(hint)) + hint
        repaintForFind()
    }

    /// Shows every movie again, the movie on the first row staying there where it can.
    package func clearFind() -> Bool {
        guard let find else {
            showMessage("Every movie is shown; find TEXT shows only those that match it.")
            return true
        }
        let first = top < find.list.count ? find.list.index(ofRow: top) : 0
        self.find = nil
        top = min(first, maximumTop(count: shownCount))
        message = "Showing every movie (\(Counted(shownCount, "movie")))."
        repaintForFind()
        return true
    }

    /// Draws the list region, the message and the status line for a find turned on or off, in
    /// one write.
    private func repaintForFind() {
        drawList()
        drawMessage()
        if let statusLine {
            // It draws its row and writes everything drawn so far.
            statusLine.findChanged()
        } else {
            flush()
        }
    }
}
