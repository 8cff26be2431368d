// Role in the data flow: the state file a session holds (`--state FILE`), from its first instant to
// its last. It is opened, locked and restored at start; the journaling middleware
// (`StateFileJournal`) appends a line for each edit, commits them, and folds the journal into a
// fresh snapshot through it. What the bytes mean is `StateFile`'s business; this is the file.
//
//   start ─► open + lock + restore ─► append … commit … fold ─► close

import Foundation
import MoviesCore
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A session's state file, open and locked: restored at start, appended to, committed, folded.
///
/// One process per file: the file is locked (`flock`) for as long as the session runs, and a
/// second process refuses to start on it. A fold writes the new snapshot to a temporary file,
/// locks it, `fsync`s it, renames it over the old one and `fsync`s the directory, so a crash at
/// any instant leaves either the old file or the new one.
final class LockedStateFile {
    /// Why a start failed: the journal's error, since the journal is what the app starts.
    typealias StartError = StateFileJournal.StartError

    /// The largest state file read at start: a full-size catalog plus a journal at its bound.
    static let maximumFileSize = Catalog.maximumFileSize * 4

    /// The path as the user gave it.
    let path: FileName
    /// The file's own name, its links followed once, at the start: the name it is folded under,
    /// and removed by, whatever `path` leads to later.
    let target: FileName
    /// The identity of the file this session holds: the fold finds the file by it again, and
    /// replaces nothing else.
    private(set) var identity: FileIdentity
    /// The `fsync` of commits and folds: the real one, unless a test makes it fail.
    private let sync: FileSync
    private var descriptor: Int32
    /// The size of the snapshot line (with its newline), or of the whole catalog.
    private(set) var snapshotBytes: Int
    /// Lines in the journal after the snapshot.
    private(set) var journalLines: Int
    /// Bytes of the lines appended since the start or the last fold.
    private(set) var journalBytes = 0
    /// Whether the file holds a snapshot line a journal may follow.
    private(set) var canAppend: Bool
    /// How many `fsync` calls were made (for the benchmark's figures).
    private(set) var syncCount = 0
    /// Whether this start created the file (it did not exist before).
    private var created: Bool
    /// Whether lines were written since the last `fsync`.
    private var unsynced = false
    /// How long the file was when all of it was last on disk.
    ///
    /// Set at the start, the last commit or the last fold; what lies beyond was written since
    /// and is not durable yet.
    private var durableLength: Int
    /// Bytes appended since the file was last durable.
    private var unsyncedBytes = 0
    /// Whether a write was refused because `target` no longer names this file (it was moved,
    /// removed or replaced): the file at the name holds none of this session's list.
    private(set) var lostItsName = false
    /// Whether a write was refused because another program wrote the file (cut it, or appended
    /// to it).
    ///
    /// The lock is advisory, so nothing stops one. What it left is left as it is.
    private(set) var changedByAnother = false

    private init(
        path: FileName, sync: FileSync, opened: Opened, restored: StateFile.Restored?
    ) {
        self.path = path
        self.sync = sync
        descriptor = opened.descriptor
        target = opened.target
        identity = opened.identity
        created = opened.created
        snapshotBytes = restored?.snapshotBytes ?? 0
        journalLines = restored?.journalLines ?? 0
        canAppend = restored?.canAppend ?? false
        durableLength = restored?.validLength ?? 0
    }

    deinit {
        SystemCall.close(descriptor)
    }

    // MARK: - Opening

    /// Opens the state file at `path` (creating it, empty, if it does not exist), locks it and
    /// restores its list.
    ///
    /// - Returns: the file, and what it restored (the list, and its history); `nil` when the file
    ///   is new or empty (it has no list yet: the session fetches one and the first reload writes
    ///   the snapshot). `sync` is the `fsync` of every commit and fold (a test passes one that
    ///   fails).
    static func open(path: FileName, sync: FileSync) throws(StartError)
        -> (LockedStateFile, StateFile.Restored?)
    {
        let opened = try openLocked(path)
        let descriptor = opened.descriptor
        let bytes: Data
        do {
            bytes = try readAll(descriptor, path: path)
        } catch {
            SystemCall.close(descriptor)
            throw error
        }
        guard !bytes.isEmpty else {
            let file = LockedStateFile(path: path, sync: sync, opened: opened, restored: nil)
            return (file, nil)
        }
        let restored: StateFile.Restored
        do {
            // Named as shown: the message escapes the rest, not the name twice.
            restored = try StateFile.restore(bytes, file: path.description)
        } catch {
            SystemCall.close(descriptor)
            throw .corrupt(error)
        }
        do {
            // A torn last line is an edit that was never acknowledged: cut it off before the
            // journal grows again, or the next line would be glued to it.
            if restored.validLength < bytes.count {
                try SystemCall.truncate(descriptor, to: restored.validLength)
                try sync.call(descriptor)
            }
            try SystemCall.seekToEnd(descriptor)
        } catch {
            SystemCall.close(descriptor)
            throw .file(FileError(path: path, error))
        }
        // The temporary files a fold or a `save` killed halfway left next to the file: such a
        // file never held anything the state file lacks (it replaces the file only complete).
        AtomicFile.removeLeftovers(of: opened.target)
        let file = LockedStateFile(path: path, sync: sync, opened: opened, restored: restored)
        return (file, restored)
    }

