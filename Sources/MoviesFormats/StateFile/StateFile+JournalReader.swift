// Role in the data flow: the rules a journal line is held to, in one place. Restoring a state file
// reads its journal through a `JournalReader`, and so does a session that follows the file
// (`--follow`) as each line arrives: a line is taken by the same rules either way.
//
//   journal line ─► JournalLine.read (the JSON) ─► JournalReader (an edit, a valid movie, an id
//     of its own) ─► Change ─► MoviesState.apply (does it fit the list?)

import MoviesCore

extension StateFile {
    /// Takes a journal's lines one at a time, holding each to what a journal line must be
    /// beyond its JSON: an edit (not a reload or a fetch status), whose inserted or updated movie
    /// follows the catalog's rules, and whose inserted movie has an id no movie of the list has.
    ///
    /// Whether the Change fits the list (the movie it names is at its index) is the reducer's to
    /// say: `MoviesState.apply(_:)`. The reader keeps only the ids of the list, which it follows
    /// from the Changes it hands out, so checking an insert costs a set lookup, not a scan.
    struct JournalReader {
        /// The file's name as messages show it.
        let file: String
        /// The ids of the list once every Change handed out so far has been applied.
        private var ids: Set<Int>

        /// A reader of the journal that follows a snapshot of `movies`; `file` names it in
        /// errors.
        init(listing movies: [Movie], file: String) {
            self.file = file
            ids = Set(movies.lazy.map(\.id))
        }

        /// The Change on journal line number `line`, whose bytes (without the newline) are
        /// `bytes`, and how it stands in the history.
        ///
        /// A Change the line says is not applied (an edit the history kept at a fold) is held to
        /// the same rules for its movie, but changes no id.
        /// - Throws: `StateFileError` naming the line: not the JSON of a Change, not an edit, a
        ///   movie the catalog would reject, or an inserted id already in the list.
        mutating func change(on bytes: UnsafeBufferPointer<UInt8>, line: Int)
            throws(StateFileError) -> (MoviesState.Change, JournalStep)
        {
            let content: JournalLine.Content
            do {
                content = try JournalLine.read(in: bytes, file: file)
            } catch {
                throw StateFileError(file: file, line: line, problem: .notAChange)
            }
            guard case .edit(let change, let step) = content else {
                throw StateFileError(file: file, line: line, problem: .notAnEdit)
            }
            guard step.role.applies else {
                switch change {
                case .inserted(let movie, _), .deleted(let movie, _), .moved(let movie, _, _),
                    .updated(_, _, let movie):
                    try validate(movie, line: line)
                case .none, .fetch, .reloaded:
                    throw StateFileError(file: file, line: line, problem: .notAnEdit)
                }
                return (change, step)
            }
            switch change {
            case .inserted(let movie, _):
                try validate(movie, line: line)
                guard !ids.contains(movie.id) else {
                    throw StateFileError(file: file, line: line, problem: .duplicateID(movie.id))
                }
                ids.insert(movie.id)
            case .updated(_, _, let movie):
                // Its id is the one the movie had: the reducer checks that it is the movie there.
                try validate(movie, line: line)
            case .deleted(let movie, _):
                ids.remove(movie.id)
            case .moved:
                break
            case .none, .fetch, .reloaded:
                throw StateFileError(file: file, line: line, problem: .notAnEdit)
            }
            return (change, step)
        }

        /// Checks a journaled movie against the catalog's rules for a movie.
        private func validate(_ movie: Movie, line: Int) throws(StateFileError) {
            do {
                var alone = Set<Int>()
                try Catalog.validate(movie, item: 1, file: file, seen: &alone)
            } catch {
                throw StateFileError(file: file, line: line, problem: .invalidMovie(error.problem))
            }
        }
    }
}
