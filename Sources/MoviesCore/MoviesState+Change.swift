// Role in the data flow: a `Change` is what a reducer returns and what the view model emits. It is
// the contract between the store and the views: a view that starts from a rendering of the initial
// state and applies only the emitted Changes always ends up showing the current state. Because a
// Change says exactly what changed, it is also what undo reverts, what a trace records and what the
// state file's journal keeps.

extension MoviesState {
    /// Exactly what one reducer changed, in the state's own (0-based) coordinates.
    ///
    /// Fine-grained on purpose: instead of pushing the whole state and making every view diff it,
    /// the store says which row appeared, vanished, moved or reads differently, like a table
    /// view's batch update.
    /// Row changes carry their `Movie`, so a view can draw the row (even a deleted one) without
    /// reading the state back, and so the Change can be undone: `inverse` needs nothing else.
    public enum Change: Equatable, Sendable {
        /// Nothing changed: a no-op action such as moving a row onto itself.
        case none
        /// The fetch status (the loading indicator) changed to this value.
        case fetch(FetchStatus)
        /// The whole list was replaced; redraw all of it from the state.
        ///
        /// `replaced` is the list that was there before, kept by reference (an array shares its
        /// buffer until someone writes to it, and nobody writes to a replaced list), so undoing a
        /// refresh can put it back without a copy ever having been made.
        case reloaded(replaced: [Movie])
        /// `movie` now sits at `index`; the rows from `index` on moved down by one.
        case inserted(Movie, at: Int)
        /// `movie` was removed from `index`; the rows after it moved up by one.
        case deleted(Movie, at: Int)
        /// `movie` went from `from` to `to`; the others kept their relative order.
        case moved(Movie, from: Int, to: Int)
        /// The row at `index` reads differently: it held `old` and now holds `new`, the same movie
        /// (same id) with another value in one or more of its fields. No row moved.
        ///
        /// What a table view calls reloading a row. Whatever field an edit changed (a title, a
        /// rating), it is this one case: a view redraws the row from `new`, undo puts `old` back,
        /// and a field added to `Movie` needs no case of its own.
        ///
        /// `indirect`: its payload, two movies, lives in a box of its own, so that a Change, which
        /// the store copies several times an action, stays the size of a move.
        indirect case updated(at: Int, old: Movie, new: Movie)

        /// Whether this Change touched the list (as opposed to the fetch status, or nothing).
        ///
        /// List Changes are the ones undo history, the journal and "unsaved edits" care about.
        public var changesList: Bool {
            switch self {
            case .none, .fetch: return false
            case .reloaded, .inserted, .deleted, .moved, .updated: return true
            }
        }

        /// Whether this Change swapped in a whole new list (`.reloaded`).
        ///
        /// Such a Change carries the list it replaced: the undo history keeps only a few of them,
        /// and the state-file journal writes a new snapshot instead of a journal line.
        public var isReload: Bool {
            switch self {
            case .reloaded: return true
            case .none, .fetch, .inserted, .deleted, .moved, .updated: return false
            }
        }

        /// The row Change that undoes this one, or `nil` for a Change that has no row inverse.
        ///
        /// An insert is undone by deleting the same movie at the same index, a delete by inserting
        /// it back, a move by moving it back, and a row that reads differently by swapping its
        /// old and new movie.
        /// `.reloaded` has no inverse of its own kind: undoing it swaps the `replaced` list back
        /// in, which `MoviesState.revert(_:)` does; `.none` and `.fetch` are not undoable (the
        /// fetch status always says where the last fetch stands).
        public var inverse: Change? {
            switch self {
            case .inserted(let movie, let index): return .deleted(movie, at: index)
            case .deleted(let movie, let index): return .inserted(movie, at: index)
            case .moved(let movie, let source, let destination):
                return .moved(movie, from: destination, to: source)
            case .updated(let index, let old, let new):
                return .updated(at: index, old: new, new: old)
            case .none, .fetch, .reloaded: return nil
            }
        }
    }
}

/// A Change in JSON, for the trace and the state file's journal: one object keyed by the case,
/// e.g. `{"moved":{"from":2,"movie":{"id":3,"title":"Jaws","year":1975},"to":0}}` (traces and
/// the journal sort the keys).
///
/// The conformance is synthesized; the `…CodingKeys` enums only give the unlabelled associated
/// values a name (`_0` would be `movie`), which is all a readable format needs. A movie inside is
/// written by `Movie`'s own conformance, from its table of fields.
extension MoviesState.Change: Codable {
    enum FetchCodingKeys: String, CodingKey {
        case _0 = "status"
    }
    enum InsertedCodingKeys: String, CodingKey {
        case _0 = "movie"
        case at
    }
    enum DeletedCodingKeys: String, CodingKey {
        case _0 = "movie"
        case at
    }
    enum MovedCodingKeys: String, CodingKey {
        case _0 = "movie"
        case from
        case to
    }
}
