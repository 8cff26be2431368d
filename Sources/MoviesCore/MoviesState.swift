// Role in the data flow: `MoviesState` is the single source of truth. Its `mutating` functions are
// the reducers: the view model runs them for each action, and each returns the `Change` it made,
// which the view model then emits to the views. Nothing else can modify the state: its stored
// properties are `private(set)`.

/// Everything the movies screen shows: the ordered list and where the last fetch stands.
///
/// A value type with in-place `mutating` reducers. While the view model is the only owner of its
/// `MoviesState`, the array buffer inside is uniquely referenced, so `insert`, `remove` and `move`
/// edit it where it lies: an action costs what the same edit costs on a bare `[Movie]`, not a copy
/// of the whole list (the classic cost of reducers that return a fresh state).
public struct MoviesState: Equatable, Sendable {
    /// The movies in the order the user sees them; index 0 is the first row.
    public private(set) var movies: [Movie]
    /// The loading indicator's state.
    public private(set) var fetchStatus: FetchStatus
    /// The id the next inserted movie gets: one past the largest id this state has seen.
    ///
    /// Kept rather than computed so an insert stays O(1) plus the array shift, and so an id that was
    /// deleted is never handed out again while views that showed it are alive (one could confuse
    /// the old row with the new; undo could bring the old one back). A state file keeps the list in
    /// the catalog schema, which has no place for it, so a new session starts one past the largest
    /// id it restores: no view of the old session is left by then.
    public private(set) var nextID: Int

    /// Creates a state holding `movies` (which must have unique ids) with the given fetch status.
    ///
    /// `nextID` is one past the largest id in `movies` unless a larger one is given: a state
    /// restored from a journal or a trace must keep handing out the ids the original session would
    /// have, even when the movie that had the largest id was deleted since.
    public init(movies: [Movie] = [], fetchStatus: FetchStatus = .idle, nextID: Int = 0) {
        self.movies = movies
        self.fetchStatus = fetchStatus
        self.nextID = max(nextID, Self.idAfter(movies))
    }

    // MARK: - Fetch reducers

    /// Marks a fetch as in flight.
    public mutating func beginLoading() -> Change {
        setFetchStatus(.loading)
    }

    /// Replaces the whole list with freshly fetched movies.
    ///
    /// Always reports `.reloaded`, even when the new list equals the old one: a view that was
    /// showing a stale or partial list must redraw it all, and comparing would cost O(N). The
    /// Change keeps the replaced list (a reference, not a copy), which is what makes a refresh
    /// undoable.
    public mutating func reload(_ newMovies: [Movie]) -> Change {
        let replaced = movies
        movies = newMovies
        nextID = max(nextID, Self.idAfter(newMovies))
        return .reloaded(replaced: replaced)
    }

    /// Marks the fetch as finished successfully.
    public mutating func finishLoading() -> Change {
        setFetchStatus(.loaded)
    }

    /// Marks the fetch as failed; the list keeps the movies it had.
    public mutating func failLoading(_ reason: String) -> Change {
        setFetchStatus(.failed(reason))
    }

    // MARK: - Edit reducers

    /// Inserts a new movie at `index`, assigning it the next free id.
    ///
    /// Valid indexes are `0...movies.count` (inserting at `count` appends).
    /// - Throws: `EditError` if the list is loading, the title is blank, the year is outside
    ///   `Movie.validYears`, the title is too long, the index is out of range, or every valid id
    ///   has been handed out. The state is then unchanged.
    public mutating func insert(title: String, year: Int, at index: Int) throws(EditError)
        -> Change
    {
        try rejectWhileLoading()
        try checkTitle(title)
        guard Movie.validYears.contains(year) else {
            throw .outOfRange(.year, year, valid: Movie.validYears)
        }
        guard (0...movies.count).contains(index) else {
            throw .indexOutOfRange(index, valid: 0..<(movies.count + 1))
        }
        // Ids come from outside too (a catalog, a trace): the next one may already be past the
        // range, and counting on from there could overflow.
        guard Movie.validIDs.contains(nextID) else { throw .noFreeID(valid: Movie.validIDs) }
        let movie = Movie(id: nextID, title: title, year: year)
        movies.insert(movie, at: index)
        nextID += 1
        return .inserted(movie, at: index)
    }

    /// Removes the movie at `index`.
    ///
    /// - Throws: `EditError` if the list is loading or the index is out of range; the state is
    ///   then unchanged.
    public mutating func delete(at index: Int) throws(EditError) -> Change {
        try rejectWhileLoading()
        try checkIndex(index)
        let movie = movies.remove(at: index)
        return .deleted(movie, at: index)
    }

