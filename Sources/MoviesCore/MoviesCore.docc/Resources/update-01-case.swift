// MoviesState.swift: the state, its Changes and its reducers. Nothing here
// knows the store: a reducer takes the state and its arguments and returns a
// Change.

/// One film in the list.
///
/// A value: copying it shares nothing.
struct Movie: Equatable, Sendable {
    var id: Int
    var title: String
    var year: Int
}

/// Where the latest fetch stands: what the loading indicator shows.
enum FetchStatus: Equatable, Sendable {
    case idle, loading, loaded
}

/// Everything the screen shows, in one value: the single source of truth.
///
/// Its properties are `private(set)`, so only its own `mutating` functions, the
/// reducers, can change it. A reducer is a pure function `(inout MoviesState,
/// arguments) -> Change`: it reads and writes nothing but the value and its
/// arguments.
struct MoviesState: Equatable, Sendable {
    private(set) var movies: [Movie] = []
    private(set) var fetchStatus: FetchStatus = .idle
    private var nextID = 1

    /// Exactly what one reducer changed, in 0-based row indexes.
    ///
    /// Instead of handing every view a whole new state to compare with the old
    /// one, a Change says which row appeared, vanished, moved or reads
    /// differently. Row cases carry their movie, so a view can draw the row
    /// (even a deleted one) without reading the state back.
    enum Change: Equatable, Sendable {
        /// Nothing changed (an index out of range, a row moved onto itself).
        case none
        /// `movie` now sits at `at`; the rows below it moved down by one.
        case inserted(Movie, at: Int)
        /// `movie` was removed from `at`; the rows below it moved up by one.
        case deleted(Movie, at: Int)
        /// `movie` went from `from` to `to`; the others kept their order.
        case moved(Movie, from: Int, to: Int)
        /// The row at `at` reads differently: it held `old` and now holds
        /// `new`, the same movie (same id) with another value in a field. No
        /// row moved.
        case updated(at: Int, old: Movie, new: Movie)
        /// The fetch status changed to this value.
        case fetch(FetchStatus)
        /// The whole list was replaced: redraw all of it.
        case reloaded

        /// The row Change that undoes this one, or `nil` for a Change undo does
        /// not take back.
        ///
        /// A delete of what was inserted, an insert of what was deleted, a move
        /// back.
        var inverse: Change? {
            switch self {
            case .inserted(let movie, let index):
                return .deleted(movie, at: index)
            case .deleted(let movie, let index):
                return .inserted(movie, at: index)
            case .moved(let movie, let source, let destination):
                return .moved(movie, from: destination, to: source)
            case .none, .fetch, .reloaded: return nil
            }
        }
    }

    /// Removes the movie at `index`.
    ///
    /// The real core throws a typed error for a bad edit; here a bad one
    /// changes nothing.
    mutating func delete(at index: Int) -> Change {
        guard movies.indices.contains(index) else { return .none }
        let movie = movies.remove(at: index)
        return .deleted(movie, at: index)
    }

    /// Moves the movie at `source` so that it ends up at `destination`.
    mutating func move(from source: Int, to destination: Int) -> Change {
        guard movies.indices.contains(source),
            movies.indices.contains(destination),
            source != destination
        else { return .none }
        let movie = movies.remove(at: source)
        movies.insert(movie, at: destination)
        return .moved(movie, from: source, to: destination)
    }

    /// Inserts a new movie at `index`, giving it the next free id.
    mutating func insert(title: String, year: Int, at index: Int) -> Change {
        guard (0...movies.count).contains(index) else { return .none }
        let movie = Movie(id: nextID, title: title, year: year)
        nextID += 1
        movies.insert(movie, at: index)
        return .inserted(movie, at: index)
    }

    /// Marks a fetch as in flight.
    mutating func beginLoading() -> Change {
        fetchStatus = .loading
        return .fetch(.loading)
    }

    /// Replaces the list with the fetched movies.
    mutating func reload(_ newMovies: [Movie]) -> Change {
        movies = newMovies
        nextID = (newMovies.map(\.id).max() ?? 0) + 1
        return .reloaded
    }

    /// Marks the fetch as finished.
    mutating func finishLoading() -> Change {
        fetchStatus = .loaded
        return .fetch(.loaded)
    }

    /// Undoes `change`, an edit this state made, by applying its inverse;
    /// returns what that did.
    ///
    /// A reducer like the others, so undo is emitted like any edit and views
    /// need no undo code. The undo history hands it only edits made since the
    /// list arrived, newest first, so each fits the list as it now is (the real
    /// core checks, and throws when one does not).
    mutating func revert(_ change: Change) -> Change {
        guard let inverse = change.inverse else { return .none }
        switch inverse {
        case .inserted(let movie, let index):
            movies.insert(movie, at: index)
        case .deleted(_, let index):
            movies.remove(at: index)
        case .moved(let movie, let source, let destination):
            movies.remove(at: source)
            movies.insert(movie, at: destination)
        case .none, .fetch, .reloaded:
            return .none
        }
        return inverse
    }
}
