// The crash tests' oracle: a movie list with undo and redo, written from the commands' documented
// meaning and nothing of the app's (no reducers, no Changes), so that the app and the test cannot
// share a mistake. Undo here keeps whole lists, the simplest thing that is obviously right; the
// app keeps Changes, which is what is under test.

/// A list of movies as the commands documented in docs/COMMANDS.md change it.
struct ReferenceList: Sendable {
    /// What an edit did.
    enum Outcome: Equatable, Sendable {
        /// The list changed; the app draws exactly one row for it.
        case changed
        /// The app rejects the command with one message; the list is as it was.
        case rejected
    }

    /// The movies, in order.
    private(set) var movies: [CatalogMovie]
    /// The id the next inserted movie gets: ids are never reused within a session.
    private var nextID: Int
    /// The lists before each edit that undo can take back, newest last.
    private var undoable: [[CatalogMovie]] = []
    /// The lists before each undo that redo can bring back, newest last.
    private var redoable: [[CatalogMovie]] = []

    init(_ movies: [CatalogMovie]) {
        self.movies = movies
        nextID = (movies.map(\.id).max() ?? 0) + 1
    }

    /// `insert TITLE YEAR [POSITION]`, 1-based; the end when `position` is nil.
    mutating func insert(title: String, year: Int, at position: Int?) -> Outcome {
        let position = position ?? movies.count + 1
        guard (1888...2100).contains(year), (1...movies.count + 1).contains(position) else {
            return .rejected
        }
        let movie = CatalogMovie(id: nextID, title: title, year: year)
        nextID += 1
        return edit { $0.insert(movie, at: position - 1) }
    }

    /// `delete POSITION`.
    mutating func delete(at position: Int) -> Outcome {
        guard movies.indices.contains(position - 1) else { return .rejected }
        return edit { $0.remove(at: position - 1) }
    }

    /// `move FROM TO`, with `from != to` (a move onto itself changes nothing and draws no row).
    mutating func move(from: Int, to: Int) -> Outcome {
        precondition(from != to, "the generator never moves a row onto itself")
        guard movies.indices.contains(from - 1), movies.indices.contains(to - 1) else {
            return .rejected
        }
        return edit { $0.insert($0.remove(at: from - 1), at: to - 1) }
    }

    /// `rename POSITION TITLE`, with a title the movie does not have (a rename to the same title
    /// changes nothing and draws no row).
    mutating func rename(at position: Int, to title: String) -> Outcome {
        guard movies.indices.contains(position - 1) else { return .rejected }
        precondition(movies[position - 1].title != title, "the generator gives every title once")
        return edit { $0[position - 1].title = title }
    }

    /// `rate POSITION STARS|none`, with a rating the movie does not have (the same rating
    /// changes nothing and draws no row); `nil` is `none`.
    mutating func rate(at position: Int, stars: Int?) -> Outcome {
        guard movies.indices.contains(position - 1), stars.map((1...5).contains) ?? true else {
            return .rejected
        }
        precondition(movies[position - 1].rating != stars, "the generator gives another rating")
        return edit { $0[position - 1].rating = stars }
    }

    mutating func undo() -> Outcome {
        guard let previous = undoable.popLast() else { return .rejected }
        redoable.append(movies)
        movies = previous
        return .changed
    }

    mutating func redo() -> Outcome {
        guard let next = redoable.popLast() else { return .rejected }
        undoable.append(movies)
        movies = next
        return .changed
    }

    /// A new edit: undo can take it back, and what was undone can no longer be redone.
    private mutating func edit(_ change: (inout [CatalogMovie]) -> Void) -> Outcome {
        undoable.append(movies)
        redoable.removeAll()
        change(&movies)
        return .changed
    }
}