    /// A file opened and locked: its descriptor, its own name and identity, and whether this
    /// start created it (it did not exist), so that a start that fails later, or a session that
    /// never gets a list, can remove it again (`removeIfCreated`).
    private struct Opened {
        var descriptor: Int32
        var target: FileName
        var identity: FileIdentity
        var created: Bool
    }

    /// Opens and locks the file, making sure the lock is on the file that `path` names now (a
    /// fold in another process may have renamed a new file over the one just opened).
    private static func openLocked(_ path: FileName) throws(StartError) -> Opened {
        // Appending: every journal line lands at the file's end, so a file another program cut
        // or appended to is never written over, and its length tells (`checkUntouched`).
        let flags = O_RDWR | O_CLOEXEC | O_NONBLOCK | O_APPEND
        // A file found with no name left: once is a fold elsewhere that renamed a new file over
        // it; the same file twice is a name that leads to a removed file.
        var nameless: FileIdentity?
        for _ in 0..<10 {
            let descriptor: Int32
            var created = false
            do {
                do {
                    descriptor = try SystemCall.open(path, flags)
                } catch let error where error.code == ENOENT {
                    // Created where a link leads, if the name is a link to nowhere yet: `O_EXCL`
                    // never follows one.
                    let target = AtomicFile.resolvedPath(path)
                    descriptor = try SystemCall.open(target, flags | O_CREAT | O_EXCL, mode: 0o644)
                    created = true
                }
            } catch let error where error.code == EEXIST {
                // Created by another process between the two calls: open that one.
                continue
            } catch {
                throw .file(FileError(path: path, error))
            }
            let identity = try lock(descriptor, path: path)
            // Links followed to the file's own name, which must be the file just locked.
            let target = AtomicFile.resolvedPath(path)
            if FileIdentity(notFollowing: target) == identity {
                return Opened(
                    descriptor: descriptor, target: target, identity: identity, created: created)
            }
            let hasNoName = (try? SystemCall.status(of: descriptor))?.st_nlink == 0
            SystemCall.close(descriptor)
            if hasNoName {
                // `/proc/self/fd/N` of a removed file: no name to fold it under.
                guard nameless != identity else {
                    throw .file(FileError(path: path, reason: Self.noNameLeft))
                }
                nameless = identity
            }
        }
        throw .locked(path)
    }

    /// Why a name that leads to a removed file cannot be a state file.
    private static let noNameLeft =
        "leads to a file whose name was removed; a state file is rewritten under its name, so it "
        + "needs one"

    /// The identity of the file open as `descriptor`, once it is known to be a regular file and
    /// is locked and blocking.
    ///
    /// Closes `descriptor` and throws when the file cannot be used.
    private static func lock(_ descriptor: Int32, path: FileName) throws(StartError)
        -> FileIdentity
    {
        let opened: stat
        let locked: Bool
        do {
            opened = try SystemCall.status(of: descriptor)
            locked = try SystemCall.tryLock(descriptor, .exclusive)
            // Reads and writes block normally from here on.
            if locked { try SystemCall.makeBlocking(descriptor) }
        } catch {
            SystemCall.close(descriptor)
            throw .file(FileError(path: path, error))
        }
        guard FileKind(irregular: opened) == nil else {
            SystemCall.close(descriptor)
            throw .file(FileError(path: path, reason: "not a regular file"))
        }
        guard locked else {
            SystemCall.close(descriptor)
            throw .locked(path)
        }
        return FileIdentity(opened)
    }

    /// The whole file, refusing one larger than `maximumFileSize`: by the size `fstat` reports,
    /// before a byte is read, and while reading, in case the file grows.
    private static func readAll(_ descriptor: Int32, path: FileName) throws(StartError) -> Data {
        let tooLarge = StartError.file(
            FileError(
                path: path,
                reason: "larger than the \(maximumFileSize / 1_048_576) MiB a state file may be"))
        let size: Int
        do {
            size = Int(try SystemCall.status(of: descriptor).st_size)
        } catch {
            throw .file(FileError(path: path, error))
        }
        guard size <= maximumFileSize else { throw tooLarge }
        let bytes: [UInt8]?
        do {
            bytes = try BoundedRead.all(of: descriptor, limit: maximumFileSize, expectedSize: size)
        } catch {
            throw .file(FileError(path: path, error))
        }
        guard let bytes else { throw tooLarge }
        return Data(bytes)
    }

