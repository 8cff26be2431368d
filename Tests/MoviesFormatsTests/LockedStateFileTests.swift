// The state file on disk, in-process: what a start makes of a missing, empty, valid, pretty-printed
// or torn file; that every kind of damage stops the start with the line and the problem and leaves
// the file byte for byte as it was; the bound checked before a byte is read; the lock, which
// follows the file through a fold; a failed start that removes the file it created.

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
@Suite("LockedStateFile")
struct LockedStateFileTests {

    /// A process id the system never hands out: Linux's `pid_max` (ids stay below it), or one
    /// past macOS's largest.
    static var pidNoProcessHas: Int32 {
        #if os(Linux)
            let text = (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8))
            return text.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                ?? 4_194_304
        #else
            return 99_999
        #endif
    }

    private let alien = sampleMovies[0]
    private let heat = sampleMovies[1]
    private let jaws = sampleMovies[2]

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
        let bytes = StateFile.bytes(
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
        #expect(contents(of: path) == StateFile.bytes([heat, jaws]))
        try viewModel.delete(at: 0)
        #expect(contents(of: path) == StateFile.bytes([heat, jaws], [.deleted(heat, at: 0)]))
    }

    @Test func aTornLastLineIsDroppedAndCutOff() throws {
        let good = StateFile.bytes(sampleMovies, [.deleted(alien, at: 0)])
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
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        // The pid of a process that cannot exist: a fixed one (4242) may be a live process on a
        // busy machine, whose temporary file must then be left alone.
        let leftover = file.directory.path(".movies.state.\(Self.pidNoProcessHas).tmp")
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
        let good = StateFile.bytes(sampleMovies)
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
        #expect(truncate(path, off_t(LockedStateFile.maximumFileSize + 1)) == 0)
        #expect(
            throws: StateFileJournal.StartError.file(
                FileError(
                    path: FileName(path), reason: "larger than the 64 MiB a state file may be"))
        ) {
            try StateFileJournal.start(path: FileName(path))
        }
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(size == LockedStateFile.maximumFileSize + 1)
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
                FileError(path: FileName(directory.path), code: EISDIR))
        ) {
            try StateFileJournal.start(path: FileName(directory.path))
        }
        let missing = directory.path("no/such/folder")
        #expect(
            throws: StateFileJournal.StartError.file(
                FileError(path: FileName(missing), code: ENOENT))
        ) {
            try StateFileJournal.start(path: FileName(missing))
        }
    }

    // MARK: - The lock

    @Test func aSecondJournalOnTheSameFileIsRefusedUntilTheFirstIsGone() throws {
        let bytes = StateFile.bytes(sampleMovies)
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
        let (_, restored) = try Self.startOnceFree(path: FileName(path))
        #expect(restored?.movies == sampleMovies)
    }

    /// Starts a journal on `path`, waiting (two seconds at most) while the file is locked.
    ///
    /// Closing the first journal's descriptor frees the lock only when no other copy of that
    /// open file is left, and another test spawning a child at that moment holds one: between
    /// the child's clone and its exec (which closes it, close-on-exec), microseconds usually, far
    /// longer on a loaded machine. A lock that is never freed still fails the test.
    private static func startOnceFree(path: FileName) throws -> (StateFileJournal, MoviesState?) {
        let deadline = ContinuousClock.now + .seconds(2)
        while true {
            do {
                return try StateFileJournal.start(path: path)
            } catch {
                guard error == .locked(path), ContinuousClock.now < deadline else { throw error }
                usleep(1_000)
            }
        }
    }

    @Test func theLockFollowsTheFileThroughACompaction() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let path = file.path
        let (journal, viewModel) = try file.startStore()
        try viewModel.delete(at: 0)
        journal.finish(viewModel.state.movies)
        // The file now at `path` is the one the compaction renamed into place; it is locked too.
        #expect(contents(of: path) == StateFile.folded([heat, jaws], keeping: viewModel.history))
        #expect(throws: StateFileJournal.StartError.locked(FileName(path))) {
            try StateFileJournal.start(path: FileName(path))
        }
        withExtendedLifetime(journal) {}
    }

    // MARK: - The fold finds the file by its identity

    @Test func theFoldWritesTheFileItHoldsWhenItsLinkLeadsElsewhereNow() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (held, other, link) = (
            directory.path("a.st"), directory.path("b.st"), directory.path("lnk")
        )
        try write(StateFile.bytes(sampleMovies), to: held)
        let otherBytes = StateFile.bytes([jaws])
        try write(otherBytes, to: other)
        #expect(symlink(held, link) == 0)
        let (journal, restored) = try StateFileJournal.start(path: FileName(link))
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: restored ?? MoviesState(), middleware: [journal])
        try viewModel.delete(at: 0)
        #expect(!journal.nameLeadsElsewhere)
        #expect(unlink(link) == 0 && symlink(other, link) == 0)
        #expect(journal.nameLeadsElsewhere)
        #expect(journal.heldFile == FileName(held))
        journal.finish(viewModel.state.movies)
        #expect(journal.failure == nil)
        #expect(contents(of: held) == StateFile.bytes([heat, jaws]))
        #expect(contents(of: other) == otherBytes, "the file the link leads to now is left alone")
        #expect(directory.entries() == ["a.st", "b.st", "lnk"])
    }

    @Test func aFoldRefusesANameThatNoLongerHoldsItsFile() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (journal, viewModel) = try file.startStore()
        try viewModel.delete(at: 0)
        journal.commit()
        // The file is moved away and another takes its name.
        let moved = file.directory.path("moved.st")
        #expect(rename(file.path, moved) == 0)
        let stranger = StateFile.bytes([jaws])
        try write(stranger, to: file.path)
        journal.finish(viewModel.state.movies)
        #expect(
            journal.failure
                == FileError(
                    path: FileName(file.path),
                    reason: "\(file.path) is no longer the file this session opened (it was "
                        + "moved, removed or replaced meanwhile), so nothing was written over "
                        + "what is there now"))
        #expect(file.bytes == stranger, "the file that took the name is left alone")
        #expect(contents(of: moved) == StateFile.bytes(sampleMovies, [.deleted(alien, at: 0)]))
        #expect(!journal.nameLeadsElsewhere, "the file is no longer where it was")
        #expect(file.directory.entries() == ["moved.st", "movies.state"])
    }

    @Test func itsIdentityIsTheFileWhateverNameReachesIt() throws {
        let file = try TestStateFile()
        defer { file.remove() }
        let path = file.path
        let (journal, _) = try StateFileJournal.start(path: FileName(path))
        let link = file.directory.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        let other = file.directory.path("other.json")
        try write([], to: other)
        #expect(FileIdentity(path: FileName(path)) == journal.identity)
        #expect(FileIdentity(path: FileName(link)) == journal.identity)
        #expect(
            FileIdentity(path: FileName(file.directory.path("./movies.state"))) == journal.identity)
        #expect(FileIdentity(path: FileName(other)) != journal.identity)
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
                problem: .snapshot(
                    .outOfRange("1700", key: "year", item: 1, valid: Movie.validYears))),
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

@MainActor
@Suite("LockedStateFile: a failed start")
struct LockedStateFileFailedStartTests {
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
