// `--state FILE` through the built binary: a session that survives its process, a file that is a
// plain catalog after a clean exit, a torn last line dropped, every kind of damage refused with
// status 2 and one line on stderr while the file stays byte for byte as it was, and a second
// process on the same file refused without harming the first; the closing fold writes the file
// the session opened even when its link was pointed elsewhere, and when it cannot write the file's
// folder it withholds nothing that is on disk; a list over the catalog's bound is refused; a
// session that never got a list leaves no new file.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesFormats

@Suite("state file, end to end", .hangGuard)
struct StateFileEndToEndTests {
    /// The bundled catalog as `list --json` prints it, decoded.
    private func bundledCatalog() async throws -> [CatalogMovie] {
        let run = try await MoviesProcess.run(["--latency", "0", "--quiet", "-c", "list --json"])
        #expect(run.status == 0)
        return try decodeList(try #require(run.stdoutLines.last))
    }

    private func decodeList(_ json: String) throws -> [CatalogMovie] {
        try JSONDecoder().decode([CatalogMovie].self, from: Data(json.utf8))
    }

    /// The list on the first line of a state file after a clean exit: its snapshot, the catalog
    /// line (the lines after it are the history the session kept, which only a restore reads).
    private func snapshotList(_ bytes: Data) throws -> [CatalogMovie] {
        let line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        return try JSONDecoder().decode([CatalogMovie].self, from: line)
    }

    @Test func editsSurviveTheProcessAndTheFileEndsAsACatalogLineAndItsHistory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("movies.state")
        var expected = try await bundledCatalog()

        let first = try await MoviesProcess.run(
            ["--latency", "0", "--state", state],
            // No `quit`: it would act at once, while the edits may still wait for the list; the end
            // of input runs them.
            input: "delete 1\nmove 1 3\ninsert \"Blade Runner 2049\" 2017 2\n")
        #expect(first.status == 0)
        #expect(first.stderr.isEmpty)
        #expect(first.stdoutLines.first == "Loading movies…")
        #expect(
            Array(first.stdoutLines.suffix(3)) == [
                "- 1. The Godfather (1972)", "↕ 1 → 3. Casablanca (1942)",
                "+ 2. Blade Runner 2049 (2017)",
            ])
        expected.removeFirst()
        expected.insert(expected.removeFirst(), at: 2)
        expected.insert(CatalogMovie(id: 31, title: "Blade Runner 2049", year: 2017), at: 1)

        // After a clean exit the file is a line of catalog JSON, then a line for each edit the
        // history keeps (three); `--catalog` reads its list (below).
        let bytes = try #require(FileManager.default.contents(atPath: state))
        #expect(bytes.filter { $0 == UInt8(ascii: "\n") }.count == 4)
        #expect(try snapshotList(bytes) == expected)
        #expect(directory.entries() == ["movies.state"])

        let second = try await MoviesProcess.run(
            ["--latency", "0", "--state", state], input: "delete 30\nlist --json\n")
        #expect(second.status == 0)
        #expect(second.stderr.isEmpty)
        let lines = second.stdoutLines
        #expect(!lines.contains("Loading movies…"), "a restored session fetches nothing")
        #expect(lines.first == "   1. Citizen Kane (1941)")
        #expect(lines.dropFirst(30).first == "Restored 30 movies from \(state).")
        #expect(lines.dropFirst(31).first == "- 30. Parasite (2019)")
        expected.removeLast()
        #expect(try decodeList(try #require(lines.last)) == expected)