    /// Moves the movie at `source` so that it ends up at `destination`.
    ///
    /// Afterwards the moved movie is at `destination` and every other movie keeps its relative
    /// order, which is what a user dragging one row expects. Moving a row onto itself changes
    /// nothing and returns `.none`.
    /// - Throws: `EditError` if the list is loading or either index is out of range; the state
    ///   is then unchanged.
    public mutating func move(from source: Int, to destination: Int) throws(EditError) -> Change {
        try rejectWhileLoading()
        try checkIndex(source)
        try checkIndex(destination)
        guard source != destination else { return .none }
        let movie = movies.remove(at: source)
        movies.insert(movie, at: destination)
        return .moved(movie, from: source, to: destination)
    }

    /// Gives the movie at `index` a new title; it keeps its id, its year and its place.
    ///
    /// The title follows the rules an inserted movie's does. Renaming a movie to the title it
    /// already has changes nothing and returns `.none`, as moving a row onto itself does: no
    /// Change to draw, nothing for undo or the journal. (Titles compare as Swift compares
    /// strings: text that is canonically equivalent, such as an `é` typed as `e` plus an accent,
    /// is the same title.)
    /// - Throws: `EditError` if the list is loading, the title is blank or too long, or the index
    ///   is out of range; the state is then unchanged.
    public mutating func rename(at index: Int, to title: String) throws(EditError) -> Change {
        try rejectWhileLoading()
        try checkTitle(title)
        return try update(at: index) { $0.title = title }
    }

    /// Gives the movie at `index` a rating of `stars`, or takes its rating away (`nil`).
    ///
    /// Like a rename, a rating the movie already has changes nothing and returns `.none`.
    /// - Throws: `EditError` if the list is loading, the stars are outside `Movie.validRatings`,
    ///   or the index is out of range; the state is then unchanged.
    public mutating func rate(at index: Int, stars: Int?) throws(EditError) -> Change {
        try rejectWhileLoading()
        if let stars, !Movie.validRatings.contains(stars) {
            throw .outOfRange(.rating, stars, valid: Movie.validRatings)
        }
        return try update(at: index) { $0.rating = stars }
    }

    /// Changes the movie at `index` in place with `edit`, and returns the row that reads
    /// differently: `.updated` with the movie before and after, or `.none` if `edit` left it
    /// as it was. (The caller has checked the list is not loading and the new value is valid.)
    ///
    /// The one way a row changes without moving, for every field: the Change carries the
    /// whole movie before and after, so a field added to `Movie` is drawn, undone and
    /// journaled like the others with no code of its own here.
    private mutating func update(at index: Int, _ edit: (inout Movie) -> Void) throws(EditError)
        -> Change
    {
        try checkIndex(index)
        let old = movies[index]
        var new = old
        edit(&new)
        guard new != old else { return .none }
        movies[index] = new
        return .updated(at: index, old: old, new: new)
    }

    // MARK: - Undo and restore reducers

    /// Undoes `change`, a list Change this state made earlier, and returns the Change that did it.
    ///
    /// A row Change is undone by applying its `inverse` (an insert becomes a delete of the same
    /// movie at the same index, and so on), so undo costs what the edit cost and is emitted like
    /// any edit. `.reloaded(replaced:)` is undone by swapping the replaced list back in; the
    /// returned `.reloaded` keeps the list it swapped out, so reverting that again is redo.
    /// - Throws: `EditError.stillLoading` while a fetch is in flight (it would overwrite the
    ///   result), or `.doesNotApply` if `change` does not fit the current list; the state is then
    ///   unchanged.
    public mutating func revert(_ change: Change) throws(EditError) -> Change {
        try rejectWhileLoading()
        switch change {
        case .reloaded(let replaced):
            let current = movies
            movies = replaced
            return .reloaded(replaced: current)
        case .inserted, .deleted, .moved, .updated:
            guard let inverse = change.inverse else { throw .doesNotApply }
            return try apply(inverse)
        case .none, .fetch:
            throw .doesNotApply
        }
    }

