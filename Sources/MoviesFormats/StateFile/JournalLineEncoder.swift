// Role in the data flow: the state file's journal, written fast. With `--state` every edit is
// journaled before its row is drawn, so writing its line is on every edit's path, and `JSONEncoder`
// takes about 5 µs for one line: as long as everything else an edit costs put together. A row
// Change is three numbers and a movie, so its line is written here by hand, byte for byte what
// `JSONEncoder` writes with sorted keys (the tests hold it to that). Reading is the catalog's
// strict reader's (`CatalogParser+JournalChange`).
//
//   edit ─► Change ─► JournalLineEncoder ─► journal line ─► state file

import MoviesCore

/// Writes the journal line of a row Change (insert, delete, move) without `JSONEncoder`.
enum JournalLineEncoder {
    /// The line for `change`, newline included, or `nil` for a Change that is not a row edit: a
    /// journal holds none (a reload is folded into a new snapshot instead).
    ///
    /// ```text
    /// {"deleted":{"at":2,"movie":{"id":3,"title":"Casablanca","year":1942}}}
    /// {"moved":{"from":7,"movie":{"id":8,"title":"Jaws","year":1975},"to":0}}
    /// ```
    static func line(_ change: MoviesState.Change) -> [UInt8]? {
        var line: [UInt8] = []
        line.reserveCapacity(128)
        switch change {
        case .inserted(let movie, let index):
            MovieJSONWriter.append(#"{"inserted":{"at":"#, to: &line)
            appendRest(at: index, movie, to: &line)
        case .deleted(let movie, let index):
            MovieJSONWriter.append(#"{"deleted":{"at":"#, to: &line)
            appendRest(at: index, movie, to: &line)
        case .moved(let movie, let source, let destination):
            MovieJSONWriter.append(#"{"moved":{"from":"#, to: &line)
            MovieJSONWriter.append(source, to: &line)
            MovieJSONWriter.append(#","movie":"#, to: &line)
            MovieJSONWriter.append(movie, to: &line)
            MovieJSONWriter.append(#","to":"#, to: &line)
            MovieJSONWriter.append(destination, to: &line)
            MovieJSONWriter.append("}}\n", to: &line)
        case .none, .fetch, .reloaded:
            return nil
        }
        return line
    }

    /// The rest of an insert's or a delete's line: `2,"movie":{…}}}` and the newline.
    private static func appendRest(at index: Int, _ movie: Movie, to line: inout [UInt8]) {
        MovieJSONWriter.append(index, to: &line)
        MovieJSONWriter.append(#","movie":"#, to: &line)
        MovieJSONWriter.append(movie, to: &line)
        MovieJSONWriter.append("}}\n", to: &line)
    }
}
