// Role: outside the app's data flow, next to a view. A `MirrorList` is what a table view's data
// source would keep: a copy of the list updated only by applying the store's Changes. Tests use it
// to check the Change contract: after every action, the mirror must equal the state's own list.

import MoviesCore

/// A copy of the movie list kept up to date only by applying `Change`s.
package struct MirrorList: Equatable, Sendable {
    /// The rows as a view applying the Changes would show them.
    package private(set) var movies: [Movie]

    package init(movies: [Movie] = []) {
        self.movies = movies
    }

    /// Applies one Change; `current` is the state's list right after it, read only for
    /// `.reloaded`, the one Change that replaces everything (as a view reads the new list).
    ///
    /// - Returns: `false`, leaving the mirror as it was, when the Change does not fit the rows
    ///   shown: an index out of range, a deleted or moved movie that is not the one at its `from`
    ///   index, an updated row that does not hold its old movie (or reads the same, or is another
    ///   movie), or a reload
    ///   whose `replaced` list is not the list shown. A test reports that as a
    ///   broken contract rather than trapping on it.
    package mutating func apply(_ change: MoviesState.Change, current: [Movie]) -> Bool {
        switch change {
        case .none, .fetch:
            return true
        case .reloaded(let replaced):
            guard replaced == movies else { return false }
            movies = current
            return true
        case .inserted(let movie, let index):
            guard (0...movies.count).contains(index) else { return false }
            movies.insert(movie, at: index)
            return true
        case .deleted(let movie, let index):
            guard movies.indices.contains(index), movies[index] == movie else { return false }
            movies.remove(at: index)
            return true
        case .moved(let movie, let source, let destination):
            guard movies.indices.contains(source), movies.indices.contains(destination),
                movies[source] == movie
            else { return false }
            movies.remove(at: source)
            movies.insert(movie, at: destination)
            return true
        case .updated(let index, let old, let new):
            guard movies.indices.contains(index), movies[index] == old, new != old,
                new.id == old.id
            else { return false }
            movies[index] = new
            return true
        }
    }
}
