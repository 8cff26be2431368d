// Faults survived by the real binary: ending a session (end of input, `quit`, Ctrl-C) while a
// slow fetch is in flight, every kind of broken catalog (and every kind of path that is not a
// catalog file), and hostile titles from the catalog and from input reaching every output path
// escaped.

import Foundation
import MoviesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("movies binary under faults", .hangGuard)
struct ResilienceTests {
    // MARK: Ending a session during a slow fetch

    /// Starts `movies` with a 30-second fetch and waits until it shows the loading indicator,
    /// which also proves the indicator is flushed at once rather than when the process ends.
    private func startSlowSession() async throws -> MoviesProcess {
        let process = try MoviesProcess(["--latency", "30"])
        let loading = await process.waitForOutput(containing: "Loading movies…\n")
        try #require(loading, "the loading indicator arrives while the fetch is in flight")
        return process
    }

    @Test(.hangGuard)
    func endOfInputDuringASlowFetchExitsAtOnce() async throws {
        let process = try await startSlowSession()
        process.closeInput()
        let run = await process.waitForExit()
        #expect(run.status == 0 && !run.signalled)
        #expect(run.stdout == "Loading movies…\n", "nothing is drawn after the session ends")
        #expect(run.stderr.isEmpty)
    }

    @Test(.hangGuard)
    func quitDuringASlowFetchExitsAtOnce() async throws {
        let process = try await startSlowSession()
        process.send("quit\n")
        let run = await process.waitForExit()
        #expect(run.status == 0 && !run.signalled)
        #expect(run.stdout == "Loading movies…\n")
    }

    @Test(.hangGuard)
    func ctrlCDuringASlowFetchExitsWith130() async throws {
        let process = try await startSlowSession()
        process.interrupt()
        let run = await process.waitForExit()
        #expect(!run.signalled, "the app exits by itself rather than dying by the signal")
        #expect(run.status == 130)
        #expect(run.stdout == "Loading movies…\n")
        #expect(run.stderr.isEmpty)
    }

    @Test(.hangGuard)
    func ctrlCWhileWaitingForInputExitsWith130() async throws {
        let process = try MoviesProcess(["--latency", "0"])
        #expect(await process.waitForOutput(containing: "Loaded 30 movies.\n"))
        process.interrupt()
        let run = await process.waitForExit()
        #expect(run.status == 130 && !run.signalled)
    }

    // MARK: Broken catalogs