        let asCatalog = try await MoviesProcess.run(
            ["--latency", "0", "--catalog", state, "--quiet", "-c", "list --json"])
        #expect(asCatalog.status == 0)
        #expect(try decodeList(try #require(asCatalog.stdoutLines.last)) == expected)
    }

    /// `rename` through the binary, piped: its row, the same title said to change nothing, the
    /// refusals with status 1 and the list untouched, and the renamed title kept by the state
    /// file, both folded at a clean exit and as a journal line restored by the next start.
    @Test func aRenameIsDrawnKeptAndRestored() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("movies.state")
        var expected = try await bundledCatalog()
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--state", state],
            input: """
                rename 3 "Citizen Kane (Director's Cut)"
                rename 3 Citizen Kane (Director\\'s Cut)
                rename 40 Up
                rename 1 ''
                rename 2 \(String(repeating: "x", count: 501))
                rename 1 The   Godfather Part II

                """)
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "line 3: rename: position 40 is out of range; valid positions are 1–30",
                "line 4: rename: the title is empty; give one, in quotes if it has spaces",
                "line 5: rename: the title is too long; at most 500 Unicode code points",
            ])
        #expect(
            Array(run.stdoutLines.suffix(3)) == [
                "~ 3. Citizen Kane (Director's Cut) (1941)", "rename: nothing changed",
                "~ 1. The Godfather Part II (1972)",
            ])
        expected[2].title = "Citizen Kane (Director's Cut)"
        expected[0].title = "The Godfather Part II"
        let folded = try #require(FileManager.default.contents(atPath: state))
        #expect(try snapshotList(folded) == expected)

        // A journal that renames, as a session killed before its clean end leaves it, with a
        // rename torn in the middle of its line after it.
        let movies = expected.map { Movie(id: $0.id, title: $0.title, year: $0.year) }
        let kane = Movie(id: movies[2].id, title: "Kane", year: movies[2].year)
        let torn = Array(
            StateFile.journalLine(
                .updated(at: 1, old: movies[1].titled("Casablanca"), new: movies[1])
            ).prefix(30))
        let bytes =
            StateFile.snapshot(movies)
            + StateFile.journalLine(.updated(at: 2, old: kane.titled(movies[2].title), new: kane))
            + torn
        try Data(bytes).write(to: URL(fileURLWithPath: state))
        let restored = try await MoviesProcess.run(
            ["--latency", "0", "--state", state, "--quiet", "-c", "list --json"])
        #expect(restored.status == 0)
        #expect(restored.stderr.isEmpty)
        expected[2].title = "Kane"
        #expect(try decodeList(try #require(restored.stdoutLines.last)) == expected)
    }

    /// `rate` through the binary: its rows with their stars, the refusals with status 1, and the
    /// rating kept by the state file, the trace (which replays), `save`'s file and
    /// `--catalog` reading that file back.
    @Test func aRatingIsDrawnKeptRestoredTracedAndSaved() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("movies.state")
        let trace = directory.path("session.trace")
        let saved = directory.path("saved.json")
        var expected = try await bundledCatalog()
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--state", state, "--trace", trace],
            input: """
                rate 3 4
                rate 40 2
                rate 1 9
                rate 2 5
                rate 2 none
                undo
                rate 3 4
                save \(saved)

                """)
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "line 2: rate: position 40 is out of range; valid positions are 1–30",
                "line 3: rate: rating 9 is out of range; valid ratings are 1–5, or none",
            ])
        #expect(
            run.stdoutLines.filter { $0.hasPrefix("~ ") || $0.hasPrefix("rate:") } == [
                "~ 3. Citizen Kane (1941) ★★★★☆", "~ 2. Casablanca (1942) ★★★★★",
                "~ 2. Casablanca (1942)", "~ 2. Casablanca (1942) ★★★★★", "rate: nothing changed",
            ])
        expected[2].rating = 4
        expected[1].rating = 5
        for file in [state, saved] {
            let folded = try #require(FileManager.default.contents(atPath: file))
            #expect(try snapshotList(folded) == expected)
            #expect(String(decoding: folded, as: UTF8.self).contains(#""rating":4"#))
        }
        let restored = try await MoviesProcess.run(
            ["--latency", "0", "--state", state, "--quiet", "-c", "list --json"])
        #expect(try decodeList(try #require(restored.stdoutLines.last)) == expected)
        let loaded = try await MoviesProcess.run(
            ["--latency", "0", "--catalog", saved, "--quiet", "-c", "list"])
        #expect(Array(loaded.stdoutLines.prefix(3)).last == "   3. Citizen Kane (1941) ★★★★☆")
        let replay = try await MoviesProcess.run(["--replay", trace])
        #expect(replay.status == 0)
        #expect(replay.stdoutLines.first?.contains("every one matched") == true)
    }

    /// The history and its point survive a clean restart and a kill: the next session lists the
    /// same edits, undoes past the restart, redoes what was undone, and travels to any of them.
    @Test func theHistoryAndItsPointSurviveARestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("movies.state")
        let first = try await MoviesProcess.run(
            ["--latency", "0", "--state", state],
            input: "delete 3\nrate 1 5\nmove 2 1\nundo\n")
        #expect(first.status == 0)
        let history = [
            "  0  before the first edit", "  1  - 3. Citizen Kane (1941)",
            "▸ 2  ~ 1. The Godfather (1972) ★★★★★", "  3  ↕ 2 → 1. Casablanca (1942)   (undone)",
        ]
        // Traced: the trace starts with the history, so undo past the restart replays.
        let trace = directory.path("second.trace")
        let second = try await MoviesProcess.run(
            [
                "--latency", "0", "--state", state, "--trace", trace, "--quiet", "-c",
                "history; redo; undo 3; history",
            ])
        #expect(second.status == 0)
        let replay = try await MoviesProcess.run(["--replay", trace])
        #expect(replay.status == 0)
        #expect(replay.stdoutLines.first?.contains("every one matched") == true)
        #expect(second.stderr.isEmpty)
        #expect(Array(second.stdoutLines.prefix(4)) == history)
        #expect(
            Array(second.stdoutLines.suffix(4)) == [
                "▸ 0  before the first edit", "  1  - 3. Citizen Kane (1941)   (undone)",
                "  2  ~ 1. The Godfather (1972) ★★★★★   (undone)",
                "  3  ↕ 2 → 1. Casablanca (1942)   (undone)",
            ])
        // A session killed after its last commit: the next start is where it was drawn.
        let killed = try MoviesProcess(["--latency", "0", "--state", state])
        #expect(await killed.waitForOutput(containing: "Restored 30 movies"))
        killed.send("goto 2\n")
        #expect(await killed.waitForOutput(containing: "~ 1. The Godfather (1972) ★★★★★\n"))
        killed.kill()
        _ = await killed.waitForExit()
        let third = try await MoviesProcess.run(
            ["--latency", "0", "--state", state, "--quiet", "-c", "history"])
        #expect(third.stdoutLines == history)
    }

    @Test func saveExportsACatalogThatLoads() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let saved = directory.path("saved.json")
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--quiet", "-c", "delete 2; save '\(saved)'; list --json"])
        #expect(run.status == 0)
        let json = try #require(run.stdoutLines.last)
        let reloaded = try await MoviesProcess.run(
            ["--latency", "0", "--catalog", saved, "--quiet", "-c", "list --json"])
        #expect(reloaded.stdoutLines.last == json)
        #expect(directory.entries() == ["saved.json"])
    }

    @Test func aTornLastLineIsDroppedAndTheRestRestored() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("movies.state")
        let movies = [
            Movie(id: 1, title: "Alien", year: 1979), Movie(id: 2, title: "Heat", year: 1995),
        ]
        let up = Movie(id: 3, title: "Up", year: 2009)
        // A crash in the middle of appending the second journal line.
        let torn = Array(StateFile.journalLine(.deleted(movies[0], at: 0)).prefix(20))
        let bytes =
            StateFile.snapshot(movies) + StateFile.journalLine(.inserted(up, at: 1)) + torn
        try Data(bytes).write(to: URL(fileURLWithPath: state))

        let run = try await MoviesProcess.run(
            ["--latency", "0", "--state", state, "--quiet", "-c", "list --json"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let expected = [
            CatalogMovie(id: 1, title: "Alien", year: 1979),
            CatalogMovie(id: 3, title: "Up", year: 2009),
            CatalogMovie(id: 2, title: "Heat", year: 1995),
        ]
        #expect(try decodeList(try #require(run.stdoutLines.last)) == expected)
        let after = try #require(FileManager.default.contents(atPath: state))
        #expect(try snapshotList(after) == expected)
    }

    @Test(arguments: DamagedStateFile.all)
    func aDamagedFileIsRefusedWithStatus2AndLeftByteForByte(_ damaged: DamagedStateFile)
        async throws
    {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("movies.state")
        try Data(damaged.bytes).write(to: URL(fileURLWithPath: state))
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--state", state], input: "delete 1\nquit\n")
        #expect(run.status == 2)
        #expect(!run.signalled)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderrLines == [
                "movies: state file \(state): \(damaged.problem); the file was left as it is"
            ])
        #expect(FileManager.default.contents(atPath: state) == Data(damaged.bytes))
        #expect(directory.entries() == ["movies.state"])
    }

    @Test func aSecondProcessOnTheSameFileIsRefusedAndTheFirstGoesOn() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("movies.state")
        let first = try MoviesProcess(["--latency", "0", "--state", state])
        #expect(await first.waitForOutput(containing: "Loaded 30 movies.\n"))
        let before = FileManager.default.contents(atPath: state)

        let second = try await MoviesProcess.run(
            ["--latency", "0", "--state", state], input: "delete 1\nquit\n")
        #expect(second.status == 2)
        #expect(second.stdout.isEmpty)
        #expect(
            second.stderrLines == [
                "movies: state file \(state): another movies process is using it; "
                    + "quit that one first"
            ])
        #expect(FileManager.default.contents(atPath: state) == before)

        first.send("delete 1\nquit\n", thenClose: true)
        let run = await first.waitForExit()
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdoutLines.last == "- 1. The Godfather (1972)")
        let bytes = try #require(FileManager.default.contents(atPath: state))
        let list = try snapshotList(bytes)
        #expect(list.count == 29)
        #expect(list.first == CatalogMovie(id: 2, title: "Casablanca", year: 1942))
    }

    @Test func theClosingFoldWritesTheFileTheSessionOpenedNotWhereItsLinkLeadsNow() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (held, other, link) = (
            directory.path("a.st"), directory.path("b.st"), directory.path("lnk")
        )
        try write(StateFile.snapshot(sampleMovies), to: held)
        let otherBytes = StateFile.snapshot([Movie(id: 7, title: "Up", year: 2009)])
        try write(otherBytes, to: other)
        #expect(symlink(held, link) == 0)
        let session = try MoviesProcess(["--latency", "0", "--state", link])
        #expect(await session.waitForOutput(containing: "Restored 3 movies"))
        session.send("delete 1\n")
        #expect(await session.waitForOutput(containing: "- 1. Alien (1979)\n"))
        // The link now leads to another file, perhaps another session's state file.
        #expect(unlink(link) == 0 && symlink(other, link) == 0)
        session.closeInput()
        let run = await session.waitForExit()
        #expect(run.status == 0)
        #expect(
            run.stderrLines == [
                "movies: state file \(link) no longer leads to the file this session held; its "
                    + "list is in \(held), and what \(link) leads to now was left as it is"
            ])
        #expect(contents(of: other) == otherBytes, "the other file is left alone")
        // The held file is folded: the list, then the delete, which its history keeps.
        let folded = try #require(contents(of: held))
        #expect(folded.starts(with: StateFile.snapshot(Array(sampleMovies.dropFirst()))))
        #expect(
            try StateFile.restore(Data(folded), file: held).history.edits.map { Array($0.changes) }
                == [[.deleted(sampleMovies[0], at: 0)]])
        #expect(directory.entries() == ["a.st", "b.st", "lnk"])
    }

    @Test func aFolderThatCannotBeWrittenWithholdsOnlyWhatIsNotOnDisk() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The user the binary runs as may write the state file but not its folder: every edit
        // is appended, but the closing fold cannot make its new file next to it.
        let folder = directory.path("rodir")
        let state = folder + "/st"
        let files = FileManager.default
        try files.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try write(StateFile.snapshot(sampleMovies), to: state)
        try files.setAttributes([.posixPermissions: 0o666], ofItemAtPath: state)
        try files.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        defer { try? files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }
        let script = "delete 1; list --json; help quit; bogus"
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--state", state, "-c", script], as: .unprivileged)

        #expect(run.status == 74, "writing the state file failed, though every edit is in it")
        #expect(
            run.stdoutLines == [
                "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)",
                "Restored 3 movies from \(state).", "- 1. Alien (1979)",
                #"[{"id":2,"title":"Heat","year":1995},{"id":3,"title":"Jaws","year":1975}]"#,
                "usage: quit", "leave (end of input does too)", "aliases: exit, q",
                "Ctrl-D on an empty line at a terminal quits too.",
            ])
        #expect(
            run.stderrLines == [
                #"command 4: unknown command "bogus"; type help to see the commands"#,
                "movies: state file \(state): Permission denied; every edit is in \(state), and "
                    + "the next start restores them all",
            ])
        let restored = try StateFile.restore(
            try #require(files.contents(atPath: state)), file: state)
        #expect(restored.state.movies == Array(sampleMovies.dropFirst()), "the delete is on disk")
    }

    @Test func aStateFileWhoseListIsOverTheCatalogsBoundIsRefusedAndLeftAsItIs() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("big.st")
        // A snapshot line of about 18 MB made by hand: 36,000 movies with long titles.
        let title = String(repeating: "x", count: 480)
        let movies = (1...36_000).map { Movie(id: $0, title: title, year: 1999) }
        let bytes = StateFile.snapshot(movies)
        #expect(bytes.count > Catalog.maximumFileSize)
        try write(bytes, to: state)
        let run = try await MoviesProcess.run(["--latency", "0", "--state", state, "-c", "list"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderrLines == [
                "movies: state file \(state): the list is 17.7 MiB as a catalog, larger than the "
                    + "16.0 MiB limit of a catalog, so the file would not read back as one; the "
                    + "file was left as it is"
            ])
        #expect(contents(of: state) == bytes)
        #expect(directory.entries() == ["big.st"])
    }

    /// Sessions that end before any list reaches the state file, with their exit status: the
    /// fetch fails, or `quit` comes while the list is still loading.
    static let listlessSessions: [([String], Int32)] = [
        (["--latency", "0", "--fail", "-c", "list"], 2), (["--latency", "5", "-c", "quit"], 0),
    ]

    @Test(arguments: listlessSessions)
    func aSessionThatNeverGotAListLeavesNoNewFile(arguments: [String], status: Int32) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("new.st")
        let run = try await MoviesProcess.run(arguments + ["--state", state])
        #expect(run.status == status)
        #expect(run.stdoutLines.first == "Loading movies…")
        #expect(directory.entries() == [], "no empty new.st is left")
        // A file that was there, even empty, is kept.
        try write([], to: state)
        _ = try await MoviesProcess.run(arguments + ["--state", state])
        #expect(contents(of: state) == [])
    }

    @Test func aStateFileThatCannotBeOpenedIsRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--state", directory.path], input: "quit\n")
        #expect(run.status == 2)
        #expect(run.stderrLines == ["movies: state file \(directory.path): Is a directory"])
    }
}

