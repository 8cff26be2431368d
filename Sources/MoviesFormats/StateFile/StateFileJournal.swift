// Role in the data flow: a middleware beside the store that makes edits survive the process
// (`--state FILE`). Every list Change the store emits is appended to the state file's journal; a
// reload, or a journal grown past its bound, is folded into a fresh snapshot instead. Together with
// `DurableOutput`, which holds back the rows drawn for an edit until its journal line is on disk,
// this keeps the promise: an edit whose row has been drawn is on disk.
//
//   store ─► didSend(record) ─► journal line (write) ─► commit (fsync) ─► DurableOutput flushes

import Foundation
import MoviesCore
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The state file of a session: restores it at start, journals every edit, compacts it.
///
/// One process per file: the file is locked (`flock`) for as long as the session runs, and a
/// second process refuses to start on it. Compaction writes the new snapshot to a temporary file,
/// locks it, `fsync`s it, renames it over the old one and `fsync`s the directory, so a crash at
/// any instant leaves either the old file or the new one.
@MainActor
package final class StateFileJournal: MoviesMiddleware {
    /// Why a state file could not be used at start.
    ///
    /// Whatever the reason, the file is untouched.
    package enum StartError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The system refused an operation (open, read, lock).
        case file(FileError)
        /// Another process has the file open with `--state`.
        case locked(FileName)
        /// The file is there but cannot be restored.
        case corrupt(StateFileError)

        package var description: String {
            switch self {
            case .file(let error):
                return "state file \(error)"
            case .locked(let path):
                return "state file \(path): another movies process is using "
                    + "it; quit that one first"
            case .corrupt(let error):
                return "state file \(error.file): " + TerminalText.escaped(error.detail)
                    + "; the file was left as it is"
            }
        }
    }

    /// The largest state file read at start: a full-size catalog plus a journal at its bound.
    package static let maximumFileSize = Catalog.maximumFileSize * 4
    /// A journal with this many lines is folded into a new snapshot.
    ///
    /// Restoring replays each line through a reducer, an array shift of about half a nanosecond
    /// per movie, while reading a movie of the snapshot costs a few microseconds: at 500 lines the
    /// journal adds under a tenth to a restore, whatever the list's length, and folding it costs a
    /// snapshot write every 500 edits. (`movies-bench`, section 7, measures both.)
    package static let maximumJournalLines = 500
    /// A journal is also folded once it is larger than this or the snapshot, whichever is more.
    package static let minimumCompactionBytes = 1_048_576

    /// The path as the user gave it.
    package let path: FileName
    /// The `fsync` of commits and compactions: the real one, unless a test makes it fail.
    private let sync: FileSync
    private var descriptor: Int32
    private var snapshotBytes: Int
    private var journalLines: Int
    private var journalBytes = 0
    /// Whether this start created the file (it did not exist before).
    private var created = false
    /// Whether the file holds a snapshot line a journal may follow.
    private var canAppend: Bool
    /// Lines written since the last `fsync`.
    private var unsynced = false
    /// Whether output must wait for the next commit: an edit has run whose journal line may not
    /// be on disk yet.
    package private(set) var holdsOutput = false
    /// The first write error; after it nothing is written, and the session must end.
    package private(set) var failure: FileError?
    /// How many `fsync` calls the journal made (for the benchmark's figures).
    package private(set) var syncCount = 0

    /// Whether an action is between `willSend` and `didSend`: its journal line is not written yet.
    private var sending = false
    /// Whether `commitSoon()` was called while an action was being sent.
    private var commitRequested = false

    /// Called whenever everything journaled so far is on disk (output may be released).
    package var onDurable: (@MainActor () -> Void)?
    /// Called once, on the first write error, before output stops being held: the place to drop
    /// what is held.
    package var onFailure: (@MainActor (FileError) -> Void)?

    private init(
        path: FileName, sync: FileSync, descriptor: Int32, snapshotBytes: Int, journalLines: Int,
        canAppend: Bool
    ) {
        self.path = path
        self.sync = sync
        self.descriptor = descriptor
        self.snapshotBytes = snapshotBytes
        self.journalLines = journalLines
        self.canAppend = canAppend
    }

    isolated deinit {
        close(descriptor)
    }

    // MARK: - Starting

    /// Opens the state file at `path` (creating it, empty, if it does not exist), locks it and
    /// restores its list.
    ///
    /// - Returns: the journal, and the restored state; `nil` when the file is new or empty (it
    ///   has no list yet: the session fetches one and the first reload writes the snapshot).
    ///   `sync` is the `fsync` of every commit and compaction (a test passes one that fails).
    package static func start(path: FileName, sync: FileSync = .system) throws(StartError)
        -> (StateFileJournal, MoviesState?)
    {
        let (descriptor, created) = try openLocked(path)
        let bytes: Data
        do {
            bytes = try readAll(descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        guard !bytes.isEmpty else {
            let journal = StateFileJournal(
                path: path, sync: sync, descriptor: descriptor, snapshotBytes: 0,
                journalLines: 0, canAppend: false)
            journal.created = created
            return (journal, nil)
        }
        let restored: StateFile.Restored
        do {
            // Named as shown: the message escapes the rest, not the name twice.
            restored = try StateFile.restore(bytes, file: path.description)
        } catch {
            close(descriptor)
            throw .corrupt(error)
        }
        // A torn last line is an edit that was never acknowledged: cut it off before the journal
        // grows again, or the next line would be glued to it.
        if restored.validLength < bytes.count {
            guard ftruncate(descriptor, off_t(restored.validLength)) == 0,
                sync.call(descriptor) == 0
            else {
                let error = FileError(path: path, errno: errno)
                close(descriptor)
                throw .file(error)
            }
        }
        lseek(descriptor, 0, SEEK_END)
        removeLeftoverTemporaryFiles(of: path)
        let journal = StateFileJournal(
            path: path, sync: sync, descriptor: descriptor, snapshotBytes: restored.snapshotBytes,
            journalLines: restored.journalLines, canAppend: restored.canAppend)
        return (journal, restored.state)
    }

    /// Opens and locks the file, making sure the lock is on the file that `path` names now (a
    /// compaction in another process may have renamed a new file over the one just opened).
    ///
    /// Also says whether this call created the file (it did not exist), so that a start that
    /// fails later can remove it again (`removeIfCreated`).
    private static func openLocked(_ path: FileName) throws(StartError) -> (Int32, Bool) {
        for _ in 0..<10 {
            let flags = O_RDWR | O_CLOEXEC | O_NONBLOCK
            var created = false
            var descriptor = path.withCString { open($0, flags) }
            if descriptor < 0, errno == ENOENT {
                // Created where a link leads, if the name is a link to nowhere yet: `O_EXCL`
                // never follows one.
                let target = AtomicFile.resolvedPath(path)
                descriptor = target.withCString { open($0, flags | O_CREAT | O_EXCL, 0o644) }
                // Created by another process between the two calls: open that one.
                if descriptor < 0, errno == EEXIST { continue }
                created = descriptor >= 0
            }
            guard descriptor >= 0 else { throw .file(FileError(path: path, errno: errno)) }
            var opened = stat()
            guard fstat(descriptor, &opened) == 0 else {
                let error = FileError(path: path, errno: errno)
                close(descriptor)
                throw .file(error)
            }
            guard FileKind(irregular: opened) == nil else {
                close(descriptor)
                throw .file(FileError(path: path, reason: "not a regular file"))
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK { throw .locked(path) }
                throw .file(FileError(path: path, errno: code))
            }
            if FileIdentity(path: path) == FileIdentity(opened) {
                // Reads and writes block normally from here on.
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
                return (descriptor, created)
            }
            close(descriptor)
        }
        throw .locked(path)
    }

    /// The whole file, refusing one larger than `maximumFileSize` while reading it.
    private static func readAll(_ descriptor: Int32, path: FileName) throws(StartError) -> Data {
        switch BoundedRead.all(of: descriptor, limit: maximumFileSize, expectedSize: 0) {
        case .bytes(let bytes):
            return Data(bytes)
        case .tooLarge:
            throw .file(
                FileError(
                    path: path,
                    reason: "larger than the \(maximumFileSize / 1_048_576) MiB a state file may be"
                ))
        case .failed(let code):
            throw .file(FileError(path: path, errno: code))
        }
    }

    /// Removes the temporary files a compaction or a `save` killed halfway left next to the file.
    ///
    /// They are named after the file (see `AtomicFile.temporaryPrefix`); such a file never held
    /// anything the state file lacks (a temporary file replaces the file only when complete).
    private static func removeLeftoverTemporaryFiles(of path: FileName) {
        AtomicFile.removeLeftovers(of: AtomicFile.resolvedPath(path))
    }

    /// Whether another `movies --state` session holds the file at `path` (its lock is taken).
    ///
    /// `save` must not replace such a file: that session would go on journaling into the old,
    /// unlinked file, and its edits would be lost at its next start.
    package static func isInUse(_ path: FileName) -> Bool {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        // A shared lock is refused only while some session holds the exclusive one.
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(descriptor, LOCK_UN)
        return false
    }

    /// Removes the state file again when this start created it and nothing was written to it yet.
    ///
    /// A start that fails after the file was opened (an unwritable `--trace`) leaves no new,
    /// empty file behind. A file that existed before is never touched.
    package func removeIfCreated() {
        guard created, journalLines == 0, snapshotBytes == 0, journalBytes == 0, isSameFile(path)
        else { return }
        // The file itself, not a link that led to it: the link was there before.
        AtomicFile.resolvedPath(path).withCString { _ = unlink($0) }
        created = false
    }

    /// Whether the file at `path`, read back now, restores exactly `movies`.
    ///
    /// After a failure, this is what can honestly be said: a closing fold that failed leaves the
    /// old file with its journal, or the new snapshot, and either restores every edit; a file
    /// removed or cut short does not.
    package func restores(_ movies: [Movie]) -> Bool {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard
            case .bytes(let bytes) = BoundedRead.all(
                of: descriptor, limit: Self.maximumFileSize, expectedSize: 0),
            let restored = try? StateFile.restore(Data(bytes), file: path.label)
        else { return false }
        return restored.state.movies == movies
    }

    /// Whether `path` names this state file (so `save` does not replace it behind its back).
    package func isSameFile(_ path: FileName) -> Bool {
        guard let mine = FileIdentity(descriptor: descriptor) else { return false }
        return FileIdentity(path: path) == mine
    }

    // MARK: - Journaling

    package func willSend(_ action: MoviesViewModel.Action, state: MoviesState) {
        sending = true
        guard failure == nil else { return }
        switch action {
        case .insert, .delete, .move, .undo, .redo, .fetchSucceeded:
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
        guard failure == nil, case .changes(let changes) = record.outcome else { return }
        for change in changes where change.changesList {
            // A reload has no journal line: the state after the action holds it (and every later
            // Change of the action), so it is written as a new snapshot instead.
            guard canAppend, let line = StateFile.journalEntry(change) else {
                compact(state.movies)
                return
            }
            append(line)
        }
        if journalLines >= Self.maximumJournalLines
            || journalBytes > max(snapshotBytes, Self.minimumCompactionBytes)
        {
            compact(state.movies)
        }
    }

    /// Makes every journal line written so far durable, then releases held output.
    ///
    /// Called when the input loop has nothing more to run at once: all the edits read so far
    /// share one `fsync` (group commit), however many there were.
    package func commit() {
        guard failure == nil else { return }
        if unsynced {
            guard sync.call(descriptor) == 0 else {
                fail(FileError(path: path, errno: errno))
                return
            }
            syncCount += 1
            unsynced = false
        }
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

    /// Ends the session cleanly: folds the journal into the snapshot, so the file is a plain
    /// catalog again.
    package func finish(_ movies: [Movie]) {
        guard failure == nil else { return }
        if journalLines > 0 { compact(movies) }
        commit()
    }

    private func append(_ line: [UInt8]) {
        do {
            try AtomicFile.writeAll(line, to: descriptor, path: path)
        } catch {
            fail(error)
            return
        }
        unsynced = true
        journalLines += 1
        journalBytes += line.count
    }

    /// Writes `movies` as the new snapshot with an empty journal; durable when it returns.
    private func compact(_ movies: [Movie]) {
        let snapshot = StateFile.snapshot(movies)
        let path = self.path
        let replacement: Int32
        do {
            replacement = try AtomicFile.replaceKeepingOpen(path, with: snapshot, sync: sync) {
                descriptor throws(FileError) in
                guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                    throw FileError(path: path, errno: errno)
                }
            }
        } catch {
            fail(error)
            return
        }
        close(descriptor)
        descriptor = replacement
        syncCount += 2
        snapshotBytes = snapshot.count
        journalLines = 0
        journalBytes = 0
        canAppend = true
        unsynced = false
        holdsOutput = false
        onDurable?()
    }

    private func fail(_ error: FileError) {
        guard failure == nil else { return }
        failure = error
        onFailure?(error)
        // What was held is dropped, and the session ends: what it writes on the way out (the
        // terminal given back, the failure's message) must not wait for a commit that cannot come.
        holdsOutput = false
    }
}
