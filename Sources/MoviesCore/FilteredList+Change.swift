// Role in the data flow: what a `FilteredList` hands its view. Each Change of the store becomes
// one of these, in the filtered list's own rows, carrying every position a view shows: a view of
// the matches that starts from a rendering of the filtered list and applies only these ends up
// showing the list filtered afresh, with the real positions.

extension FilteredList {
    /// Where a movie sits: its row in the filtered list and its index in the whole list
    /// (both 0-based).
    public struct Place: Equatable, Hashable, Sendable {
        /// The row among the matching movies.
        public var row: Int
        /// The row in the whole list; a view shows it plus one, as the movie's position.
        public var index: Int

        /// The place at `row` of the filtered list, `index` of the whole list.
        public init(row: Int, index: Int) {
            self.row = row
            self.index = index
        }
    }

    /// Exactly what one Change of the store did to the filtered list.
    ///
    /// The store's Change in the filtered list's coordinates: the same shape (a row appears,
    /// vanishes, moves or reads differently) where the movie matches, and, where it does not,
    /// only the positions of the matches after it, which a view shows. A row that reads
    /// differently may change whether it matches: one that starts matching is an insert of the
    /// filtered list's rows (`startedMatching`), one that stops is a delete (`stoppedMatching`),
    /// and one that keeps matching is `updated`, drawn in place. Unlike `inserted` and `deleted`, the first
    /// two move no position: the whole list kept its length. Row cases carry the movie and both
    /// coordinates, so a view draws the row with its real position without reading anything back.
    public enum Change: Equatable, Sendable {
        /// Nothing a view of the matches shows changed: the fetch status changed, or a row that
        /// does not match was edited where no match's position moves (after the last match, or
        /// moved past none).
        case none
        /// The list was filtered afresh, because the whole list was replaced (a refresh, or
        /// undoing one): redraw every row.
        case reloaded
        /// `movie` matches and now sits at `at`; the rows from `at.row` on moved down by one,
        /// and one position.
        case inserted(Movie, at: Place)
        /// `movie` matched and was removed from `at`; the rows after it moved up by one, and one
        /// position.
        case deleted(Movie, at: Place)
        /// `movie` matches and went from `from` to `to`; the rows between moved by one row and
        /// one position towards `from`. (`from.row` equals `to.row` when the movie passed no
        /// match: then only its position changed.)
        case moved(Movie, from: Place, to: Place)
        /// `movie` matched and still matches, and reads differently: it kept its row and its
        /// position, and only that row needs redrawing.
        case updated(Movie, at: Place)
        /// `movie` did not match and, reading differently, now does: it appears at `at`, and the
        /// rows from `at.row` on moved down by one. No position moved: the whole list kept its
        /// rows.
        case startedMatching(Movie, at: Place)
        /// `movie`, as it was shown, matched and, reading differently, no longer does: it vanished from
        /// `at`, and the rows after it moved up by one. No position moved.
        case stoppedMatching(Movie, at: Place)
        /// A row that does not match was inserted, deleted or moved before the rows in `rows`:
        /// they kept their places in the filtered list, and their positions moved by `by` (1 or
        /// -1). Only their position numbers need redrawing.
        case renumbered(rows: Range<Int>, by: Int)
    }
}