    /// Applies a recorded row Change (an insert, delete, move or update read back from a
    /// journal) and returns it.
    ///
    /// The Change must fit: a deleted or moved movie must be the one at its `from` index, an
    /// updated row must hold its `old` movie, and indexes must be in range, so a journal
    /// that does not belong to this list is caught rather than applied. Whether an inserted
    /// movie's id is unique is the caller's to check (it keeps a set of ids; scanning the list
    /// here would make each insert O(N)).
    /// - Throws: `EditError.doesNotApply` for a Change that does not fit, or that is not a row
    ///   Change; the state is then unchanged.
    public mutating func apply(_ change: Change) throws(EditError) -> Change {
        switch change {
        case .inserted(let movie, let index):
            guard (0...movies.count).contains(index) else { throw .doesNotApply }
            movies.insert(movie, at: index)
            nextID = max(nextID, Self.idAfter(movie.id))
        case .deleted(let movie, let index):
            guard movies.indices.contains(index), movies[index] == movie else {
                throw .doesNotApply
            }
            movies.remove(at: index)
        case .moved(let movie, let source, let destination):
            guard movies.indices.contains(source), movies.indices.contains(destination),
                movies[source] == movie
            else { throw .doesNotApply }
            movies.remove(at: source)
            movies.insert(movie, at: destination)
        case .updated(let index, let old, let new):
            guard movies.indices.contains(index), movies[index] == old, new.id == old.id else {
                throw .doesNotApply
            }
            movies[index] = new
        case .none, .fetch, .reloaded:
            throw .doesNotApply
        }
        return change
    }

    /// Applies `change`, made on another list, to the movie it names wherever that movie is
    /// now, and returns the Change it made here: how `skip` brings back the edits after the one
    /// it leaves out.
    ///
    /// The movie is found by its id, at the Change's index first, where it usually still is. An
    /// inserted movie goes in at its index, or at the end of a list that is shorter now; a
    /// deleted one is deleted; a moved one goes to its destination, or to the last row; a row
    /// that reads differently takes the fields the Change changed (`Movie.Field`) and keeps its
    /// others as they are now. Returns `.none` when there is nothing left to do.
    /// - Throws: `EditError.doesNotApply` when the movie is no longer in the list (or, inserted,
    ///   is in it already), or for a Change that is not a row's; the state is then unchanged.
    public mutating func reapply(_ change: Change) throws(EditError) -> Change {
        switch change {
        case .inserted(let movie, let index):
            guard !movies.contains(where: { $0.id == movie.id }) else { throw .doesNotApply }
            return try apply(.inserted(movie, at: min(index, movies.count)))
        case .deleted(let movie, let index):
            let at = try place(of: movie, near: index)
            return try apply(.deleted(movies[at], at: at))
        case .moved(let movie, let source, let destination):
            let at = try place(of: movie, near: source)
            let to = min(destination, movies.count - 1)
            guard to != at else { return .none }
            return try apply(.moved(movies[at], from: at, to: to))
        case .updated(let index, let old, let new):
            let at = try place(of: new, near: index)
            var result = movies[at]
            for field in Movie.Field.allCases where old[field] != new[field] {
                result[field] = new[field]
            }
            guard result != movies[at] else { return .none }
            return try apply(.updated(at: at, old: movies[at], new: result))
        case .none, .fetch, .reloaded:
            throw .doesNotApply
        }
    }

    // MARK: - Helpers

    /// Where `movie` is (by its id), looking at `index` first.
    private func place(of movie: Movie, near index: Int) throws(EditError) -> Int {
        if movies.indices.contains(index), movies[index].id == movie.id { return index }
        guard let found = movies.firstIndex(where: { $0.id == movie.id }) else {
            throw .doesNotApply
        }
        return found
    }

    private mutating func setFetchStatus(_ status: FetchStatus) -> Change {
        guard fetchStatus != status else { return .none }
        fetchStatus = status
        return .fetch(status)
    }

    /// Edits wait for the list: a fetch in flight would replace whatever they changed, silently.
    private func rejectWhileLoading() throws(EditError) {
        if fetchStatus == .loading { throw .stillLoading }
    }

    /// A title an insert or a rename may give: not blank, and not too long.
    private func checkTitle(_ title: String) throws(EditError) {
        guard !Movie.isBlank(title) else { throw .emptyTitle }
        guard !Movie.isTooLong(title) else {
            throw .titleTooLong(maximum: Movie.maximumTitleLength)
        }
    }

    private func checkIndex(_ index: Int) throws(EditError) {
        guard movies.indices.contains(index) else {
            throw .indexOutOfRange(index, valid: movies.indices)
        }
    }

    private static func idAfter(_ movies: [Movie]) -> Int {
        idAfter(movies.lazy.map(\.id).max() ?? 0)
    }

    /// The id after `id`, saturating instead of trapping at `Int.max`.
    private static func idAfter(_ id: Int) -> Int {
        id < Int.max ? id + 1 : id
    }
}