/// A state file damaged in one way, and the problem the app must name.
struct DamagedStateFile: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    /// The message after the file name.
    var problem: String

    var testDescription: String { name }

    static let all: [DamagedStateFile] = {
        let alien = Movie(id: 1, title: "Alien", year: 1979)
        let heat = Movie(id: 2, title: "Heat", year: 1995)
        let snapshot = StateFile.snapshot([alien, heat])
        func line(_ change: MoviesState.Change) -> [UInt8] { StateFile.journalLine(change) }
        return [
            DamagedStateFile(
                name: "not JSON", bytes: Array("movies!\n".utf8),
                problem: "is not valid JSON: line 1, column 1: expected a JSON array of movies"),
            DamagedStateFile(
                name: "a snapshot of the wrong schema",
                bytes: Array("[{\"id\":1,\"name\":\"Alien\",\"year\":1979}]\n".utf8),
                problem: "line 1: is not a list of movies: item 1: missing \"title\""),
            DamagedStateFile(
                name: "a snapshot with a duplicate id", bytes: StateFile.snapshot([alien, alien]),
                problem: "line 1: item 2: id 1 is used by an earlier movie; ids must be unique"),
            DamagedStateFile(
                name: "a journal line that is not JSON",
                bytes: snapshot + Array("{{{\n".utf8) + line(.deleted(alien, at: 0)),
                problem:
                    "line 2: not a journal entry (one JSON object per line, as the app writes them)"
            ),
            DamagedStateFile(
                name: "a reload in the journal",
                // As JSONEncoder would write it: the app never writes a reload into a journal.
                bytes: snapshot + Array(#"{"reloaded":{"replaced":[]}}"#.utf8) + [0x0A],
                problem: """
                    line 2: a journal holds only "inserted", "deleted", "moved" and "updated" \
                    changes
                    """),
            DamagedStateFile(
                name: "an insert of an id in use",
                bytes: snapshot + line(.inserted(heat, at: 0)),
                problem: "line 2: the inserted movie's id 2 is in the list already"),
            DamagedStateFile(
                name: "a journal line that does not apply",
                bytes: snapshot + line(.deleted(alien, at: 0)) + line(.deleted(alien, at: 0)),
                problem:
                    "line 3: the change does not fit the list at that point; the journal does not "
                    + "belong to this snapshot"),
            DamagedStateFile(
                name: "an escape sequence in the damage",
                bytes: snapshot + Array("\u{1B}[2J\n".utf8),
                problem:
                    "line 2: not a journal entry (one JSON object per line, as the app writes them)"
            ),
        ]
    }()
}
