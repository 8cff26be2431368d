// A state file followed by another process, in-process: the list at the start; each complete
// journal line one Change, and a torn one never; a fold followed without a gap or a duplicate; a
// file cut short read afresh; a file removed, spoilt or replaced by something that is not a state
// file given up once, and taken up again when a state file is back; the refusals at the start,
// none of which blocks; and a follower that never writes the file nor delays its owner.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesFormats
@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@MainActor
@Suite("FollowedStateFile")
struct FollowedStateFileTests {
    private let alien = sampleMovies[0]
    private let heat = sampleMovies[1]
    private let jaws = sampleMovies[2]
    private let up = Movie(id: 4, title: "Up", year: 2009)

    /// Appends `bytes` to the file at `path`, as an owner's journal does.
    private func append(_ bytes: [UInt8], to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes))
    }

    // MARK: - The list, and each line

    @Test func theListAtTheStartIsTheOneTheFileRestoresWithoutItsTornLine() throws {
        let line = StateFile.journalLine(.deleted(alien, at: 0))
        let torn = StateFile.journalLine(.deleted(heat, at: 0)).dropLast(5)
        let file = try TestStateFile(StateFile.bytes(sampleMovies) + line + torn)
        defer { file.remove() }
        let (followed, movies) = try FollowedStateFile.open(FileName(file.path))
        #expect(movies == [heat, jaws])
        #expect(followed.readNew() == [], "the torn line is never taken")
    }

    @Test func everyCompleteLineIsOneChangeAndATornLineNeverIs() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (followed, _) = try FollowedStateFile.open(FileName(file.path))
        #expect(followed.readNew() == [])
        let delete = StateFile.journalLine(.deleted(alien, at: 0))
        let insert = StateFile.journalLine(.inserted(up, at: 1))
        try append(delete + insert.prefix(10), to: file.path)
        #expect(followed.readNew() == [.journaled(.deleted(alien, at: 0), line: 2)])
        // The rest of the line, in two writes: taken only once its newline is there.
        try append(Array(insert.dropFirst(10).dropLast()), to: file.path)
        #expect(followed.readNew() == [])
        try append([0x0A], to: file.path)
        #expect(followed.readNew() == [.journaled(.inserted(up, at: 1), line: 3)])
        #expect(followed.readNew() == [], "each line once")
    }

    /// A torn line that the next owner cuts off and writes over is read as it ends.
    ///
    /// A killed owner leaves a torn line; the next owner cuts it off at its start and journals
    /// another edit there. The follower, which never took the torn bytes, reads the new line.
    @Test func aTornLineCutOffAndWrittenOverIsReadAsItEnds() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (followed, _) = try FollowedStateFile.open(FileName(file.path))
        try append(Array(StateFile.journalLine(.deleted(alien, at: 0)).dropLast(3)), to: file.path)
        #expect(followed.readNew() == [])
        // The next owner: restores, cuts the torn line off, and journals its own edit.
        let (journal, viewModel) = try file.startStore()
        try viewModel.move(from: 2, to: 0)
        journal.commit()
        #expect(followed.readNew() == [.journaled(.moved(jaws, from: 2, to: 0), line: 2)])
    }

    /// A fold is followed without a gap or a duplicate.
    ///
    /// The owner's fold renames a new file over the name. The lines the follower had not read
    /// yet come from the old file first; the new snapshot, which holds them, is then no news.
    @Test func aFoldIsFollowedWithoutAGapOrADuplicate() async throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (followed, _) = try FollowedStateFile.open(FileName(file.path))
        do {
            let (journal, viewModel) = try file.startStore()
            try viewModel.delete(at: 0)
            journal.commit()
            // Folded before the follower looked: the closing fold of the owner, which then ends.
            journal.finish(viewModel.state.movies)
        }
        #expect(
            followed.readNew() == [
                .journaled(.deleted(alien, at: 0), line: 2), .snapshot([heat, jaws]),
            ])
        // A new owner on the folded file: its lines follow the new snapshot, numbered from it.
        // The lock of the owner just released can outlive it for an instant (a child another
        // test spawns holds a copy of its descriptor until its `exec`): wait that out.
        var started: (StateFileJournal, MoviesViewModel)?
        for _ in 0..<200 where started == nil {
            do {
                started = try file.startStore()
            } catch StateFileJournal.StartError.locked {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        let (nextJournal, next) = try #require(started)
        try next.insert(title: "Up", year: 2009, at: 0)
        nextJournal.commit()
        // After the snapshot and the line of the edit the fold kept in the history.
        #expect(followed.readNew() == [.journaled(.inserted(up, at: 0), line: 3)])
    }

    /// A new file already journaled to when it is found: its snapshot, then each of its lines.
    @Test func aNewFileComesAsItsSnapshotThenItsLines() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (followed, _) = try FollowedStateFile.open(FileName(file.path))
        let other = file.directory.path("other.state")
        try write(
            StateFile.bytes([jaws, heat], [.deleted(jaws, at: 0), .inserted(up, at: 1)]),
            to: other)
        #expect(rename(other, file.path) == 0)
        #expect(
            followed.readNew() == [
                .snapshot([jaws, heat]), .journaled(.deleted(jaws, at: 0), line: 2),
                .journaled(.inserted(up, at: 1), line: 3),
            ])
    }

    /// A new file whose fold kept an edit in its history: the snapshot holds that edit already,
    /// so the kept line is no Change of the list; the edits after it are.
    @Test func anEditAFoldKeptIsNoChangeOfTheList() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (followed, _) = try FollowedStateFile.open(FileName(file.path))
        let other = file.directory.path("other.state")
        let kept = try #require(
            JournalLine.line(.deleted(alien, at: 0), step: JournalStep(role: .done)))
        try write(
            StateFile.snapshot([heat, jaws]) + kept
                + StateFile.journalLine(.inserted(up, at: 1)),
            to: other)
        #expect(rename(other, file.path) == 0)
        #expect(
            followed.readNew() == [
                .snapshot([heat, jaws]), .journaled(.inserted(up, at: 1), line: 3),
            ])
    }

    /// A file cut short (an owner's failed commit cut back what it had written) is read again
    /// from its start.
    @Test func aFileCutShortIsReadAfresh() throws {
        let snapshot = StateFile.snapshot(sampleMovies)
        let file = try TestStateFile(snapshot + StateFile.journalLine(.deleted(alien, at: 0)))
        defer { file.remove() }
        let (followed, movies) = try FollowedStateFile.open(FileName(file.path))
        #expect(movies == [heat, jaws])
        #expect(truncate(file.path, off_t(snapshot.count)) == 0)
        #expect(followed.readNew() == [.snapshot(sampleMovies)])
    }

    // MARK: - Lost and found

    @Test func aRemovedFileIsLostOnceAndFoundAgainWhenAStateFileIsBack() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (followed, _) = try FollowedStateFile.open(FileName(file.path))
        #expect(unlink(file.path) == 0)
        let lost = followed.readNew()
        #expect(
            lost == [
                .lost(.file(FileError(path: FileName(file.path), code: ENOENT)))
            ])
        #expect(followed.readNew() == [], "said once")
        // A new owner creates the file empty: no list yet, and nothing to say.
        try write([], to: file.path)
        #expect(followed.readNew() == [])
        // Its first list arrives as a new file.
        let folded = file.directory.path("new.state")
        try write(StateFile.snapshot([jaws]), to: folded)
        #expect(rename(folded, file.path) == 0)
        #expect(followed.readNew() == [.snapshot([jaws])])
    }

    /// What can be put at the name instead of a state file: each is given up once, and none
    /// blocks the follower (a FIFO is opened without waiting for a writer).
    @Test(arguments: ["directory", "fifo", "garbage", "catalog with a bad journal"])
    func somethingElseAtTheNameIsLostOnceWithoutBlocking(what: String) throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (followed, _) = try FollowedStateFile.open(FileName(file.path))
        #expect(unlink(file.path) == 0)
        let name = FileName(file.path)
        let expected: FollowedStateFile.Problem
        switch what {
        case "directory":
            #expect(mkdir(file.path, 0o755) == 0)
            expected = .file(FileError(path: name, reason: "is a directory, not a regular file"))
        case "fifo":
            #expect(mkfifo(file.path, 0o644) == 0)
            expected = .file(
                FileError(path: name, reason: "is a named pipe (FIFO), not a regular file"))
        case "garbage":
            try write(Array("hello\n".utf8), to: file.path)
            expected = .damaged(
                try #require(restoreError(Array("hello\n".utf8), name: file.path)))
        default:
            let bytes = StateFile.bytes(sampleMovies) + Array("{\"moved\":1}\n".utf8)
            try write(bytes, to: file.path)
            expected = .damaged(try #require(restoreError(bytes, name: file.path)))
        }
        #expect(followed.readNew() == [.lost(expected)])
        #expect(followed.readNew() == [], "said once")
    }

    /// A line appended in place that is not a journal line gives the file up, once, however it
    /// grows; a change that the store says does not fit does too, until the file changes and is
    /// read afresh.
    @Test func aLineThatIsNotAChangeGivesTheFileUpOnce() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (followed, _) = try FollowedStateFile.open(FileName(file.path))
        try append(
            StateFile.journalLine(.deleted(alien, at: 0)) + Array("nonsense\n".utf8),
            to: file.path)
        let events = followed.readNew()
        #expect(events.count == 2)
        #expect(events.first == .journaled(.deleted(alien, at: 0), line: 2))
        guard case .lost(.damaged(let error))? = events.last else {
            Issue.record("not lost: \(events)")
            return
        }
        #expect(error.line == 3 && error.problem == .notAChange)
        try append(StateFile.journalLine(.deleted(heat, at: 0)), to: file.path)
        #expect(followed.readNew() == [], "nothing more is read from a file given up")

        let fits = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { fits.remove() }
        let (other, _) = try FollowedStateFile.open(FileName(fits.path))
        #expect(
            other.doesNotApply(line: 4)
                == .lost(
                    .damaged(StateFileError(file: fits.path, line: 4, problem: .doesNotApply))))
        #expect(other.readNew() == [], "given up: nothing is read while the file stays as it is")
        try append(StateFile.journalLine(.deleted(alien, at: 0)), to: fits.path)
        #expect(
            other.readNew() == [
                .snapshot(sampleMovies), .journaled(.deleted(alien, at: 0), line: 2),
            ], "the file changed: read afresh, it is a state file whose journal fits")
    }

    /// A file given up (damaged) is looked at again when it changes, even as the same file: one
    /// restored in place, or a new one that got the removed file's inode, has the name's
    /// identity and other contents.
    @Test func aFileGivenUpIsTakenUpAgainWhenAStateFileIsWrittenInItsPlace() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let name = FileName(file.path)
        let identity = FileIdentity(path: name)
        let (followed, _) = try FollowedStateFile.open(name)
        try append(Array("nonsense\n".utf8), to: file.path)
        guard case .lost(.damaged)? = followed.readNew().first else {
            Issue.record("the damaged file is not given up")
            return
        }
        try append(Array("more nonsense\n".utf8), to: file.path)
        #expect(followed.readNew() == [], "still damaged: said once")
        // Restored in place, as `cp good.state movies.state` does: the same file, written anew.
        let handle = try #require(FileHandle(forWritingAtPath: file.path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(StateFile.bytes([jaws], [.inserted(up, at: 1)])))
        try handle.close()
        #expect(FileIdentity(path: name) == identity, "the same file")
        #expect(
            followed.readNew() == [.snapshot([jaws]), .journaled(.inserted(up, at: 1), line: 2)])
        try append(StateFile.journalLine(.deleted(jaws, at: 0)), to: file.path)
        #expect(followed.readNew() == [.journaled(.deleted(jaws, at: 0), line: 3)])
    }

    /// Bytes without a newline longer than any journal line are not held waiting for one.
    @Test func aRunOfBytesLongerThanAnyJournalLineIsNeverHeld() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (followed, _) = try FollowedStateFile.open(FileName(file.path))
        try append(
            [UInt8](repeating: 0x20, count: FollowedStateFile.maximumLineBytes - 1),
            to: file.path)
        #expect(followed.readNew() == [], "a line that could still end")
        try append([0x20], to: file.path)
        let events = followed.readNew()
        guard case .lost(.damaged(let error))? = events.first, events.count == 1 else {
            Issue.record("not lost: \(events)")
            return
        }
        #expect(error.line == 2)
    }

    // MARK: - At the start

    @Test(arguments: ["missing", "directory", "fifo", "not a state file"])
    func aFileThatCannotBeFollowedIsRefusedAtTheStartWithoutBlocking(what: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("movies.state")
        let name = FileName(path)
        let expected: FollowedStateFile.Problem
        switch what {
        case "missing":
            expected = .file(FileError(path: name, code: ENOENT))
        case "directory":
            #expect(mkdir(path, 0o755) == 0)
            expected = .file(FileError(path: name, reason: "is a directory, not a regular file"))
        case "fifo":
            #expect(mkfifo(path, 0o644) == 0)
            expected = .file(
                FileError(path: name, reason: "is a named pipe (FIFO), not a regular file"))
        default:
            let bytes = Array("[{\"id\":1}]\n".utf8)
            try write(bytes, to: path)
            expected = .damaged(try #require(restoreError(bytes, name: path)))
        }
        #expect(throws: expected) { try FollowedStateFile.open(name) }
    }

    @Test func anEmptyFileHoldsNoListYet() throws {
        let file = try TestStateFile([])
        defer { file.remove() }
        let (followed, movies) = try FollowedStateFile.open(FileName(file.path))
        #expect(movies.isEmpty)
        #expect(followed.readNew() == [])
    }

    // MARK: - Harmless

    /// The follower has the file open the whole time, and its owner neither waits nor is
    /// refused: it starts (taking its lock), edits and folds; `save` of another session does
    /// not take the follower for an owner; the file is exactly what the owner wrote.
    @Test func aFollowerNeverWritesTheFileNorHoldsItsOwnerBack() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (followed, _) = try FollowedStateFile.open(FileName(file.path))
        #expect(!StateFileJournal.isInUse(FileName(file.path)), "a follower holds no lock")
        let (journal, viewModel) = try file.startStore()
        #expect(StateFileJournal.isInUse(FileName(file.path)))
        try viewModel.delete(at: 0)
        journal.commit()
        _ = followed.readNew()
        #expect(
            file.bytes == StateFile.bytes(sampleMovies, [.deleted(alien, at: 0)]),
            "the file is what the owner wrote")
        journal.finish(viewModel.state.movies)
        _ = followed.readNew()
        #expect(file.bytes == StateFile.folded([heat, jaws], keeping: viewModel.history))
    }

    /// The error restoring `bytes` gives, naming the file as the follower does.
    private func restoreError(_ bytes: [UInt8], name: String) -> StateFileError? {
        do {
            _ = try StateFile.restore(Data(bytes), file: FileName(name).description)
            return nil
        } catch {
            return error
        }
    }
}
