// Role: outside the app's data flow, next to a view of the matches. A `FilteredMirror` is what a
// filtered table's data source would keep: the matching movies with the positions it shows,
// updated only by applying a `FilteredList`'s Changes. Tests use it to check the filtered list's
// contract: after every action, the mirror must equal the state's list filtered afresh.

import MoviesCore

/// The matching rows as a view of the matches shows them, kept up to date only by applying
/// `FilteredList.Change`s.
package struct FilteredMirror: Equatable, Sendable {
    /// One row shown: the movie and its index in the whole list (shown plus one, as its position).
    package struct Row: Equatable, Sendable, CustomStringConvertible {
        private var movie: Movie
        fileprivate var index: Int
        /// The movie's id: an updated row must be the same movie.
        fileprivate var id: Int { movie.id }

        package init(_ movie: Movie, at index: Int) {
            self.movie = movie
            self.index = index
        }

        package var description: String { "\(index + 1). \(movie)" }
    }

    /// The rows as a view applying the Changes would show them.
    package private(set) var rows: [Row]

    /// A mirror showing the matches of `movies`, freshly filtered.
    package init(filtering movies: [Movie], by predicate: (Movie) -> Bool) {
        rows = Self.filter(movies, by: predicate)
    }

    /// The rows of `movies` that match `predicate`, with their indexes: the oracle a mirror is
    /// compared with, computed from scratch.
    package static func filter(_ movies: [Movie], by predicate: (Movie) -> Bool) -> [Row] {
        movies.enumerated().compactMap { index, movie in
            predicate(movie) ? Row(movie, at: index) : nil
        }
    }

    /// Applies one Change; `current` is the filtered list right after it, read only for
    /// `.reloaded` (as a view reads the new rows).
    ///
    /// - Returns: `false`, leaving the mirror as it was, when the Change does not fit the rows
    ///   shown: a row out of range, a deleted or moved movie that is not the one at its place, an
    ///   inserted index out of order with its neighbours (or, for a movie that started
    ///   matching, taken), an updated row that is another movie or reads the same, an empty or
    ///   misplaced renumbering.
    package mutating func apply(_ change: FilteredList.Change, current: FilteredList) -> Bool {
        switch change {
        case .none:
            return true
        case .reloaded:
            let indexes = current.indexes(ofRows: 0..<current.count)
            rows = zip(current.movies, indexes).map { Row($0, at: $1) }
            return true
        case .inserted(let movie, let place):
            guard (0...rows.count).contains(place.row),
                place.row == 0 || rows[place.row - 1].index < place.index,
                place.row == rows.count || rows[place.row].index >= place.index
            else { return false }
            shift(place.row..<rows.count, by: 1)
            rows.insert(Row(movie, at: place.index), at: place.row)
            return true
        case .deleted(let movie, let place):
            guard rows.indices.contains(place.row),
                rows[place.row] == Row(movie, at: place.index)
            else { return false }
            rows.remove(at: place.row)
            shift(place.row..<rows.count, by: -1)
            return true
        case .moved(let movie, let source, let destination):
            guard rows.indices.contains(source.row), rows.indices.contains(destination.row),
                rows[source.row] == Row(movie, at: source.index),
                source.index != destination.index
            else { return false }
            rows.remove(at: source.row)
            if source.row < destination.row {
                shift(source.row..<destination.row, by: -1)
            } else {
                shift(destination.row..<source.row, by: 1)
            }
            rows.insert(Row(movie, at: destination.index), at: destination.row)
            return true
        case .startedMatching(let movie, let place):
            guard (0...rows.count).contains(place.row),
                place.row == 0 || rows[place.row - 1].index < place.index,
                place.row == rows.count || rows[place.row].index > place.index
            else { return false }
            rows.insert(Row(movie, at: place.index), at: place.row)
            return true
        case .stoppedMatching(let movie, let place):
            guard rows.indices.contains(place.row),
                rows[place.row] == Row(movie, at: place.index)
            else { return false }
            rows.remove(at: place.row)
            return true
        case .updated(let movie, let place):
            guard rows.indices.contains(place.row), rows[place.row].index == place.index,
                rows[place.row].id == movie.id, rows[place.row] != Row(movie, at: place.index)
            else { return false }
            rows[place.row] = Row(movie, at: place.index)
            return true
        case .renumbered(let band, let offset):
            guard !band.isEmpty, band.lowerBound >= 0, band.upperBound <= rows.count,
                offset == 1 || offset == -1
            else { return false }
            shift(band, by: offset)
            return true
        }
    }

    /// Moves the indexes of the rows in `band` by `offset`.
    private mutating func shift(_ band: Range<Int>, by offset: Int) {
        for row in band {
            rows[row].index += offset
        }
    }
}
