// Role in the data flow: a middleware beside the store that makes edits survive the process
// (`--state FILE`). Every list Change the store emits is appended to the state file's journal; a
// reload, or a journal grown past its bound, is folded into a fresh snapshot instead. Together with
// `DurableOutput`, which holds back the rows drawn for an edit until its journal line is on disk,
// this keeps the promise: an edit whose row has been drawn is on disk. When the file fails, the
// journal stops writing, cuts the file back to what was on disk, and says how many edits it lacks:
// the session keeps its list and takes no more edits.
//
//   store ─► didSend(record) ─► journal line (append) ─► commit (fsync) ─► DurableOutput flushes

import MoviesCore
import SystemBoundary

/// The journaling of a session: when a Change becomes a journal line, when the journal is folded,
/// when output held for an edit may pass.
///
/// The file itself (opening, locking, restoring, appending, folding) is `LockedStateFile`'s.
@MainActor
package final class StateFileJournal: MoviesMiddleware {
    /// A journal with this many lines is folded into a new snapshot.
    ///
    /// Restoring replays each line through a reducer, an array shift of about half a nanosecond
    /// per movie, while reading a movie of the snapshot costs a few microseconds: at 500 lines the
    /// journal adds under a tenth to a restore, whatever the list's length, and folding it costs a
    /// snapshot write every 500 edits. (`movies-bench`, section 7, measures both.)
    package static let maximumJournalLines = 500
    /// A journal is also folded once it is larger than this or the snapshot, whichever is more.
    static let minimumCompactionBytes = 1_048_576

    private let file: LockedStateFile
    /// Whether output must wait for the next commit: an edit has run whose journal line may not
    /// be on disk yet.
    package private(set) var holdsOutput = false
    /// The first write error, or why no edit could be kept from the start; after it nothing is
    /// written, and the session keeps its list but takes no more edits.
    package private(set) var failure: FileError?
    /// Whether the failure came while the session was ending (`finish`), rather than during it.
    package private(set) var failedAtTheEnd = false
    /// How many edits are not on disk: the actions that changed the list since the file last
    /// held all of it (its last commit or fold).
    ///
    /// After a failure, what the file lacks: the file stays as it was on disk, and a list change
    /// after the failure (a fetch that was in flight) counts too. The first list of a file that
    /// had none is not an edit and never counts: see `holdsList`.
    package private(set) var editsNotOnDisk = 0
    /// How many edits this session made to the list (the first list of a new file is none).
    package private(set) var editsMade = 0
    /// Whether the file holds a list: a new or empty file has none until the first list is
    /// written to it.
    package var holdsList: Bool { file.hasList }
    /// Whether the journal stopped because its name no longer leads to the file it holds (the
    /// file was moved, removed or replaced): what is there now holds none of this session's list.
    package var lostItsName: Bool { file.lostItsName }
    /// Whether `finish` has begun.
    private var finishing = false

    /// Whether an action is between `willSend` and `didSend`: its journal line is not written yet.
    private var sending = false
    /// Whether `commitSoon()` was called while an action was being sent.
    private var commitRequested = false

    /// Called whenever everything journaled so far is on disk (output may be released).
    package var onDurable: (@MainActor () -> Void)?
    /// Called once, on the first write error, before output stops being held.
    ///
    /// The place to drop what is held and to say what happened. Not called for a failure known
    /// at the start.
    package var onFailure: (@MainActor (FileError) -> Void)?

    private init(file: LockedStateFile) {
        self.file = file
    }

    /// Opens the state file at `path` (creating it, empty, if it does not exist), locks it and
    /// restores its list.
    ///
    /// A file that could keep no edit (it must be replaced before its first journal line, and
    /// its folder takes no new file) starts failed: `failure` says why, before any edit.
    ///
    /// - Returns: the journal, and the restored state; `nil` when the file is new or empty (it
    ///   has no list yet: the session fetches one and the first reload writes the snapshot).
    ///   `sync` is the `fsync` of every commit and compaction (a test passes one that fails).
    package static func start(path: FileName, sync: FileSync = .system) throws(StartError)
        -> (StateFileJournal, MoviesState?)
    {
        let (file, restored) = try LockedStateFile.open(path: path, sync: sync)
        let journal = StateFileJournal(file: file)
        journal.failure = file.refusalBeforeTheFirstEdit()
        return (journal, restored)
    }

    /// The path as the user gave it.
    package var path: FileName { file.path }

    /// The name of the file this session holds, its links followed at the start.
    package var heldFile: FileName { file.target }

    /// Whether the path the user gave leads to another file than the one this session holds
    /// (still at `heldFile`); after the session, worth saying: the list is in `heldFile`.
    package var nameLeadsElsewhere: Bool { file.nameLeadsElsewhere }

    /// How many `fsync` calls the journal made (for the benchmark's figures).
    package var syncCount: Int { file.syncCount }

    /// Whether another `movies --state` session holds the file at `path` (its lock is taken).
    package static func isInUse(_ path: FileName) -> Bool {
        LockedStateFile.isInUse(path)
    }

    /// Removes the state file again when this start created it and nothing was written to it yet
    /// (see `LockedStateFile.removeIfCreated`).
    package func removeIfCreated() {
        file.removeIfCreated()
    }

    /// Whether the state file, read back now, restores exactly `movies`.
    package func restores(_ movies: [Movie]) -> Bool {
        file.restores(movies)
    }

    /// The identity of the state file this session holds, whatever name reaches it (so `save`
    /// does not replace it behind its back, and no other of the session's files is it).
    package var identity: FileIdentity { file.identity }

    // MARK: - Journaling

    package func willSend(_ action: MoviesViewModel.Action, state: MoviesState) {
        sending = true
        guard failure == nil else { return }
        switch action {
        case .insert, .delete, .move, .rename, .rate, .undo, .redo, .goto, .skip, .fetchSucceeded,
            .journaled,
            .snapshotWritten:
            holdsOutput = true
        case .refresh, .fetchFailed:
            break
        }
    }

    package func didSend(_ record: MoviesViewModel.Record, state: MoviesState) {
        sending = false
        defer {
            if commitRequested {
                commitRequested = false
                commit()
            }
        }
        guard case .changes(let changes) = record.outcome, changes.contains(where: \.changesList)
        else { return }
        // The first list of a file that has none is no edit: the file is made for it.
        if file.hasList {
            editsMade += 1
            editsNotOnDisk += 1
        }
        guard failure == nil else { return }
        for change in changes where change.changesList {
            // A reload has no journal line: the state after the action holds it (and every later
            // Change of the action), so it is written as a new snapshot instead.
            guard file.canAppend, let line = StateFile.journalEntry(change) else {
                fold(state.movies)
                return
            }
            do {
                try file.append(line)
            } catch {
                fail(error)
                return
            }
        }
        if file.journalLines >= Self.maximumJournalLines
            || file.journalBytes > max(file.snapshotBytes, Self.minimumCompactionBytes)
        {
            fold(state.movies)
        }
    }

    /// Makes every journal line written so far durable, then releases held output.
    ///
    /// Called when the input loop has nothing more to run at once: all the edits read so far
    /// share one `fsync` (group commit), however many there were.
    package func commit() {
        guard failure == nil else { return }
        do {
            try file.commit()
        } catch {
            fail(error)
            return
        }
        editsNotOnDisk = 0
        holdsOutput = false
        onDurable?()
    }

    /// Commits as soon as that covers everything drawn so far: now between actions, or once the
    /// action being sent has written its journal line.
    ///
    /// For output that must not wait for the input loop (too much is held): a commit in the
    /// middle of an action would release the rows drawn for it before its line is written.
    package func commitSoon() {
        if sending {
            commitRequested = true
        } else {
            commit()
        }
    }

    /// Ends the session: commits what is left and folds the journal into the snapshot.
    ///
    /// The file is then a plain catalog again. A file this start created for a session that
    /// never got a list (the fetch failed, `quit` came first, or the file failed first) is
    /// removed again, rather than left empty. After a failure nothing is written: the file stays
    /// as it was.
    package func finish(_ movies: [Movie]) {
        finishing = true
        commit()
        if failure == nil, file.journalLines > 0 { fold(movies) }
        if !file.hasList { file.removeIfCreated() }
    }

    /// Writes `movies` as the new snapshot with an empty journal; durable when it returns.
    private func fold(_ movies: [Movie]) {
        do {
            try file.fold(movies)
        } catch {
            fail(error)
            return
        }
        editsNotOnDisk = 0
        holdsOutput = false
        onDurable?()
    }

    /// Stops the journal at its first write error: the file is cut back to what was on disk,
    /// `onFailure` drops what is held, and from then on output passes at once.
    private func fail(_ error: FileError) {
        guard failure == nil else { return }
        failure = error
        failedAtTheEnd = finishing
        file.cutBackToDurable()
        onFailure?(error)
        // What was held is dropped; what the session writes from now on (the failure's message,
        // a list asked for, the terminal given back) must not wait for a commit that cannot come.
        holdsOutput = false
    }
}