    @Test(arguments: [
        (
            "not JSON", Data("movies!".utf8),
            "is not valid JSON: line 1, column 1: expected a JSON array of movies"
        ),
        (
            "binary", Data([0xFF, 0xFE, 0x00, 0x01]),
            "is not valid JSON: line 1, column 1: expected a JSON array of movies"
        ),
        (
            "wrong schema", Data(#"{"movies": []}"#.utf8),
            "is not a list of movies: the top level: expected an array of movies"
        ),
        (
            "missing field", Data(#"[{"id": 1, "year": 1999}]"#.utf8),
            #"is not a list of movies: item 1: missing "title""#
        ),
        (
            "duplicate ids",
            Data(
                #"[{"id": 1, "title": "A", "year": 1999}, {"id": 1, "title": "B", "year": 2000}]"#
                    .utf8),
            "item 2: id 1 is used by an earlier movie; ids must be unique"
        ),
        (
            "empty title", Data(#"[{"id": 1, "title": "  ", "year": 1999}]"#.utf8),
            "item 1: the title is empty"
        ),
        (
            "year out of range", Data(#"[{"id": 1, "title": "A", "year": 1492}]"#.utf8),
            "item 1: year 1492 is out of range; valid years are 1888–2100"
        ),
        (
            "title too long",
            Data(
                #"[{"id": 1, "title": "\#(String(repeating: "x", count: 600))", "year": 1999}]"#
                    .utf8),
            "item 1: the title is longer than 500 Unicode code points"
        ),
        (
            "fractional id", Data(#"[{"id": 1.5, "title": "A", "year": 1999}]"#.utf8),
            #"item 1: "id" 1.5 is not a whole number"#
        ),
        (
            "largest possible id",
            Data(#"[{"id": 9223372036854775807, "title": "A", "year": 1999}]"#.utf8),
            "item 1: id 9223372036854775807 is out of range; valid ids are 1–999999999999"
        ),
        (
            "one below the largest id",
            Data(#"[{"id": 9223372036854775806, "title": "A", "year": 1999}]"#.utf8),
            "item 1: id 9223372036854775806 is out of range; valid ids are 1–999999999999"
        ),
        (
            "year beyond any integer",
            Data(#"[{"id": 1, "title": "A", "year": 1e400}]"#.utf8),
            "item 1: year 1e400 is out of range; valid years are 1888–2100"
        ),
        (
            "lone surrogate", Data(#"[{"id": 1, "title": "\ud800", "year": 1999}]"#.utf8),
            #"item 1: "title" has an escaped lone surrogate (U+D800), which is not a character"#
        ),
        (
            "duplicate key", Data(#"[{"id": 1, "title": "A", "year": 1999, "year": 2000}]"#.utf8),
            #"item 1: "year" appears more than once in the same movie"#
        ),
    ])
    func aBrokenCatalogIsNamedWithItsProblem(name: String, contents: Data, problem: String)
        async throws
    {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try await expectLoadFailure(catalog: folder.write(contents).path, problem: problem)
    }

    @Test func aMissingCatalogIsNamed() async throws {
        try await expectLoadFailure(catalog: "/no/such.json", problem: "no such file")
    }

    @Test func aDirectoryIsNotReadableAsACatalog() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try await expectLoadFailure(
            catalog: folder.path, problem: "is a directory, not a regular file")
    }

    @Test(.hangGuard)
    func aNamedPipeIsRefusedWithoutBlocking() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("fifo.json")
        try #require(mkfifo(path, 0o600) == 0)
        try await expectLoadFailure(
            catalog: path, problem: "is a named pipe (FIFO), not a regular file")
    }

    @Test(.hangGuard, arguments: ["/dev/zero", "/dev/null", "/dev/urandom"])
    func aDeviceIsRefusedUnread(device: String) async throws {
        try await expectLoadFailure(
            catalog: device, problem: "is a character device, not a regular file")
    }

    @Test func linksToNowhereAndLinkLoopsAreNamed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let dangling = folder.path("dangling.json")
        try FileManager.default.createSymbolicLink(
            atPath: dangling, withDestinationPath: folder.path("gone"))
        try await expectLoadFailure(
            catalog: dangling, problem: "is a symbolic link to a file that does not exist")
        let loop = folder.path("loop.json")
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        try await expectLoadFailure(
            catalog: loop,
            problem: "is a loop of symbolic links (too many levels of links to follow)")
    }

    @Test func aLinkToAHugeFileIsRefusedUnread() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let link = try folder.linkToSparseFile(size: 4 << 30)
        try await expectLoadFailure(
            catalog: link.path, problem: "is 4096.0 MiB, larger than the 16.0 MiB limit")
    }

    @Test func anUnreadableCatalogIsNamed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = try folder.write(Data("[]".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
        // Root reads any file, so the binary runs as a user without privileges (as `nobody`
        // when the tests run as root, as CI's do).
        try await expectLoadFailure(
            catalog: url.path, problem: "cannot be read (Permission denied)", as: .unprivileged)
    }

    @Test func aFiftyMegabyteCatalogIsRefusedUnread() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = try folder.write(Data())
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 50 * 1_048_576)
        try handle.close()
        try await expectLoadFailure(
            catalog: url.path, problem: "is 50.0 MiB, larger than the 16.0 MiB limit")
    }

    @Test func anEmptyCatalogShowsANoMoviesView() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = try folder.write(Data("[]".utf8))
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--catalog", url.path], input: "list\nadd Up 2009\n")
        #expect(run.status == 0)
        #expect(
            run.stdoutLines == [
                "Loading movies…", #"  (no movies; add one with: insert "TITLE" YEAR)"#,
                "Loaded 0 movies: the catalog is empty.",
                #"  (no movies; add one with: insert "TITLE" YEAR)"#,
                "+ 1. Up (2009)",
            ])
    }

    @Test func refreshRecoversFromAFailureInjectedTwice() async throws {
        // The first `list` waits for the first fetch, so each refresh starts after the previous
        // fetch has ended and every failure is shown.
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--fail-first", "2"],
            input: "list\nrefresh\nlist --json\nrefresh\nlist\n")
        #expect(run.status == 0)
        let failures = run.stdoutLines.filter { $0.hasPrefix("Could not load movies:") }
        #expect(
            failures
                == [1, 2].map {
                    "Could not load movies: the server did not answer (simulated failure, attempt \($0)) — type refresh to retry"
                })
        #expect(
            run.stdoutLines.contains("[]"), "the list keeps what it had (nothing) after a failure")
        #expect(run.stdoutLines.last == "  30. Parasite (2019)")
    }

