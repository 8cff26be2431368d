// Role in the data flow: the written form of a session. A trace middleware writes a header (the
// state the store started from) and then one `MoviesViewModel.Record` per action; `TraceReplayer`
// reads them back. Both sides use this one format, so what is written can always be replayed.

import Foundation
import MoviesCore
import SystemBoundary

/// The trace format: JSON Lines.
///
/// ```text
/// {"historyLimit":1000,"movies":[],"nextID":1,"trace":"movies","version":2}
/// {"action":{"refresh":{}},"changes":[{"fetch":{"status":{"loading":{}}}}],"count":0,"ns":2135}
/// {"action":{"delete":{"at":2}},"changes":[{"deleted":{"at":2,"movie":{…}}}],"count":29,"ns":901}
/// ```
///
/// Keys are sorted, so the same session always writes the same bytes (timings aside). Titles are
/// inert at a terminal: every scalar `TerminalText.isUnsafe` picks (C1 controls, bidi overrides,
/// format characters, line separators) is written as a `\uXXXX` escape.
package enum Trace {
    /// The first line: what the store started from, so a replay can start from the same place.
    package struct Header: Equatable, Sendable, Codable {
        /// Always `"movies"`: tells a trace from any other JSON Lines file.
        var trace = "movies"
        /// The format's version.
        var version = Trace.version
        /// The list the store started with (empty unless restored from a state file).
        package var movies: [Movie]
        /// The id the store would give the next inserted movie.
        package var nextID: Int
        /// How many actions undo remembered.
        package var historyLimit: Int
        /// The edits that led to `movies`, for a store that started with a history (restored
        /// from a state file), oldest first; left out when it had none.
        var history: [Edit]?
        /// The number of the edit `movies` is right after; left out with `history`.
        var point: Int?

        /// One edit of the starting history: its action (when kept), Changes and, for a skip,
        /// the later edits it left out.
        struct Edit: Equatable, Sendable, Codable {
            var action: MoviesViewModel.Action?
            var changes: [MoviesState.Change]
            var dropped: [Int]?
        }

        /// The header for a store starting from `state`, with `history`, with `historyLimit`.
        init(
            state: MoviesState, history: StateFile.History = StateFile.History(), historyLimit: Int
        ) {
            movies = state.movies
            nextID = state.nextID
            self.historyLimit = historyLimit
            guard !history.edits.isEmpty else { return }
            self.history = history.edits.map { edit in
                Edit(
                    action: edit.action, changes: Array(edit.changes),
                    dropped: edit.dropped.isEmpty ? nil : edit.dropped)
            }
            point = history.point
        }

        /// The history the store started with.
        package var startingHistory: StateFile.History {
            let edits = (history ?? []).map { edit in
                UndoHistory.Edit(
                    action: edit.action, changes: MoviesViewModel.Changes(edit.changes) ?? [],
                    dropped: edit.dropped ?? [])
            }
            return StateFile.History(edits: edits, point: point ?? edits.count)
        }
    }

    /// The header's line, without its newline.
    package static func line(_ header: Header) -> String {
        encode(header)
    }

    /// A record's line, without its newline.
    package static func line(_ record: MoviesViewModel.Record) -> String {
        encode(record)
    }

    /// Reads a header line; `number` is its line number, for errors.
    package static func header(from line: String, number: Int = 1) throws(TraceError) -> Header {
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(line.utf8))
        } catch {
            throw TraceError(line: number, problem: .notAHeader)
        }
        guard header.trace == "movies" else { throw TraceError(line: number, problem: .notAHeader) }
        guard header.version == Self.version else {
            throw TraceError(line: number, problem: .unsupportedVersion(header.version))
        }
        guard (0...Self.maximumHistoryLimit).contains(header.historyLimit) else {
            throw TraceError(line: number, problem: .historyLimitOutOfRange(header.historyLimit))
        }
        try validate(header.movies, line: number)
        return header
    }

    /// Reads a record line; `number` is its line number, for errors.
    package static func record(from line: String, number: Int) throws(TraceError)
        -> MoviesViewModel.Record
    {
        let record: MoviesViewModel.Record
        do {
            record = try JSONDecoder().decode(MoviesViewModel.Record.self, from: Data(line.utf8))
        } catch {
            throw TraceError(line: number, problem: .notARecord)
        }
        // A fetched list goes into the state as it is, so it is checked like the header's.
        if case .fetchSucceeded(let movies) = record.action {
            try validate(movies, line: number)
        }
        return record
    }

    /// Checks `movies` as a catalog's: valid ids, titles and years, and no id twice.
    private static func validate(_ movies: [Movie], line number: Int) throws(TraceError) {
        do {
            var seen = Set<Int>(minimumCapacity: movies.count)
            for (index, movie) in movies.enumerated() {
                try Catalog.validate(movie, item: index + 1, file: "trace", seen: &seen)
            }
        } catch {
            throw TraceError(line: number, problem: .invalidMovies(error.problem))
        }
    }

    /// How many times its bytes in a catalog a list can take in a trace line, at most.
    ///
    /// The trace escapes what a catalog writes raw: DEL (one byte) becomes `\u007f` (six), a C1
    /// control (two bytes) `\u0085` (six), a format character (three) `\u202e` (six), a tag
    /// character (four) a surrogate pair (twelve). Six is the worst of these, and the JSON around
    /// each movie only lowers the ratio. The replay's line limit is derived from it, so that any
    /// list the app accepts (the catalog's read limit bounds them all) can be replayed.
    package static let maximumExpansion = 6

    /// The version of the format this build writes, and the only one it reads: a trace of
    /// another version may spell its actions, Changes or errors otherwise, so it is refused
    /// by its header rather than misread line by line.
    static let version = 2

    /// The largest history limit a header may ask for, the same bound as `--history`'s.
    package static let maximumHistoryLimit = 1_000_000

    /// `value` as one line of the trace's JSON.
    ///
    /// Sorted keys, slashes as they are, every scalar the terminal escaping would escape written
    /// as `\uXXXX`. `history --json` writes so too.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Movies, Changes, actions and errors are plain values of Int, String and arrays of
        // them, which always encode.
        guard let data = try? encoder.encode(value) else { return "{}" }
        // The trace goes to stderr by default, so a title must not reach the terminal raw: every
        // scalar the terminal escaping would escape is written as JSON's `\uXXXX`, which decodes
        // to the same title, so the line still replays exactly.
        return TerminalText.escapedJSON(String(decoding: data, as: UTF8.self))
    }
}
