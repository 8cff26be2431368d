// The journaling middleware over a state file, in-process: one journal line per list Change and
// nothing else; a fold on a reload and at the journal's bound; the clean end that folds the
// journal; commits that release held output, and every failure reported once.

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
@Suite("StateFileJournal", .hangGuard)
struct StateFileJournalTests {
    private let alien = sampleMovies[0]
    private let heat = sampleMovies[1]
    private let jaws = sampleMovies[2]

    // MARK: - Journaling

    @Test func everyListChangeAppendsOneLineAndNothingElseDoes() async throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let path = file.path
        let (_, viewModel) = try file.startStore()
        try viewModel.move(from: 0, to: 2)
        try viewModel.insert(title: "Up", year: 2009, at: 1)
        #expect(throws: MoviesState.EditError.self) { try viewModel.delete(at: 9) }
        try viewModel.move(from: 1, to: 1)
        try viewModel.undo()
        try viewModel.redo()
        try viewModel.delete(at: 0)
        try viewModel.rename(at: 0, to: "Down")
        try viewModel.rename(at: 0, to: "Down")
        try viewModel.undo()
        let up = Movie(id: 4, title: "Up", year: 2009)
        let down = Movie(id: 4, title: "Down", year: 2009)
        // An undo's and a redo's lines say so, for the history a restart keeps.
        let expected =
            StateFile.bytes(sampleMovies, [.moved(alien, from: 0, to: 2), .inserted(up, at: 1)])
            + StateFile.journalLine(.deleted(up, at: 1), .undo)
            + StateFile.journalLine(.inserted(up, at: 1), .redo)
            + StateFile.journalLine(.deleted(heat, at: 0))
            + StateFile.journalLine(.updated(at: 0, old: down.titled("Up"), new: down))
            + StateFile.journalLine(.updated(at: 0, old: up.titled("Down"), new: up), .undo)
        #expect(contents(of: path) == expected)
        let (_, reread) = try restoreCopy(of: path, in: file.directory)
        #expect(reread == viewModel.state.movies, "the file restores the list the rows showed")
    }

    @Test func aReloadIsFoldedIntoAFreshSnapshot() async throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies, [.deleted(alien, at: 0)]))
        defer { file.remove() }
        let path = file.path
        let fetched = [jaws, alien]
        let (_, viewModel) = try file.startStore(api: StubAPI(movies: fetched))
        viewModel.refresh()
        await viewModel.settleFetch()
        #expect(viewModel.state.movies == fetched)
        #expect(contents(of: path) == StateFile.bytes(fetched))
        try viewModel.undo()
        // Undoing the reload is a reload too: another snapshot, of the list it brought back,
        // and the edit before the refresh, which a restart can undo.
        #expect(contents(of: path) == StateFile.folded([heat, jaws], keeping: viewModel.history))
        #expect(viewModel.history.point == 1)
        #expect(file.directory.entries() == ["movies.state"])
    }

    @Test func aNewFileGetsItsFirstSnapshotFromTheFirstFetch() async throws {
        let file = try TestStateFile()
        defer { file.remove() }
        let path = file.path
        let (journal, restored) = try StateFileJournal.start(path: FileName(path))
        #expect(restored == nil)
        let viewModel = MoviesViewModel(api: StubAPI(), middleware: [journal])
        viewModel.refresh()
        await viewModel.settleFetch()
        #expect(contents(of: path) == StateFile.bytes(sampleMovies))
        try viewModel.delete(at: 2)
        #expect(contents(of: path) == StateFile.bytes(sampleMovies, [.deleted(jaws, at: 2)]))
    }

    @Test(.hangGuard)
    func aJournalAtItsBoundIsFoldedIntoAFreshSnapshot() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let path = file.path
        let (_, viewModel) = try file.startStore(historyLimit: 0)
        for _ in 1..<StateFileJournal.maximumJournalLines {
            try viewModel.move(from: 0, to: 1)
        }
        let lines = try #require(contents(of: path)).split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == StateFileJournal.maximumJournalLines)
        try viewModel.move(from: 0, to: 1)
        #expect(contents(of: path) == StateFile.bytes(viewModel.state.movies))
    }

    @Test func finishFoldsTheJournalIntoTheListAndTheHistory() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let path = file.path
        let (journal, viewModel) = try file.startStore()
        try viewModel.delete(at: 1)
        try viewModel.move(from: 1, to: 0)
        try viewModel.undo()
        journal.finish(viewModel.state.movies)
        let bytes = try #require(contents(of: path))
        #expect(bytes == StateFile.folded([alien, jaws], keeping: viewModel.history))
        // The list, and the history with its point: one edit done, one undone.
        let restored = try StateFile.restore(Data(bytes), file: path)
        #expect(restored.state.movies == [alien, jaws])
        #expect(restored.history.point == 1)
        #expect(
            restored.history.edits.map { Array($0.changes) } == [
                [.deleted(heat, at: 1)], [.moved(jaws, from: 1, to: 0)],
            ])
        #expect(file.directory.entries() == ["movies.state"])
    }

    @Test func finishWithAnEmptyJournalWritesNothing() throws {
        let pretty = Array("[\n  {\"id\": 1, \"title\": \"Alien\", \"year\": 1979}\n]\n".utf8)
        let file = try TestStateFile(pretty, name: "movies.json")
        defer { file.remove() }
        let path = file.path
        let (journal, _) = try StateFileJournal.start(path: FileName(path))
        journal.finish([alien])
        #expect(contents(of: path) == pretty, "a session without edits leaves the user's layout")
        #expect(journal.syncCount == 0)
    }

    @Test func finishWithoutAListRemovesTheFileThisStartCreated() throws {
        let file = try TestStateFile()
        defer { file.remove() }
        let (journal, _) = try StateFileJournal.start(path: FileName(file.path))
        #expect(file.bytes == [])
        // The fetch failed, or `quit` came first: no list ever reached the file.
        journal.finish([])
        #expect(file.directory.entries().isEmpty, "no empty file is left behind")
        #expect(journal.failure == nil)
    }

    @Test func finishWithoutAListKeepsAnEmptyFileThatWasThere() throws {
        let file = try TestStateFile([])
        defer { file.remove() }
        let (journal, _) = try StateFileJournal.start(path: FileName(file.path))
        journal.finish([])
        #expect(file.bytes == [])
    }

    @Test func finishAfterTheFirstListKeepsTheFileThisStartCreated() async throws {
        let file = try TestStateFile()
        defer { file.remove() }
        let (journal, viewModel) = try file.startStore()
        viewModel.refresh()
        await viewModel.settleFetch()
        journal.finish(viewModel.state.movies)
        #expect(file.bytes == StateFile.bytes(sampleMovies))
    }

    // MARK: - Commits

    @Test func aCommitSyncsOnlyWhatWasWrittenAndReleasesHeldOutput() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (journal, viewModel) = try file.startStore()
        var durable = 0
        journal.onDurable = { durable += 1 }

        #expect(!journal.holdsOutput)
        try viewModel.delete(at: 0)
        try viewModel.delete(at: 0)
        #expect(journal.holdsOutput, "rows drawn for an edit wait for its commit")
        #expect(journal.syncCount == 0)
        journal.commit()
        #expect(journal.syncCount == 1, "two edits, one fsync")
        #expect(!journal.holdsOutput)
        #expect(durable == 1)
        journal.commit()
        #expect(journal.syncCount == 1, "nothing new, nothing to sync")
        #expect(durable == 2)
        #expect(journal.failure == nil)
    }

    /// Every edit's rows wait for its journal line to be on disk; a fetch's do not.
    @Test(arguments: [
        (MoviesViewModel.Action.delete(at: 0), true),
        (.insert(title: "Up", year: 2009, at: 0), true),
        (.move(from: 0, to: 1), true), (.rename(at: 0, to: "Aliens"), true),
        (.fetchFailed(reason: "offline"), false),
    ])
    func anEditHoldsItsRowsUntilItsLineIsCommitted(action: MoviesViewModel.Action, holds: Bool)
        throws
    {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (journal, viewModel) = try file.startStore()
        try viewModel.send(action)
        #expect(journal.holdsOutput == holds)
    }

    @Test func aFailedCompactionIsReportedOnceAndStopsTheJournal() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let path = file.path
        let (journal, viewModel) = try file.startStore()
        var failures: [FileError] = []
        var holdingAtFailure: Bool?
        var released = 0
        journal.onFailure = { [weak journal] in
            failures.append($0)
            holdingAtFailure = journal?.holdsOutput
        }
        journal.onDurable = { released += 1 }
        try viewModel.delete(at: 0)
        // The folder goes away, and the file with it: the closing commit finds it gone.
        file.directory.remove()
        journal.finish(viewModel.state.movies)
        let gone = FileError(
            path: FileName(path),
            reason: "\(path) is no longer the file this session opened (it was moved, removed or "
                + "replaced meanwhile), so nothing was written over what is there now")
        #expect(failures == [gone])
        #expect(journal.failure == gone)
        #expect(journal.failedAtTheEnd)
        #expect(holdingAtFailure == true, "the handler still sees the delete's rows held")
        #expect(released == 0, "rows of an edit that may not be on disk are never released")
        // Then output passes: what the session writes from now on must show.
        #expect(!journal.holdsOutput)
        _ = try? viewModel.delete(at: 0)
        #expect(!journal.holdsOutput, "nothing is held for a commit that cannot come")
        journal.commit()
        #expect(failures.count == 1)
        #expect(released == 0)
    }

    /// The list a fresh start would restore from a copy of the file at `path`.
    private func restoreCopy(of path: String, in directory: TemporaryDirectory) throws -> (
        StateFileJournal, [Movie]?
    ) {
        let copy = directory.path("copy.state")
        try write(try #require(contents(of: path)), to: copy)
        let (journal, state) = try StateFileJournal.start(path: FileName(copy))
        return (journal, state?.movies)
    }
}

