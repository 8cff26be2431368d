// FilteredList.swift: a derived list. It follows the store's Changes, keeps
// the movies that match a predicate, and says what each Change did to its own
// rows.

/// The movies that match a predicate, kept up to date by the store's Changes
/// alone.
///
/// Two rows, both from 0: a movie's row here (row 0 is the first match), and
/// its `index` in the whole list, the row the store's Changes name. A view
/// shows `index + 1`, the position, which is what `delete` takes.
struct FilteredList {
    /// The matching movies, in the order of the whole list.
    private(set) var movies: [Movie]
    /// One Bool for each movie of the whole list: whether it matches.
    private var matches: [Bool]
    private let predicate: (Movie) -> Bool

    /// The movies of `list` that match `predicate`: the one time every movie is
    /// asked.
    init(_ list: [Movie], matching predicate: @escaping (Movie) -> Bool) {
        self.predicate = predicate
        matches = list.map(predicate)
        movies = zip(list, matches).filter { $0.1 }.map { $0.0 }
    }

    /// How many matches come before `index` in the whole list: the row a movie
    /// there has, or would have.
    func row(forIndex index: Int) -> Int {
        matches[..<index].filter { $0 }.count
    }

    /// Each matching movie with its index in the whole list.
    var rows: [(index: Int, movie: Movie)] {
        zip(matches.indices.filter { matches[$0] }, movies).map { ($0, $1) }
    }

    /// Where a movie sits: its row here and its index in the whole list.
    struct Place: Equatable {
        var row: Int
        var index: Int
    }

    /// What one Change of the store did to the matching rows.
    enum Change: Equatable {
        /// Nothing this list shows changed.
        case none
        /// The whole list was filtered again: redraw every row.
        case reloaded
        /// `movie` matches and now sits at `at`; the rows after it moved down
        /// by one.
        case inserted(Movie, at: Place)
        /// `movie` matched and was removed from `at`; the rows after it moved
        /// up by one.
        case deleted(Movie, at: Place)
        /// `movie` matches and went from `from` to `to`.
        case moved(Movie, from: Place, to: Place)
        /// `movie` matched, still matches, and reads differently: it kept its
        /// place, and only its row is drawn again.
        case updated(Movie, at: Place)
        /// `movie` did not match and, reading differently, now does: it appears
        /// at `at`, and the rows after it moved down by one. Unlike an insert,
        /// no position moved: the whole list kept its length.
        case startedMatching(Movie, at: Place)
        /// `movie`, as it was shown, matched and, reading differently, no
        /// longer does: it vanished from `at`, and the rows after it moved up
        /// by one. No position moved.
        case stoppedMatching(Movie, at: Place)
        /// A movie that does not match was inserted, deleted or moved before
        /// the rows in `rows`: they stay where they are here, but their
        /// positions moved by `by`.
        case renumbered(rows: Range<Int>, by: Int)
    }

    /// Applies the store's next Change and returns what it did to the matching
    /// rows.
    ///
    /// `state` is the state after the Change, read only to filter a new list.
    mutating func apply(_ change: MoviesState.Change, in state: MoviesState)
        -> Change
    {
        switch change {
        case .none, .fetch:
            return .none
        case .inserted(let movie, let index):
            let row = row(forIndex: index)
            let isMatch = predicate(movie)
            matches.insert(isMatch, at: index)
            guard isMatch else { return renumbered(row..<movies.count, by: 1) }
            movies.insert(movie, at: row)
            return .inserted(movie, at: Place(row: row, index: index))
        case .deleted(let movie, let index):
            let row = row(forIndex: index)
            guard matches.remove(at: index) else {
                return renumbered(row..<movies.count, by: -1)
            }
            movies.remove(at: row)
            return .deleted(movie, at: Place(row: row, index: index))
        case .moved(let movie, let source, let destination):
            let from = row(forIndex: source)
            let isMatch = matches.remove(at: source)
            let to = row(forIndex: destination)
            matches.insert(isMatch, at: destination)
            guard isMatch else {
                // The matches it passed move one position towards where it was.
                let passed = min(from, to)..<max(from, to)
                return renumbered(passed, by: source < destination ? -1 : 1)
            }
            movies.remove(at: from)
            movies.insert(movie, at: to)
            return .moved(
                movie, from: Place(row: from, index: source),
                to: Place(row: to, index: destination))
        case .updated(let index, _, let movie):
            // Only the movie that reads differently is asked about, as it now
            // reads.
            let row = row(forIndex: index)
            let matched = matches[index]
            let isMatch = predicate(movie)
            matches[index] = isMatch
            let place = Place(row: row, index: index)
            switch (matched, isMatch) {
            case (false, false):
                // Not a row here, before or after, and no position moved.
                return .none
            case (true, true):
                movies[row] = movie
                return .updated(movie, at: place)
            case (false, true):
                movies.insert(movie, at: row)
                return .startedMatching(movie, at: place)
            case (true, false):
                // The movie as the view showed it, before it changed.
                return .stoppedMatching(movies.remove(at: row), at: place)
            }
        case .reloaded:
            self = FilteredList(state.movies, matching: predicate)
            return .reloaded
        }
    }

    /// `.renumbered`, or `.none` when no row's position moved.
    private func renumbered(_ rows: Range<Int>, by offset: Int) -> Change {
        rows.isEmpty ? .none : .renumbered(rows: rows, by: offset)
    }
}