    /// Runs `list` on `catalog` and expects the one failure line naming it and `problem`, an
    /// empty list, nothing on stderr, and exit status 2.
    private func expectLoadFailure(
        catalog: String, problem: String, as user: MoviesProcess.User = .current
    ) async throws {
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--catalog", catalog], input: "list\n", as: user)
        #expect(run.status == 2, "exit status 2: the movies could not be loaded")
        #expect(!run.signalled)
        #expect(
            run.stdoutLines == [
                "Loading movies…",
                "Could not load movies: \(catalog): \(problem) — type refresh to retry",
                #"  (no movies; add one with: insert "TITLE" YEAR)"#,
            ])
        #expect(run.stderr.isEmpty)
    }

    // MARK: Untrusted text

    @Test func hostileTitlesAreEscapedInEveryOutputPath() async throws {
        let catalog = hostileCatalog()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.writeCatalog(catalog)
        let typed = "Typed \u{1B}]0;pwned\u{7} \u{9B}2J \u{202E}evil \u{8}\u{7F}\r"
        let script = [
            "list", "move 7 1", "delete 1",
            "insert \(HostileInput.quoted(typed, using: "\"")) 2001 1",
            "\u{1B}[2Jbogus", "delete \u{1B}[31m", "move 1 \u{202E}2", "insert x \u{9B}",
            "list --json",
        ].joined(separator: "\n")
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--catalog", path], input: script + "\n")

        let unsafeInStdout = firstUnsafe(run.stdout)
        let unsafeInStderr = firstUnsafe(run.stderr)
        #expect(unsafeInStdout == nil, "stdout carries no raw control character")
        #expect(unsafeInStderr == nil, "stderr carries no raw control character")
        // Each check is a Bool taken first: should escaping ever break, the raw output must not
        // reach the terminal running the tests through an expectation's expansion.
        for row in [
            #"   8. OSC \u{1B}]0;pwned\u{7} (1997)"#,
            #"↕ 7 → 1. CSI \u{1B}[31mred\u{1B}[0m (1996)"#,
            #"- 1. CSI \u{1B}[31mred\u{1B}[0m (1996)"#,
            #"+ 1. Typed \u{1B}]0;pwned\u{7} \u{9B}2J \u{202E}evil \u{8}\u{7F}\u{D} (2001)"#,
        ] {
            let shown = run.stdoutLines.contains(row)
            #expect(shown, "stdout has the row \(row)")
        }
        let errorsMatch =
            run.stderrLines == [
                #"line 5: unknown command "\u{1B}[2Jbogus"; type help to see the commands"#,
                #"line 6: delete: position "\u{1B}[31m" is not a whole number; valid positions are 1–20"#,
                #"line 7: move: position "\u{202E}2" is not a whole number; valid positions are 1–20"#,
                #"line 8: insert: year "\u{9B}" is not a whole number; valid years are 1888–2100 (quote a title that has spaces: insert "Blade Runner" 1982)"#,
            ]
        #expect(errorsMatch, "stderr: \(run.stderrLines.map(UnsafeScalars.visible))")
        let json = try #require(run.stdoutLines.last)
        let decoded = try JSONDecoder().decode([CatalogMovie].self, from: Data(json.utf8))
        var expected = catalog
        expected.remove(at: 6)
        expected.insert(CatalogMovie(id: 21, title: typed, year: 2001), at: 0)
        let decodedMatches = decoded == expected
        #expect(decodedMatches, "--json stays valid JSON that decodes to the exact titles")
    }
}
