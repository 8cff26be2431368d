// FilteredList.swift: a derived list. It follows the store's Changes, keeps
// the movies that match a predicate, and says what each Change did to its own
// rows.

/// The movies that match a predicate, kept up to date by the store's Changes
/// alone.
///
/// Two coordinates: a *row* is an index in this list (row 0 is the first
/// match), a *position* an index in the whole list. A view shows positions, so
/// that the number next to a title is the one `delete` takes.
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

    /// How many matches come before `position`: the row a movie there has, or
    /// would have.
    func row(forPosition position: Int) -> Int {
        matches[..<position].filter { $0 }.count
    }

    /// Each matching movie with its position in the whole list.
    var rows: [(position: Int, movie: Movie)] {
        zip(matches.indices.filter { matches[$0] }, movies).map { ($0, $1) }
    }

    /// Where a movie sits: its row here and its position in the whole list.
    struct Place: Equatable {
        var row: Int
        var position: Int
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
        /// `movie` matched, still matches, and reads differently (it was
        /// renamed): it kept its place, and only its row is drawn again.
        case renamed(Movie, at: Place)
        /// `movie` did not match and now does (it was renamed): it appears at
        /// `at`, and the rows after it moved down by one. Unlike an insert,
        /// no position moved: the whole list kept its length.
        case startedMatching(Movie, at: Place)
        /// `movie`, as it was shown, matched and no longer does (it was
        /// renamed): it vanished from `at`, and the rows after it moved up by
        /// one. No position moved.
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
        case .inserted(let movie, let position):
            let row = row(forPosition: position)
            let isMatch = predicate(movie)
            matches.insert(isMatch, at: position)
            guard isMatch else { return renumbered(row..<movies.count, by: 1) }
            movies.insert(movie, at: row)
            return .inserted(movie, at: Place(row: row, position: position))
        case .deleted(let movie, let position):
            let row = row(forPosition: position)
            guard matches.remove(at: position) else {
                return renumbered(row..<movies.count, by: -1)
            }
            movies.remove(at: row)
            return .deleted(movie, at: Place(row: row, position: position))
        case .moved(let movie, let source, let destination):
            let from = row(forPosition: source)
            let isMatch = matches.remove(at: source)
            let to = row(forPosition: destination)
            matches.insert(isMatch, at: destination)
            guard isMatch else {
                // The matches it passed move one position towards where it was.
                let passed = min(from, to)..<max(from, to)
                return renumbered(passed, by: source < destination ? -1 : 1)
            }
            movies.remove(at: from)
            movies.insert(movie, at: to)
            return .moved(
                movie, from: Place(row: from, position: source),
                to: Place(row: to, position: destination))
        case .renamed(let movie, let position, _):
            // Only the renamed movie is asked about, under its new title.
            let row = row(forPosition: position)
            let matched = matches[position]
            let isMatch = predicate(movie)
            matches[position] = isMatch
            let place = Place(row: row, position: position)
            switch (matched, isMatch) {
            case (false, false):
                // Not a row here, before or after, and no position moved.
                return .none
            case (true, true):
                movies[row] = movie
                return .renamed(movie, at: place)
            case (false, true):
                movies.insert(movie, at: row)
                return .startedMatching(movie, at: place)
            case (true, false):
                // The movie as the view showed it, with its old title.
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