/// Each `fsync` the journal's promise rests on is observable: made to fail, it is reported, and
/// nothing claims the edit is on disk.
@MainActor
@Suite("StateFileJournal's fsyncs", .hangGuard)
struct StateFileJournalSyncTests {
    @Test func aFailedCommitIsReportedAndReleasesNothing() throws {
        let file = try TestStateFile(StateFile.snapshot(sampleMovies))
        defer { file.remove() }
        let (journal, restored) = try StateFileJournal.start(
            path: FileName(file.path), sync: failingSync(for: .files))
        var durable = 0
        var failures: [FileError] = []
        journal.onDurable = { durable += 1 }
        journal.onFailure = { failures.append($0) }
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: restored ?? MoviesState(), middleware: [journal])
        try viewModel.delete(at: 0)
        #expect(journal.holdsOutput, "the delete's row waits for the commit")
        journal.commit()
        #expect(durable == 0, "an edit whose fsync failed is never called durable")
        #expect(failures.count == 1)
        #expect(journal.failure?.description.contains("Input/output error") == true)
        #expect(journal.syncCount == 0)
    }

    @Test func aFailedCommitCutsTheFileBackToWhatWasOnDisk() throws {
        let file = try TestStateFile(StateFile.snapshot(sampleMovies))
        defer { file.remove() }
        let failing = ArmedSync(failingWith: EIO)
        let (journal, restored) = try StateFileJournal.start(
            path: FileName(file.path), sync: failing.sync)
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: restored ?? MoviesState(), middleware: [journal])
        try viewModel.delete(at: 0)
        journal.commit()
        failing.arm()
        try viewModel.delete(at: 0)
        journal.commit()
        let onDisk = StateFile.bytes(sampleMovies, [.deleted(sampleMovies[0], at: 0)])
        #expect(journal.failure?.description.contains("Input/output error") == true)
        #expect(file.bytes == onDisk, "the second edit's line, never durable, is cut off")
        #expect(journal.editsNotOnDisk == 1)
        #expect(journal.holdsList && !journal.lostItsName && !journal.failedAtTheEnd)
        // A change after the failure is one more edit the file lacks; nothing is written.
        try viewModel.undo()
        #expect(journal.editsNotOnDisk == 2)
        #expect(journal.editsMade == 3)
        journal.finish(viewModel.state.movies)
        #expect(file.bytes == onDisk, "the file stays as it was on disk")
    }

    @Test func aFileReplacedMidSessionIsNoticedAtTheNextEdit() throws {
        let file = try TestStateFile(StateFile.snapshot(sampleMovies))
        defer { file.remove() }
        let (journal, viewModel) = try file.startStore()
        try viewModel.delete(at: 0)
        journal.commit()
        let other = file.directory.path("other.st")
        let replacement = StateFile.snapshot([sampleMovies[2]])
        try write(replacement, to: other)
        #expect(rename(other, file.path) == 0)
        try viewModel.delete(at: 0)
        #expect(
            journal.failure
                == FileError(
                    path: FileName(file.path),
                    reason: "\(file.path) is no longer the file this session opened (it was "
                        + "moved, removed or replaced meanwhile), so nothing was written over "
                        + "what is there now"), "at once, before the commit")
        #expect(journal.lostItsName)
        #expect(journal.editsNotOnDisk == 1)
        journal.finish(viewModel.state.movies)
        #expect(file.bytes == replacement, "the file that took the name is left alone")
    }

    /// When another program writes the state file (the lock is advisory).
    enum ForeignWrite: String, CaseIterable, Sendable {
        /// After a commit, before the next edit writes its line.
        case beforeTheNextEdit
        /// After an edit wrote its line, before the commit that would acknowledge it.
        case beforeTheCommit
        /// Between two edits' lines of one commit (input read together).
        case betweenTwoLinesOfACommit
        /// After the last commit, before the closing fold.
        case beforeTheClosingFold
    }

    /// Another program that cuts the file or appends to it is noticed before any edit after it
    /// is acknowledged (`onDurable`, which draws the rows).
    ///
    /// Said once, and nothing is written to the file after a commit's check has seen it. The
    /// file is appended to, so a line written in
    /// the same commit after that program's write lands after what it left, and no line ever
    /// lands on it. Also in a file the journal folded first (a new descriptor), where a session
    /// that ends with nothing to fold writes nothing at all.
    @Test(arguments: ForeignWrite.allCases, [(true, false), (false, false), (true, true)])
    func aFileAnotherProgramWroteIsNoticedBeforeAnythingMoreIsWrittenOrAcknowledged(
        when: ForeignWrite, how: (cut: Bool, afterAFold: Bool)
    ) throws {
        let snapshot = StateFile.snapshot(sampleMovies)
        // A catalog over several lines is folded at its first edit.
        let first = how.afterAFold ? Array("[\n".utf8) + snapshot.dropFirst() : snapshot
        let file = try TestStateFile(first)
        defer { file.remove() }
        let (journal, viewModel) = try file.startStore()
        var acknowledged = 0
        journal.onDurable = { acknowledged += 1 }
        try viewModel.delete(at: 0)
        journal.commit()
        let ours =
            how.afterAFold
            ? StateFile.folded(Array(sampleMovies.dropFirst()), keeping: viewModel.history)
            : snapshot + StateFile.journalLine(.deleted(sampleMovies[0], at: 0))
        #expect(file.bytes == ours)
        let acknowledgedBefore = acknowledged
        let second = StateFile.journalLine(.deleted(sampleMovies[1], at: 0))
        let third = StateFile.journalLine(.deleted(sampleMovies[2], at: 0))
        if when == .beforeTheCommit || when == .betweenTwoLinesOfACommit {
            try viewModel.delete(at: 0)
        }
        let foreign = Array(String(repeating: "x", count: 499).utf8) + [0x0A]
        if how.cut {
            #expect(truncate(file.path, 0) == 0)
        } else {
            let handle = try #require(FileHandle(forWritingAtPath: file.path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(foreign))
            try handle.close()
        }
        let left = try #require(file.bytes)
        var expected = ours.count
        var written: [UInt8] = []
        switch when {
        case .beforeTheNextEdit:
            try viewModel.delete(at: 0)
            journal.commit()
        case .beforeTheCommit:
            expected += second.count
            journal.commit()
        case .betweenTwoLinesOfACommit:
            expected += second.count + third.count
            written = third
            try viewModel.delete(at: 0)
            journal.commit()
        case .beforeTheClosingFold:
            journal.finish(viewModel.state.movies)
        }
        let length = left.count + written.count
        guard when != .beforeTheClosingFold || !how.afterAFold else {
            // Nothing to fold: the file is not written, and there is nothing to notice.
            #expect(journal.failure == nil && file.bytes == left)
            return
        }
        #expect(
            journal.failure
                == FileError(
                    path: FileName(file.path),
                    reason: "\(file.path) was changed by another program (it is \(length) bytes "
                        + "long where this session left \(expected)), so nothing more was "
                        + "written to it"))
        #expect(journal.changedByAnother && !journal.lostItsName)
        #expect(journal.failedAtTheEnd == (when == .beforeTheClosingFold))
        if when != .beforeTheClosingFold {
            #expect(
                acknowledged == acknowledgedBefore,
                "no edit after the other program's write is acknowledged")
        }
        journal.finish(viewModel.state.movies)
        #expect(file.bytes == left + written, "what the other program left, never written over")
    }

    @Test func aFirstListThatCannotBeWrittenIsNoEdit() async throws {
        let file = try TestStateFile()
        defer { file.remove() }
        let (journal, _) = try StateFileJournal.start(
            path: FileName(file.path), sync: failingSync(for: .files))
        #expect(journal.failure == nil, "the folder takes new files")
        let viewModel = MoviesViewModel(api: StubAPI(), middleware: [journal])
        viewModel.refresh()
        await viewModel.waitForFetch()
        #expect(journal.failure?.description.contains("Input/output error") == true)
        #expect(!journal.holdsList)
        #expect(journal.editsNotOnDisk == 0 && journal.editsMade == 0, "a first list is no edit")
        journal.finish(viewModel.state.movies)
        #expect(file.directory.entries().isEmpty, "the file this start made goes again")
    }

    @Test func aFoldWhoseFolderSyncFailsKeepsTheNewFileAsItsOwn() async throws {
        let file = try TestStateFile()
        defer { file.remove() }
        let (journal, _) = try StateFileJournal.start(
            path: FileName(file.path), sync: failingSync(for: .directories))
        let viewModel = MoviesViewModel(api: StubAPI(), middleware: [journal])
        viewModel.refresh()
        await viewModel.waitForFetch()
        #expect(journal.failure?.description.contains("Input/output error") == true)
        // The new file took the name before its folder's fsync failed: it holds the list.
        #expect(journal.holdsList, "the file is not said to hold no list")
        #expect(!journal.lostItsName)
        journal.finish(viewModel.state.movies)
        #expect(file.bytes == StateFile.snapshot(sampleMovies))
    }

    @Test func aFailedDirectorySyncInACompactionIsReported() throws {
        let file = try TestStateFile(StateFile.snapshot(sampleMovies))
        defer { file.remove() }
        let (journal, restored) = try StateFileJournal.start(
            path: FileName(file.path), sync: failingSync(for: .directories))
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: restored ?? MoviesState(), middleware: [journal])
        try viewModel.delete(at: 0)
        journal.commit()
        #expect(journal.failure == nil, "a journal line needs no directory fsync")
        journal.finish(viewModel.state.movies)
        #expect(journal.failure?.description.contains("Input/output error") == true)
    }
}