    // MARK: - Writing

    /// Whether the file holds a list: a snapshot, or a journal.
    var hasList: Bool {
        snapshotBytes > 0 || journalLines > 0
    }

    /// Appends one journal line; durable only after the next `commit`.
    ///
    /// The first line since the last commit first checks that the file is still the one its
    /// name leads to, and as long as this session left it: a line written to a file moved away
    /// or replaced would reach no next start, and one written after another program's write
    /// would change what that program left.
    func append(_ line: [UInt8]) throws(FileError) {
        if !unsynced {
            try checkStillNamed()
            try checkUntouched()
        }
        // Before the write: one that fails halfway (a full disk) leaves bytes that are not durable.
        unsynced = true
        do {
            try SystemCall.writeFully(line, to: descriptor)
        } catch {
            throw FileError(path: path, error)
        }
        unsyncedBytes += line.count
        journalLines += 1
        journalBytes += line.count
    }

    /// Makes every line appended so far durable (`fsync`), if there is any, once the file is
    /// known to be still where its name leads; and then checks that no other program wrote it
    /// meanwhile, before the caller acknowledges the lines (draws their rows).
    ///
    /// The file is written in append mode, so a cut or an append by another program at any
    /// moment before this check, even between two lines of one commit, leaves the file at
    /// another length than the journal expects: one `fstat` a commit sees it.
    func commit() throws(FileError) {
        guard unsynced else { return }
        try checkStillNamed()
        do {
            try sync.call(descriptor)
        } catch {
            throw FileError(path: path, error)
        }
        syncCount += 1
        try checkUntouched()
        unsynced = false
        durableLength += unsyncedBytes
        unsyncedBytes = 0
    }

    /// Cuts off what was written since the file was last durable, after a write or an `fsync`
    /// failed.
    ///
    /// Those lines are of edits the session says are not on disk, so no next start may restore
    /// them (a failed `fsync` leaves them readable in the page cache, a full disk half a line).
    /// Nothing is written after this; a cut that fails too leaves them undurable, as the failure
    /// said.
    func cutBackToDurable() {
        defer {
            unsynced = false
            unsyncedBytes = 0
        }
        // A file another program wrote is its now: cut to this session's length, it would lose
        // what that program wrote, or (cut short) be padded with NULs.
        guard !changedByAnother else { return }
        try? SystemCall.truncate(descriptor, to: durableLength)
        try? sync.call(descriptor)
    }

    /// Throws when `target` no longer names the file this session holds (it was moved, removed
    /// or replaced): what the session writes would not be where the next start looks.
    private func checkStillNamed() throws(FileError) {
        guard FileIdentity(notFollowing: target) == identity else {
            lostItsName = true
            throw FileError(path: path, reason: Self.movedAway(target))
        }
    }

    /// Throws when the file is not as long as this session left it: another program cut it or
    /// appended to it.
    ///
    /// The lock is advisory. A line written now would land after the other program's bytes, and
    /// the next start would refuse the file. One `fstat` of the open file: its length against
    /// what the journal wrote. A write that keeps the length is not seen; seeing it would mean
    /// reading the file back.
    private func checkUntouched() throws(FileError) {
        let expected = durableLength + unsyncedBytes
        let length: Int
        do {
            length = Int(try SystemCall.status(of: descriptor).st_size)
        } catch {
            throw FileError(path: path, error)
        }
        guard length != expected else { return }
        changedByAnother = true
        throw FileError(
            path: path, reason: Self.changed(target, length: length, expected: expected))
    }

    /// Replaces the file with `movies` as its snapshot, the edits of the history it keeps
    /// (`history`, the lines `StateFile.historyLines` makes) and an empty journal; durable when
    /// it returns, and the new file locked as the old one was.
    ///
    /// When only the last step fails, the `fsync` of the folder after the rename, the new file
    /// is this session's file from then on (it holds the list, though its name may not be on
    /// disk yet), and the error is thrown after that.
    func fold(_ movies: [Movie], history: [UInt8] = []) throws(FileError) {
        let snapshot = StateFile.snapshot(movies)
        let path = self.path
        let replacement = try AtomicFile.replaceKeepingOpen(
            target, reportedAs: path, with: snapshot + history, sync: sync,
            syncingDirectory: false
        ) { descriptor throws(FileError) in
            let locked: Bool
            do throws(SystemCallError) {
                locked = try SystemCall.tryLock(descriptor, .exclusive)
            } catch {
                throw FileError(path: path, error)
            }
            // A file this process has just created: no other can hold its lock.
            guard locked else { throw FileError(path: path, code: EWOULDBLOCK) }
            // The file this session holds, found again by its identity: never another file that
            // took its name meanwhile, nor one another program wrote.
            try checkStillNamed()
            try checkUntouched()
        }
        SystemCall.close(descriptor)
        descriptor = replacement
        self.identity = FileIdentity(descriptor: replacement) ?? identity
        syncCount += 1
        snapshotBytes = snapshot.count
        journalLines = 0
        journalBytes = 0
        canAppend = true
        unsynced = false
        durableLength = snapshot.count + history.count
        unsyncedBytes = 0
        // Appended to as the first file was (`openLocked`).
        do {
            try SystemCall.makeAppending(replacement)
        } catch {
            throw FileError(path: path, error)
        }
        try AtomicFile.syncDirectory(target.directory, path: path, sync: sync)
        syncCount += 1
    }

