// Role in the data flow: the format that lets a session survive its process. A state file holds a
// snapshot of the list (one line in the catalog schema) followed by a journal: one line per list
// Change made since. Restoring applies the journal to the snapshot through the same reducer undo
// uses, so a restored list is exactly the list whose rows were drawn. Writing the file (appending,
// `fsync`, compacting) is the CLI's business; this file only says what the bytes mean.

import Foundation
import MoviesCore

/// Reads and writes the state file's contents.
///
/// ```text
/// [{"id":1,"title":"The Godfather","year":1972},…]        ← snapshot: the catalog schema
/// {"deleted":{"at":2,"movie":{"id":3,"title":"…","year":1941}}}   ← journal: one Change a line
/// {"inserted":{"at":0,"movie":{"id":31,"title":"Up","year":2009}},"action":{…}}
/// {"deleted":{"at":0,"movie":{"id":31,"title":"Up","year":2009}},"step":"undo"}
/// ```
///
/// Each journal line may say how its Change stands in the history (`JournalStep`), and a fold
/// writes the edits the history keeps right after the snapshot, so the history and its point
/// survive a restart too (`Restored.history`).
///
/// A file whose first line is not a JSON array on its own (a pretty-printed catalog, say) is read
/// whole as a catalog with an empty journal, so `--state` can start from any catalog file.
package enum StateFile {
    /// What a state file held.
    package struct Restored: Equatable, Sendable {
        /// The list the file describes, with the id the next insert gets.
        package var state: MoviesState
        /// How many journal lines were applied.
        package var journalLines: Int
        /// The size of the snapshot line (with its newline), or of the whole catalog.
        var snapshotBytes: Int
        /// How many bytes are good: up to the end of the last complete line.
        ///
        /// A torn last line (a crash in the middle of an append) lies beyond it and must be cut
        /// off before the journal grows again.
        var validLength: Int
        /// Whether the snapshot is one line that a journal may follow; when `false` (a plain,
        /// multi-line catalog) the file must be rewritten before anything is appended to it.
        var canAppend: Bool
        /// The edits that led to the list, as far back as the file keeps them, and the point.
        package var history = History()
    }

    /// The history a state file keeps: its edits, oldest first, the list right after `point`.
    package struct History: Equatable, Sendable {
        package var edits: [UndoHistory.Edit] = []
        package var point = 0

        /// No edits: a list with nothing behind it.
        package init() {}

        /// `edits`, oldest first, the list right after edit `point`.
        init(edits: [UndoHistory.Edit], point: Int) {
            self.edits = edits
            self.point = point
        }

        /// The store's history of at most `limit` edits each way, from these.
        package func undoHistory(limit: Int) -> UndoHistory {
            UndoHistory(limit: limit, restoring: edits, point: point)
        }
    }

    /// The snapshot line for `movies`, with its newline: the list as a catalog file.
    package static func snapshot(_ movies: [Movie]) -> [UInt8] {
        Catalog.file(movies)
    }

    /// The journal line for a row Change (an insert, a delete, a move, a rename), with its
    /// newline; `nil`
    /// for any other Change, which a journal does not hold (a reload is folded into a snapshot).
    package static func journalEntry(_ change: MoviesState.Change) -> [UInt8]? {
        JournalLine.line(change)
    }

    /// The lines a fold writes after the snapshot: the edits of `history` it keeps, each
    /// Change a line, marked done or undone (`JournalStep`), so that a restart can undo, redo
    /// and travel as the session could.
    ///
    /// It keeps the edits around the point back to the newest refresh on either side (a
    /// refresh's undo needs the whole list it replaced, which a state file does not keep), and
    /// at most `budget` bytes of them, dropping the oldest done ones first, then the farthest
    /// undone.
    package static func historyLines(_ history: UndoHistory, budget: Int = Catalog.maximumFileSize)
        -> [UInt8]
    {
        var done: [[UInt8]] = []
        var undone: [[UInt8]] = []
        var bytes = 0
        // Outward from the point, nearest first, so that the budget drops the farthest.
        var back = history.point
        var ahead = history.point + 1
        var canGoBack = true
        var canGoAhead = true
        while canGoBack || canGoAhead {
            if canGoBack {
                if back >= 1, let edit = history.edit(back),
                    let lines = lines(of: edit, role: .done), bytes + lines.count <= budget
                {
                    done.append(lines)
                    bytes += lines.count
                    back -= 1
                } else {
                    canGoBack = false
                }
            }
            if canGoAhead {
                if ahead <= history.count, let edit = history.edit(ahead),
                    let lines = lines(of: edit, role: .undone), bytes + lines.count <= budget
                {
                    undone.append(lines)
                    bytes += lines.count
                    ahead += 1
                } else {
                    canGoAhead = false
                }
            }
        }
        return done.reversed().flatMap { $0 } + undone.flatMap { $0 }
    }

    /// The lines of one kept edit: its first Change marked `role`, with its action and how many
    /// lines it spans, the others marked kept; `nil` for an edit with a Change no line holds (a
    /// refresh's reload), which ends the history a fold keeps.
    private static func lines(of edit: UndoHistory.Edit, role: JournalStep.Role) -> [UInt8]? {
        var lines: [UInt8] = []
        for (index, change) in edit.changes.enumerated() {
            let step =
                index == 0
                ? JournalStep(
                    role: role, action: keptAction(of: edit), count: edit.changes.count,
                    dropped: edit.dropped)
                : JournalStep(role: .kept)
            guard let line = JournalLine.line(change, step: step) else { return nil }
            lines += line
        }
        return lines
    }

    /// The action a state file keeps for `edit`: a skip's, which its Changes do not say, and no
    /// other (`JournalStep.action`).
    static func keptAction(of edit: UndoHistory.Edit?) -> MoviesViewModel.Action? {
        guard case .skip = edit?.action else { return nil }
        return edit?.action
    }

    /// The list `bytes` hold when they are a state file with more than its snapshot (a journal,
    /// or the history a fold kept), and `nil` for anything else: a plain catalog, or bytes that
    /// do not restore, which the catalog's reader then reports on in its own words.
    static func list(ofStateFile bytes: [UInt8], file: String) -> [Movie]? {
        let newline = UInt8(ascii: "\n")
        guard let end = bytes.firstIndex(of: newline), end + 1 < bytes.count,
            isArrayLine(Data(bytes[..<end])[...])
        else { return nil }
        return try? restore(Data(bytes), file: file).state.movies
    }

    /// Restores the list from a state file's bytes; `file` names it in errors.
    ///
    /// The list must fit a catalog file (`limit`, the catalog's bound, unless a test makes it
    /// small): after a clean end the state file is that catalog, and `--catalog` must read it. A
    /// snapshot or a plain catalog over the bound is refused before it is read, and so is a list
    /// its journal grew past it.
    ///
    /// - Throws: `StateFileError` naming the line and the problem, for anything but a torn last
    ///   line, which is dropped: it is an edit that was never acknowledged.
    package static func restore(
        _ bytes: Data, file: String, limit: Int = Catalog.maximumFileSize
    ) throws(StateFileError) -> Restored {
        try read(bytes, file: file, limit: limit, keepingPieces: false).restored
    }

    /// A state file read whole: the list it restores, and, when asked for, the pieces it was
    /// restored from.
    struct Reading {
        /// The list, as `restore` gives it.
        var restored: Restored
        /// The snapshot, before any journal line (kept only when asked for; else empty).
        var snapshot: [Movie]
        /// The journal's Changes, in order, each known to apply (kept only when asked for).
        var journal: [MoviesState.Change]
        /// The reader that took the journal's lines, ready for the lines still to come.
        var journalReader: JournalReader
        /// The line number of each of `journal`'s Changes (the snapshot is line 1; the edits a
        /// fold kept in the history have lines too).
        var journalLineNumbers: [Int] = []
        /// The number of the file's last complete line.
        var lastLine = 1
    }

    /// Reads and restores a state file's bytes, as `restore` does; with `keepingPieces`, also
    /// keeps its snapshot and its journal's Changes, for a reader that draws them one by one (a
    /// session following the file) instead of taking only the list they end with.
    static func read(_ bytes: Data, file: String, limit: Int, keepingPieces: Bool)
        throws(StateFileError) -> Reading
    {
        let newline = UInt8(ascii: "\n")
        guard let firstEnd = bytes.firstIndex(of: newline),
            isArrayLine(bytes[bytes.startIndex..<firstEnd])
        else {
            let restored = try restoreCatalog(bytes, file: file, limit: limit)
            return Reading(
                restored: restored, snapshot: keepingPieces ? restored.state.movies : [],
                journal: [],
                journalReader: JournalReader(listing: restored.state.movies, file: file))
        }
        let snapshotBytes = bytes.index(after: firstEnd) - bytes.startIndex
        guard snapshotBytes <= limit else {
            throw StateFileError(
                file: file, line: nil, problem: .tooLarge(bytes: snapshotBytes, limit: limit))
        }
        let movies: [Movie]
        do {
            movies = try Catalog.decode(bytes[bytes.startIndex..<firstEnd], file: file)
        } catch {
            // A catalog laid out over several lines may open with one that only looks like a
            // whole array (`[{…` … `]` inside a title): the file read as one catalog decides.
            if let catalog = try? restoreCatalog(bytes, file: file, limit: limit) {
                return Reading(
                    restored: catalog, snapshot: keepingPieces ? catalog.state.movies : [],
                    journal: [],
                    journalReader: JournalReader(listing: catalog.state.movies, file: file))
            }
            throw StateFileError(file: file, line: 1, problem: .snapshot(error.problem))
        }
        var state = MoviesState(movies: movies)
        var reader = JournalReader(listing: movies, file: file)
        var journal: [MoviesState.Change] = []
        var journalLineNumbers: [Int] = []
        var history = JournalHistory()
        /// Where the action under way began, to go back to if the file ends inside it.
        var actionStart = (history: history, validLength: snapshotBytes, lines: 0)
        var appliedInAction: [MoviesState.Change] = []
        var lineNumber = 1
        /// The journal's lines, the history's kept edits (which a fold writes) left out.
        var journalLines = 0
        var lineStart = bytes.index(after: firstEnd)
        var validLength = snapshotBytes
        while let lineEnd = bytes[lineStart...].firstIndex(of: newline) {
            lineNumber += 1
            let read = Data(bytes[lineStart..<lineEnd]).withUnsafeBytes { raw in
                Result { () throws(StateFileError) in
                    try reader.change(on: raw.bindMemory(to: UInt8.self), line: lineNumber)
                }
            }
            let (change, step) = try read.get()
            if history.remaining == 0 {
                actionStart = (history, validLength, journalLines)
                appliedInAction = []
            }
            if step.role.applies {
                journalLines += 1
                do {
                    _ = try state.apply(change)
                } catch {
                    throw StateFileError(file: file, line: lineNumber, problem: .doesNotApply)
                }
                if keepingPieces {
                    journal.append(change)
                    journalLineNumbers.append(lineNumber)
                }
                appliedInAction.append(change)
            }
            history.take(change, step)
            lineStart = bytes.index(after: lineEnd)
            validLength = lineStart - bytes.startIndex
        }
        // A session killed between the lines of one action (a travel, a skip) drew none of its
        // rows: the list and the history go back to before it, and its lines are cut off with
        // a torn one. A follower, which reads while the owner writes, waits for the rest.
        if history.remaining > 0, !keepingPieces {
            for change in appliedInAction.reversed() {
                guard let inverse = change.inverse, (try? state.apply(inverse)) != nil else {
                    throw StateFileError(file: file, line: lineNumber, problem: .doesNotApply)
                }
            }
            (history, validLength, journalLines) = actionStart
        }
        // Only inserts and renames grow a list, and the app refuses one past the bound; a journal
        // written by hand may hold any number.
        if lineNumber > 1 {
            let listBytes = CatalogSize.file(state.movies)
            guard listBytes <= limit else {
                throw StateFileError(
                    file: file, line: nil, problem: .tooLarge(bytes: listBytes, limit: limit))
            }
        }
        let kept = history.kept
        let restored = Restored(
            state: state, journalLines: journalLines, snapshotBytes: snapshotBytes,
            validLength: validLength, canAppend: true,
            history: History(edits: kept.edits, point: kept.point))
        return Reading(
            restored: restored, snapshot: keepingPieces ? movies : [], journal: journal,
            journalReader: reader, journalLineNumbers: journalLineNumbers,
            lastLine: lineNumber)
    }

    /// A file that is one catalog (any layout) and no journal, of at most `limit` bytes.
    private static func restoreCatalog(_ bytes: Data, file: String, limit: Int)
        throws(StateFileError) -> Restored
    {
        guard bytes.count <= limit else {
            throw StateFileError(
                file: file, line: nil, problem: .tooLarge(bytes: bytes.count, limit: limit))
        }
        do {
            let movies = try Catalog.decode(bytes, file: file)
            return Restored(
                state: MoviesState(movies: movies), journalLines: 0, snapshotBytes: bytes.count,
                validLength: bytes.count, canAppend: false)
        } catch {
            throw StateFileError(file: file, line: nil, problem: .snapshot(error.problem))
        }
    }

    /// Whether `line` looks like a whole JSON array: `[` … `]`, ignoring surrounding spaces.
    private static func isArrayLine(_ line: Data.SubSequence) -> Bool {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D }
        guard let first = line.first(where: { !isSpace($0) }),
            let last = line.last(where: { !isSpace($0) })
        else { return false }
        return first == UInt8(ascii: "[") && last == UInt8(ascii: "]")
    }
}
