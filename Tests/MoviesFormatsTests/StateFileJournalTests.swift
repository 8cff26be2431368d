// The state file on disk, in-process: what a start makes of a missing, empty, valid, pretty-printed
// or torn file; that every kind of damage stops the start with the line and the problem and leaves
// the file byte for byte as it was; the lock; one journal line per list Change; compaction on a
// reload and at the journal's bound; the clean end that folds the journal; commits.

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
@Suite("StateFileJournal")
struct StateFileJournalTests {
    private let alien = sampleMovies[0]
    private let heat = sampleMovies[1]
    private let jaws = sampleMovies[2]

    /// A state file's bytes: the snapshot line of `movies`, then one journal line per Change.
    private func stateFile(_ movies: [Movie], _ journal: [MoviesState.Change] = []) -> [UInt8] {
        StateFile.snapshot(movies) + journal.flatMap { StateFile.journalLine($0) }
    }

    // MARK: - Starting

    @Test func aMissingFileIsCreatedEmptyAndHasNoList() throws {
        let file = try TestStateFile()
        defer { file.remove() }
        let path = file.path
        let (_, restored) = try StateFileJournal.start(path: FileName(path))
        #expect(restored == nil)
        #expect(contents(of: path) == [])
    }

    @Test func anEmptyFileHasNoList() throws {
        let file = try TestStateFile([])
        defer { file.remove() }
        let path = file.path
        let (_, restored) = try StateFileJournal.start(path: FileName(path))
        #expect(restored == nil)
        #expect(contents(of: path) == [])
    }

    @Test func aValidFileRestoresTheSnapshotWithItsJournalAndIsLeftAsItIs() throws {
        let up = Movie(id: 9, title: "Up", year: 2009)
        let bytes = stateFile(
            sampleMovies,
            [.deleted(alien, at: 0), .inserted(up, at: 1), .moved(jaws, from: 2, to: 0)])
        let file = try TestStateFile(bytes)
        defer { file.remove() }
        let path = file.path
        let (_, restored) = try StateFileJournal.start(path: FileName(path))
        let state = try #require(restored)
        #expect(state.movies == [jaws, heat, up])
        #expect(state.nextID == 10, "ids journaled in inserts are never handed out again")
        #expect(contents(of: path) == bytes)
    }

