// Role in the data flow: a derived list, between the store and a view of the matching rows (what
// `find` shows). It follows the store's Changes, keeps the movies of the list that match a
// predicate, and turns each store Change into a Change of its own rows: a matching row appears,
// vanishes, moves or reads differently there, and a row that reads differently and starts or
// stops matching appears or vanishes in place; a row that does not match changes none of its rows, only the
// positions of the matches after it. A view of the filtered list draws those as the line view
// draws the store's: only what they name.
//
//   store ─► MoviesState.Change ─► FilteredList.apply ─► FilteredList.Change ─► filtered view

/// The movies of the list that match a predicate, kept up to date by the store's Changes alone.
///
/// The usual way to show a filtered list (ReSwift's `select`, TCA's `scope`, a derived store's
/// `map`) filters the whole list again after every action and leaves the view to diff the new
/// array with the old: O(N) calls of the predicate and an O(N) diff per edit, to find the one row
/// that changed. A Change already names that row, so this list maps it instead: it asks the
/// predicate only about a movie that is new or reads differently (inserted or updated), and
/// finds the Change's row among the matches by counting the matches before its index
/// (`MatchMask`, in Internal/, counts 64 rows at a time). Only a reload filters everything, as
/// it must: the whole list is new.
///
/// Two coordinates, both 0-based: a *row* is an index in this list (row 0 is the first match);
/// an *index* is a row of the whole list, as the store's Changes name it. A view shows the index
/// plus one, the movie's position, so that what the user reads next to a title is what `delete`
/// and `move` take. Its contract is the store's: start from a rendering of the filtered list,
/// apply only its Changes, and the result equals the list filtered afresh, after every action.
///
/// The predicate must give the same answer for the same movie as long as the list is kept (a
/// search text fixed when the list is made); the app supplies it, so the core needs no
/// Foundation for matching that ignores case or diacritics.
public struct FilteredList {
    /// The matching movies, in the order of the whole list.
    public private(set) var movies: [Movie]
    /// Which rows of the whole list match: one bit a row.
    private var mask: MatchMask
    private let predicate: (Movie) -> Bool

    /// The movies of `list` that match `predicate`: the list filtered once, in O(N).
    public init(_ list: [Movie], matching predicate: @escaping (Movie) -> Bool) {
        let matches = list.map(predicate)
        mask = MatchMask(matches)
        movies = zip(list, matches).compactMap { movie, matches in matches ? movie : nil }
        self.predicate = predicate
    }

    /// How many movies match.
    public var count: Int { movies.count }

    /// The index in the whole list of the movie at `row`.
    ///
    /// O(N/64): count the matches word by word. For several rows in a row, `indexes(ofRows:)`
    /// counts once.
    public func index(ofRow row: Int) -> Int {
        mask.index(ofMatch: row)
    }

    /// The indexes in the whole list of the movies at `rows`, in order.
    public func indexes(ofRows rows: Range<Int>) -> [Int] {
        mask.indexes(ofMatchesFrom: rows.lowerBound, limit: rows.count)
    }

    /// How many matching movies come before `index` in the whole list: the row a movie at
    /// `index` has, or would have if it matched.
    public func row(forIndex index: Int) -> Int {
        mask.matches(before: index)
    }

    // MARK: - Following the store

    /// Applies a Change of the store, the next one after the Changes this list has seen, and
    /// returns what it did to the filtered rows.
    ///
    /// `state` is the state after the Change; only `.reloaded` reads it, to filter the new list
    /// (as a view reads the new list). A row Change costs a count of the matches before its
    /// index, a shift of one bit per row after it, and the same edit of `movies`: only an
    /// inserted or updated movie is asked about, and nothing is compared.
    public mutating func apply(_ change: MoviesState.Change, in state: MoviesState) -> Change {
        switch change {
        case .none, .fetch:
            // The fetch status is not a row; the status line has its own subscription.
            return .none
        case .reloaded:
            self = FilteredList(state.movies, matching: predicate)
            return .reloaded
        case .inserted(let movie, let index):
            let row = mask.matches(before: index)
            let matches = predicate(movie)
            mask.insert(matches, at: index)
            guard matches else { return renumbered(row..<count, by: 1) }
            movies.insert(movie, at: row)
            return .inserted(movie, at: Place(row: row, index: index))
        case .deleted(let movie, let index):
            let row = mask.matches(before: index)
            guard mask.remove(at: index) else { return renumbered(row..<count, by: -1) }
            movies.remove(at: row)
            return .deleted(movie, at: Place(row: row, index: index))
        case .moved(let movie, let source, let destination):
            let from = mask.matches(before: source)
            let matched = mask.remove(at: source)
            // Counted without the moved row: the row it takes among the others.
            let to = mask.matches(before: destination)
            mask.insert(matched, at: destination)
            guard matched else {
                // The matches it passed shift one position towards where it was.
                let passed = min(from, to)..<max(from, to)
                return renumbered(passed, by: source < destination ? -1 : 1)
            }
            movies.remove(at: from)
            movies.insert(movie, at: to)
            return .moved(
                movie, from: Place(row: from, index: source),
                to: Place(row: to, index: destination))
        case .updated(let index, _, let movie):
            let matched = mask[index]
            let matches = predicate(movie)
            // Neither before nor after: not a row here, and no position moved.
            guard matched || matches else { return .none }
            let row = mask.matches(before: index)
            let place = Place(row: row, index: index)
            mask[index] = matches
            switch (matched, matches) {
            case (true, true):
                movies[row] = movie
                return .updated(movie, at: place)
            case (false, _):
                // It matches now (neither-nor returned above).
                movies.insert(movie, at: row)
                return .startedMatching(movie, at: place)
            case (true, false):
                return .stoppedMatching(movies.remove(at: row), at: place)
            }
        }
    }

    /// `.renumbered`, or `.none` when no row's position moved.
    private func renumbered(_ rows: Range<Int>, by offset: Int) -> Change {
        rows.isEmpty ? .none : .renumbered(rows: rows, by: offset)
    }
}
