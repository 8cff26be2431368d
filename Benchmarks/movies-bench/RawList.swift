// Role in the benchmark: the baseline of the dispatch section. The same edits the store makes,
// applied to a plain `[Movie]` with nothing around them: no store, no reducer checks, no Change,
// no subscriber. The store's cost per action is reported as a ratio to this.

import MoviesCore

/// A bare array edited the way `MoviesState`'s reducers edit theirs.
///
/// The edits are the same operations (`insert(_:at:)`, `remove(at:)`, and a move as a removal
/// plus an insertion), so the ratio isolates what the store adds, not a cleverer algorithm.
struct RawList {
    static let insertTag = 1
    static let deleteTag = 2
    static let moveTag = 3

    private(set) var movies: [Movie]
    private(set) var checksum = Checksum()
    private var nextID: Int

    /// Starts from `movies`, handing out ids after the largest one, as the store does.
    init(movies: [Movie]) {
        self.movies = movies
        nextID = (movies.lazy.map(\.id).max() ?? 0) + 1
    }

    /// Applies `action` and folds it into the checksum as `ChangeConsumer` folds the store's
    /// Change for it.
    mutating func apply(_ action: EditAction) {
        switch action {
        case .insert(let title, let year, let index):
            let movie = Movie(id: nextID, title: title, year: year)
            nextID += 1
            movies.insert(movie, at: index)
            checksum.add(Self.insertTag)
            checksum.add(movie.id)
            checksum.add(index)
        case .delete(let index):
            let movie = movies.remove(at: index)
            checksum.add(Self.deleteTag)
            checksum.add(movie.id)
            checksum.add(index)
        case .move(let source, let destination):
            let movie = movies.remove(at: source)
            movies.insert(movie, at: destination)
            checksum.add(Self.moveTag)
            checksum.add(movie.id)
            checksum.add(source)
            checksum.add(destination)
        }
    }
}