    @Test func aPrettyPrintedCatalogIsRestoredAndRewrittenAtTheFirstEdit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("movies.json")
        let pretty = Array(
            """
            [
              { "id": 1, "title": "Alien", "year": 1979 },
              { "id": 2, "title": "Heat", "year": 1995 },
              { "id": 3, "title": "Jaws", "year": 1975 }
            ]

            """.utf8)
        try write(pretty, to: path)
        let (journal, restored) = try StateFileJournal.start(path: FileName(path))
        #expect(restored?.movies == sampleMovies)
        #expect(contents(of: path) == pretty, "a start alone writes nothing")

        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: sampleMovies), middleware: [journal])
        try viewModel.delete(at: 0)
        // A journal cannot follow a multi-line catalog: the edit is folded into a fresh snapshot.
        #expect(contents(of: path) == stateFile([heat, jaws]))
        try viewModel.delete(at: 0)
        #expect(contents(of: path) == stateFile([heat, jaws], [.deleted(heat, at: 0)]))
    }

    @Test func aTornLastLineIsDroppedAndCutOff() throws {
        let good = stateFile(sampleMovies, [.deleted(alien, at: 0)])
        let torn = Array(StateFile.journalLine(.deleted(heat, at: 0)).dropLast(9))
        let file = try TestStateFile(good + torn)
        defer { file.remove() }
        let path = file.path
        let (journal, restored) = try StateFileJournal.start(path: FileName(path))
        #expect(restored?.movies == [heat, jaws])
        #expect(contents(of: path) == good, "the torn line is cut off before anything is appended")

        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: [heat, jaws]), middleware: [journal])
        try viewModel.move(from: 0, to: 1)
        #expect(contents(of: path) == good + StateFile.journalLine(.moved(heat, from: 0, to: 1)))
    }

    @Test func aCompactionKilledHalfwayLeavesNoTemporaryFileBehindTheNextStart() throws {
        let file = try TestStateFile(stateFile(sampleMovies))
        defer { file.remove() }
        let leftover = file.directory.path(".movies.state.4242.tmp")
        let unrelated = file.directory.path(".movies.state.backup.tmp")
        try write(Array("[half a snapsh".utf8), to: leftover)
        try write(Array("mine".utf8), to: unrelated)
        let (journal, restored) = try StateFileJournal.start(path: FileName(file.path))
        #expect(restored?.movies == sampleMovies)
        #expect(contents(of: leftover) == nil, "the leftover of a killed compaction is removed")
        #expect(contents(of: unrelated) == Array("mine".utf8), "other files are left alone")
        _ = journal
    }

    @Test func aCompleteLastLineWithoutItsNewlineIsStillTorn() throws {
        let good = stateFile(sampleMovies)
        let unfinished = Array(StateFile.journalLine(.deleted(alien, at: 0)).dropLast())
        let file = try TestStateFile(good + unfinished)
        defer { file.remove() }
        let path = file.path
        let (_, restored) = try StateFileJournal.start(path: FileName(path))
        #expect(restored?.movies == sampleMovies, "the write of its newline was never finished")
        #expect(contents(of: path) == good)
    }

    @Test(arguments: CorruptStateFile.all)
    func aCorruptFileStopsTheStartAndIsLeftByteForByte(_ corrupt: CorruptStateFile) throws {
        let file = try TestStateFile(corrupt.bytes)
        defer { file.remove() }
        let path = file.path
        let expected = StateFileError(file: path, line: corrupt.line, problem: corrupt.problem)
        #expect(throws: StateFileJournal.StartError.corrupt(expected)) {
            try StateFileJournal.start(path: FileName(path))
        }
        #expect(contents(of: path) == corrupt.bytes)
        #expect(file.directory.entries() == ["movies.state"], "no temporary file is left either")
    }

    @Test func theStartMessageNamesTheFileTheLineAndTheProblem() {
        let error = StateFileJournal.StartError.corrupt(
            StateFileError(file: "my.state", line: 4, problem: .doesNotApply))
        #expect(
            error.description
                == "state file my.state: line 4: the change does not fit the list at that point; "
                + "the journal does not belong to this snapshot; the file was left as it is")
        #expect(
            StateFileJournal.StartError.locked("my.state").description
                == "state file my.state: another movies process is using it; quit that one first")
    }

    @Test func aFileLargerThanTheBoundIsRefusedUnread() throws {
        let file = try TestStateFile()
        defer { file.remove() }
        let path = file.path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        // A sparse file: its size costs no disk.
        #expect(truncate(path, off_t(StateFileJournal.maximumFileSize + 1)) == 0)
        #expect(
            throws: StateFileJournal.StartError.file(
                FileError(
                    path: FileName(path), reason: "larger than the 64 MiB a state file may be"))
        ) {
            try StateFileJournal.start(path: FileName(path))
        }
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(size == StateFileJournal.maximumFileSize + 1)
    }

    @Test func aPathThatIsNotARegularFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.path("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(
            throws: StateFileJournal.StartError.file(
                FileError(path: FileName(fifo), reason: "not a regular file"))
        ) {
            try StateFileJournal.start(path: FileName(fifo))
        }
        #expect(
            throws: StateFileJournal.StartError.file(
                FileError(path: FileName(directory.path), errno: EISDIR))
        ) {
            try StateFileJournal.start(path: FileName(directory.path))
        }
        let missing = directory.path("no/such/folder")
        #expect(
            throws: StateFileJournal.StartError.file(
                FileError(path: FileName(missing), errno: ENOENT))
        ) {
            try StateFileJournal.start(path: FileName(missing))
        }
    }

    // MARK: - The lock

    @Test func aSecondJournalOnTheSameFileIsRefusedUntilTheFirstIsGone() throws {
        let bytes = stateFile(sampleMovies)
        let file = try TestStateFile(bytes)
        defer { file.remove() }
        let path = file.path
        var first: StateFileJournal? = try StateFileJournal.start(path: FileName(path)).0
        #expect(throws: StateFileJournal.StartError.locked(FileName(path))) {
            try StateFileJournal.start(path: FileName(path))
        }
        #expect(contents(of: path) == bytes)
        #expect(first?.path == FileName(path))
        first = nil
        let (_, restored) = try StateFileJournal.start(path: FileName(path))
        #expect(restored?.movies == sampleMovies)
    }

    @Test func theLockFollowsTheFileThroughACompaction() throws {
        let file = try TestStateFile(stateFile(sampleMovies))
        defer { file.remove() }
        let path = file.path
        let (journal, viewModel) = try file.startStore()
        try viewModel.delete(at: 0)
        journal.finish(viewModel.state.movies)
        // The file now at `path` is the one the compaction renamed into place; it is locked too.
        #expect(contents(of: path) == stateFile([heat, jaws]))
        #expect(throws: StateFileJournal.StartError.locked(FileName(path))) {
            try StateFileJournal.start(path: FileName(path))
        }
        withExtendedLifetime(journal) {}
    }

    // MARK: - Journaling

    @Test func everyListChangeAppendsOneLineAndNothingElseDoes() async throws {
        let file = try TestStateFile(stateFile(sampleMovies))
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
        let up = Movie(id: 4, title: "Up", year: 2009)
        #expect(
            contents(of: path)
                == stateFile(
                    sampleMovies,
                    [
                        .moved(alien, from: 0, to: 2), .inserted(up, at: 1), .deleted(up, at: 1),
                        .inserted(up, at: 1), .deleted(heat, at: 0),
                    ]))
        let (_, reread) = try restoreCopy(of: path, in: file.directory)
        #expect(reread == viewModel.state.movies, "the file restores the list the rows showed")
    }

    @Test func aReloadIsFoldedIntoAFreshSnapshot() async throws {
        let file = try TestStateFile(stateFile(sampleMovies, [.deleted(alien, at: 0)]))
        defer { file.remove() }
        let path = file.path
        let fetched = [jaws, alien]
        let (_, viewModel) = try file.startStore(api: StubAPI(movies: fetched))
        viewModel.refresh()
        await viewModel.waitForFetch()
        #expect(viewModel.state.movies == fetched)
        #expect(contents(of: path) == stateFile(fetched))
        try viewModel.undo()
        // Undoing the reload is a reload too: another snapshot, of the list it brought back.
        #expect(contents(of: path) == stateFile([heat, jaws]))
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
        await viewModel.waitForFetch()
        #expect(contents(of: path) == stateFile(sampleMovies))
        try viewModel.delete(at: 2)
        #expect(contents(of: path) == stateFile(sampleMovies, [.deleted(jaws, at: 2)]))
    }

    @Test(.hangGuard)
    func aJournalAtItsBoundIsFoldedIntoAFreshSnapshot() throws {
        let file = try TestStateFile(stateFile(sampleMovies))
        defer { file.remove() }
        let path = file.path
        let (_, viewModel) = try file.startStore(historyLimit: 0)
        for _ in 1..<StateFileJournal.maximumJournalLines {
            try viewModel.move(from: 0, to: 1)
        }
        let lines = try #require(contents(of: path)).split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == StateFileJournal.maximumJournalLines)
        try viewModel.move(from: 0, to: 1)
        #expect(contents(of: path) == stateFile(viewModel.state.movies))
    }

    @Test func finishFoldsTheJournalSoTheFileIsAPlainCatalog() throws {
        let file = try TestStateFile(stateFile(sampleMovies))
        defer { file.remove() }
        let path = file.path
        let (journal, viewModel) = try file.startStore()
        try viewModel.delete(at: 1)
        try viewModel.move(from: 1, to: 0)
        journal.finish(viewModel.state.movies)
        let bytes = try #require(contents(of: path))
        #expect(bytes == stateFile([jaws, alien]))
        #expect(try Catalog.decode(Data(bytes), file: path) == [jaws, alien])
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

    // MARK: - Commits

    @Test func aCommitSyncsOnlyWhatWasWrittenAndReleasesHeldOutput() throws {
        let file = try TestStateFile(stateFile(sampleMovies))
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

    @Test func aFailedCompactionIsReportedOnceAndStopsTheJournal() throws {
        let file = try TestStateFile(stateFile(sampleMovies))
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
        // The folder goes away: the compaction's temporary file cannot be made.
        file.directory.remove()
        journal.finish(viewModel.state.movies)
        #expect(failures == [FileError(path: FileName(path), errno: ENOENT)])
        #expect(journal.failure == FileError(path: FileName(path), errno: ENOENT))
        #expect(holdingAtFailure == true, "the handler still sees the delete's rows held")
        #expect(released == 0, "rows of an edit that may not be on disk are never released")
        // Then output passes: the session ends, and what it writes on its way out must show.
        #expect(!journal.holdsOutput)
        try? viewModel.delete(at: 0)
        #expect(!journal.holdsOutput, "nothing is held for a commit that cannot come")
        journal.commit()
        #expect(failures.count == 1)
        #expect(released == 0)
    }

    @Test func isSameFileComparesTheFileNotThePath() throws {
        let file = try TestStateFile()
        defer { file.remove() }
        let path = file.path
        let (journal, _) = try StateFileJournal.start(path: FileName(path))
        let link = file.directory.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        let other = file.directory.path("other.json")
        try write([], to: other)
        #expect(journal.isSameFile(FileName(path)))
        #expect(journal.isSameFile(FileName(link)))
        #expect(journal.isSameFile(FileName(file.directory.path("./movies.state"))))
        #expect(!journal.isSameFile(FileName(other)))
        #expect(!journal.isSameFile(FileName(file.directory.path("missing"))))
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

/// A damaged state file: its bytes, and the line and problem a start must report.
struct CorruptStateFile: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var line: Int?
    var problem: StateFileError.Problem

    var testDescription: String { name }

    static let all: [CorruptStateFile] = {
        let alien = sampleMovies[0]
        let heat = sampleMovies[1]
        let snapshot = StateFile.snapshot(sampleMovies)
        func journal(_ lines: String...) -> [UInt8] {
            snapshot + Array(lines.map { $0 + "\n" }.joined().utf8)
        }
        let deleteAlien = String(
            decoding: StateFile.journalLine(.deleted(alien, at: 0)), as: UTF8.self
        )
        .dropLast()
        return [
            CorruptStateFile(
                name: "a snapshot line that is not a list of movies",
                bytes: Array("[{\"id\":1,\"title\":\"Alien\"}]\n".utf8), line: 1,
                problem: .snapshot(.wrongSchema("item 1: missing \"year\""))),
            CorruptStateFile(
                name: "a snapshot line with a duplicate id",
                bytes: StateFile.snapshot([alien, alien]), line: 1,
                problem: .snapshot(.duplicateID(1, item: 2))),
            CorruptStateFile(
                name: "a file that is not JSON", bytes: Array("hello\nworld\n".utf8), line: nil,
                problem: .snapshot(
                    .notJSON(line: 1, column: 1, reason: "expected a JSON array of movies"))),
            CorruptStateFile(
                name: "a pretty-printed catalog with a year out of range",
                bytes: Array("[\n  {\"id\": 1, \"title\": \"Alien\", \"year\": 1700}\n]\n".utf8),
                line: nil,
                problem: .snapshot(.yearOutOfRange("1700", item: 1, valid: Movie.validYears))),
            CorruptStateFile(
                name: "binary bytes", bytes: [0x00, 0xFF, 0x1B, 0x5B, 0x32, 0x4A], line: nil,
                problem: .snapshot(
                    .notJSON(line: 1, column: 1, reason: "expected a JSON array of movies"))),
            CorruptStateFile(
                name: "a journal line that is not JSON", bytes: journal("{\"deleted\":"), line: 2,
                problem: .notAChange),
            CorruptStateFile(
                name: "a journal line of binary bytes",
                bytes: snapshot + [0xFF, 0xFE, 0x00, 0x1B, 0x0A], line: 2, problem: .notAChange),
            CorruptStateFile(
                name: "an empty journal line", bytes: journal("", String(deleteAlien)), line: 2,
                problem: .notAChange),
            CorruptStateFile(
                name: "a journal line of the wrong schema",
                bytes: journal("{\"deleted\":{\"at\":\"first\"}}"), line: 2, problem: .notAChange),
            CorruptStateFile(
                name: "a journal line with a key given twice",
                bytes: journal(
                    #"{"deleted":{"at":1,"at":0,"movie":{"id":1,"title":"Alien","year":1979}}}"#),
                line: 2, problem: .notAChange),
            CorruptStateFile(
                name: "a journaled movie with a key given twice",
                bytes: journal(
                    #"{"inserted":{"at":0,"movie":{"id":9,"title":"Up","year":2009,"year":2010}}}"#
                ),
                line: 2, problem: .notAChange),
            CorruptStateFile(
                name: "a journaled id that is only nearly whole",
                bytes: journal(
                    #"{"inserted":{"at":0,"movie":{"id":9.0000000000000001,"title":"Up","year":2009}}}"#
                ),
                line: 2, problem: .notAChange),
            CorruptStateFile(
                name: "a reload in the journal", bytes: journal("{\"reloaded\":{\"replaced\":[]}}"),
                line: 2, problem: .notAnEdit),
            CorruptStateFile(
                name: "a fetch status in the journal",
                bytes: journal("{\"fetch\":{\"status\":{\"loaded\":{}}}}"), line: 2,
                problem: .notAnEdit),
            CorruptStateFile(
                name: "an inserted movie with a blank title",
                bytes: journal(
                    "{\"inserted\":{\"at\":0,\"movie\":{\"id\":9,\"title\":\" \",\"year\":2000}}}"),
                line: 2, problem: .invalidMovie(.emptyTitle(item: 1))),
            CorruptStateFile(
                name: "an inserted movie with an id in use",
                bytes: journal(
                    "{\"inserted\":{\"at\":0,\"movie\":{\"id\":2,\"title\":\"Up\",\"year\":2009}}}"),
                line: 2, problem: .duplicateID(2)),
            CorruptStateFile(
                name: "a delete out of range",
                bytes: journal(
                    String(
                        decoding: StateFile.journalLine(.deleted(alien, at: 5)).dropLast(),
                        as: UTF8.self)),
                line: 2, problem: .doesNotApply),
            CorruptStateFile(
                name: "a delete of another movie than the one there, after a good line",
                bytes: journal(
                    String(deleteAlien),
                    String(
                        decoding: StateFile.journalLine(.deleted(alien, at: 0)).dropLast(),
                        as: UTF8.self)),
                line: 3, problem: .doesNotApply),
            CorruptStateFile(
                name: "a move of the wrong movie, before a torn line",
                bytes: journal(
                    String(
                        decoding: StateFile.journalLine(.moved(heat, from: 0, to: 2)).dropLast(),
                        as: UTF8.self)) + Array("{\"del".utf8),
                line: 2, problem: .doesNotApply),
        ]
    }()
}

/// Each `fsync` the journal's promise rests on is observable: made to fail, it is reported, and
/// nothing claims the edit is on disk.
@MainActor
@Suite("StateFileJournal's fsyncs")
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

    @Test func aTornLineIsNotCutOffUnlessTheCutIsOnDisk() throws {
        let good = StateFile.snapshot(sampleMovies)
        let torn = Array(StateFile.journalLine(.deleted(sampleMovies[0], at: 0)).dropLast(3))
        let file = try TestStateFile(good + torn)
        defer { file.remove() }
        #expect(throws: StateFileJournal.StartError.self) {
            _ = try StateFileJournal.start(
                path: FileName(file.path), sync: failingSync(for: .files))
        }
    }
}

@MainActor
@Suite("StateFileJournal: a failed start")
struct StateFileJournalFailedStartTests {
    @Test func aFileThisStartCreatedIsRemovedAgain() throws {
        let file = try TestStateFile()
        defer { file.remove() }
        let (journal, _) = try StateFileJournal.start(path: FileName(file.path))
        #expect(file.bytes == [])
        journal.removeIfCreated()
        #expect(file.bytes == nil)
        #expect(file.directory.entries().isEmpty)
    }

    @Test func aFileThatWasThereIsKeptEvenEmpty() throws {
        let file = try TestStateFile([])
        defer { file.remove() }
        let (journal, _) = try StateFileJournal.start(path: FileName(file.path))
        journal.removeIfCreated()
        #expect(file.bytes == [])
    }

    @Test func aLinkToNowhereCreatesItsTargetAndKeepsTheLink() throws {
        let file = try TestStateFile(name: "target.state")
        defer { file.remove() }
        let link = file.directory.path("link.state")
        #expect(symlink(file.path, link) == 0)
        let (journal, _) = try StateFileJournal.start(path: FileName(link))
        #expect(file.bytes == [])
        journal.removeIfCreated()
        #expect(file.directory.entries() == ["link.state"])
    }
}
