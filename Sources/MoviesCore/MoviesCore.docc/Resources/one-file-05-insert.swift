// MoviesInOneFile.swift: a list of films, and the pattern that keeps every
// view of it in step, in one file of plain Swift: the whole data flow, from a
// request to the line it draws.

/// One film in the list.
///
/// A value: copying it shares nothing.
struct Movie: Equatable, Sendable {
    var id: Int
    var title: String
    var year: Int
}

/// Everything the screen shows, in one value: the single source of truth.
///
/// Its properties are `private(set)`, so only its own `mutating` functions, the
/// reducers, can change it. A reducer is a pure function `(inout MoviesState,
/// arguments) -> Change`: it reads and writes nothing but the value and its
/// arguments.
struct MoviesState: Equatable, Sendable {
    private(set) var movies: [Movie] = []
    private var nextID = 1

    /// Exactly what one reducer changed, in 0-based row indexes.
    ///
    /// Instead of handing every view a whole new state to compare with the old
    /// one, a Change says which row appeared, vanished or moved. Row cases
    /// carry their movie, so a view can draw the row (even a deleted one)
    /// without reading the state back.
    enum Change: Equatable, Sendable {
        /// Nothing changed (an index out of range, a row moved onto itself).
        case none
        /// `movie` now sits at `at`; the rows below it moved down by one.
        case inserted(Movie, at: Int)
        /// `movie` was removed from `at`; the rows below it moved up by one.
        case deleted(Movie, at: Int)
        /// `movie` went from `from` to `to`; the others kept their order.
        case moved(Movie, from: Int, to: Int)
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
}

/// The program: a scripted session, printed by the line view.
@main
@MainActor
struct MoviesInOneFile {
    /// Runs when the program starts: nothing yet.
    ///
    /// The session comes last, once the pattern is in place.
    static func main() async {}
}