    /// Why no edit can be kept in this file, known before the first; `nil` when one can.
    ///
    /// The file must be replaced before anything is appended to it (a catalog over several
    /// lines, or no list yet), and its folder takes no new file (a folder the user may not
    /// write, or no descriptor left).
    func refusalBeforeTheFirstEdit() -> FileError? {
        guard !canAppend else { return nil }
        do {
            try AtomicFile.probeReplacement(of: target, reportedAs: path)
            return nil
        } catch {
            let needs =
                hasList
                ? "which the first edit of a state file in catalog form needs"
                : "where its first list is written"
            return FileError(
                path: path,
                reason: "a new file cannot be made in its folder (\(error.reason)), \(needs)")
        }
    }

    /// Removes the file again when this start created it and nothing was written to it yet.
    ///
    /// A start that fails after the file was opened (an unwritable `--trace`) leaves no new,
    /// empty file behind. A file that existed before is never touched.
    func removeIfCreated() {
        guard created, !hasList, journalBytes == 0, FileIdentity(notFollowing: target) == identity
        else { return }
        // The file itself, not a link that led to it: the link was there before.
        try? SystemCall.unlink(target)
        created = false
    }

    /// Why a write was refused: `target` is no longer the file this session holds.
    private static func movedAway(_ target: FileName) -> String {
        "\(target.excerpt(limit: 200)) is no longer the file this session opened (it was moved, "
            + "removed or replaced meanwhile), so nothing was written over what is there now"
    }

    /// Why a write was refused: another program wrote the file this session holds.
    private static func changed(_ target: FileName, length: Int, expected: Int) -> String {
        "\(target.excerpt(limit: 200)) was changed by another program (it is \(length) bytes long "
            + "where this session left \(expected)), so nothing more was written to it"
    }

    /// Whether the file is still at `target` but `path`, the name the user gave, leads nowhere
    /// or to another file with a name now (a link pointed elsewhere meanwhile): the list is in
    /// `target`, not where the name leads.
    ///
    /// A name that leads to a file with no name left says nothing of where the list is: it is a
    /// descriptor's name (`/proc/self/fd/N`) for the file a fold replaced.
    var nameLeadsElsewhere: Bool {
        guard FileIdentity(notFollowing: target) == identity else { return false }
        guard let now = try? SystemCall.status(of: path) else { return true }
        return FileIdentity(now) != identity && now.st_nlink > 0
    }

    // MARK: - Asking

    /// Whether the file at `path`, read back now, restores exactly `movies`.
    ///
    /// After a failure, this is what can honestly be said: a closing fold that failed leaves the
    /// old file with its journal, or the new snapshot, and either restores every edit; a file
    /// removed or cut short does not.
    func restores(_ movies: [Movie]) -> Bool {
        // Whatever is at `path` now was not put there by this session: a FIFO must not hold the
        // open, and only a regular file can hold the list.
        guard let descriptor = try? SystemCall.openWithoutWaiting(path, O_RDONLY | O_CLOEXEC)
        else { return false }
        defer { SystemCall.close(descriptor) }
        guard
            let status = try? SystemCall.status(of: descriptor),
            FileKind(irregular: status) == nil,
            let bytes = try? BoundedRead.all(
                of: descriptor, limit: Self.maximumFileSize, expectedSize: 0),
            let restored = try? StateFile.restore(Data(bytes), file: path.label)
        else { return false }
        return restored.state.movies == movies
    }

    /// Whether another `movies --state` session holds the file at `path` (its lock is taken).
    ///
    /// `save` must not replace such a file: that session would go on journaling into the old,
    /// unlinked file, and its edits would be lost at its next start.
    static func isInUse(_ path: FileName) -> Bool {
        guard let descriptor = try? SystemCall.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) else {
            return false
        }
        defer { SystemCall.close(descriptor) }
        // A shared lock is refused only while some session holds the exclusive one.
        guard let free = try? SystemCall.tryLock(descriptor, .shared) else { return false }
        guard free else { return true }
        try? SystemCall.unlock(descriptor)
        return false
    }
}
