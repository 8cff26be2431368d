// The built `movies` binary with piped input and zero latency: exact stdout, stderr and exit
// status for scripted sessions that use every command and some errors.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCLI
@testable import MoviesFormats

@Suite("movies binary, end to end", .hangGuard)
struct EndToEndTests {
    @Test(.hangGuard)
    func aScriptedSessionUsesEveryCommand() async throws {
        let script = """
            list
            move 1 3
            mv 3 1
            delete 2
            rm 29
            insert "Blade Runner 2049" 2017 1
            add 'Schindler\\'s List' 1993
            frobnicate
            move 1 99
            insert "Up" 1700
            help

            ls --json
            refresh
            list

            """
        // The lines go in when the list is there: `quit` acts at once, so typed while a fetch is
        // in flight it would leave the commands that wait for the list unrun (SessionTests
        // checks that case).
        let process = try MoviesProcess(["--latency", "0"])
        #expect(await process.waitForOutput(containing: "Loaded 30 movies.\n"))
        process.send(script)
        // The refresh has answered and the `list` after it has run: the last row is drawn for
        // the fourth time (first load, first list, reload, last list).
        #expect(
            await process.waitForOutput {
                $0.components(separatedBy: "  30. Parasite (2019)\n").count == 5
            })
        process.send("quit\nlist\n", thenClose: true)
        let run = await process.waitForExit()
        #expect(run.status == 1)
        #expect(!run.signalled)
        #expect(
            run.stderrLines == [
                #"line 8: unknown command "frobnicate"; type help to see the commands"#,
                "line 9: move: position 99 is out of range; valid positions are 1–30",
                "line 10: insert: year 1700 is out of range; valid years are 1888–2100",
            ])
        let lines = run.stdoutLines
        let fullList = catalogRows()
        let help = helpLines()
        var expected = ["Loading movies…"] + fullList + ["Loaded 30 movies."]
        expected += fullList
        expected += ["↕ 1 → 3. The Godfather (1972)", "↕ 3 → 1. The Godfather (1972)"]
        expected += ["- 2. Casablanca (1942)", "- 29. Parasite (2019)"]
        expected += ["+ 1. Blade Runner 2049 (2017)", "+ 30. Schindler's List (1993)"]
        expected += help
        #expect(Array(lines.prefix(expected.count)) == expected)

        let json = try #require(lines.dropFirst(expected.count).first)
        let decoded = try JSONDecoder().decode([CatalogMovie].self, from: Data(json.utf8))
        #expect(decoded.count == 30)
        #expect(decoded.first == CatalogMovie(id: 31, title: "Blade Runner 2049", year: 2017))
        #expect(decoded.last == CatalogMovie(id: 32, title: "Schindler's List", year: 1993))

        let tail = Array(lines.dropFirst(expected.count + 1))
        #expect(tail == ["Loading movies…"] + fullList + ["Loaded 30 movies."] + fullList)
    }

    /// A bad position on the first line, read while the list is loading, names the positions of
    /// the list that arrives, not "the movies have not loaded yet".
    @Test(.hangGuard, arguments: ["delete x", "move 1 99999999999999999999999"])
    func aBadFirstPositionWaitsForTheList(line: String) async throws {
        let run = try await MoviesProcess.run(["--latency", "0", "--quiet"], input: line + "\n")
        #expect(run.status == 1)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderrLines.first?.hasSuffix("valid positions are 1–30") == true)
    }

    @Test func aCleanSessionExitsZero() async throws {
        let run = try await MoviesProcess.run(["--latency", "0"], input: "list\n")
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(!run.stdout.contains("\u{1B}"), "output to a pipe has no escape codes")
    }

    @Test func itFindsItsCatalogFromAnotherDirectory() async throws {
        let run = try await MoviesProcess.run(
            ["--latency", "0"], input: "quit\n", directory: URL(fileURLWithPath: "/"))
        // quit is read before the fetch can finish or after it; either way the catalog loads.
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let after = try await MoviesProcess.run(
            ["--latency", "0"], input: "list\n", directory: URL(fileURLWithPath: "/"))
        #expect(after.stdoutLines.contains("Loaded 30 movies."))
    }

    @Test(.hangGuard)
    func aCopiedBinaryStandsAlone() async throws {
        let binary = try #require(MoviesProcess.binary)
        // The catalog is compiled in: the binary names no resource bundle to look for.
        let contents = try Data(contentsOf: binary)
        #expect(contents.range(of: Data("movies_MoviesCore.resources".utf8)) == nil)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Copied under the lock every spawn in the test bundle takes: a child that another test
        // spawned meanwhile would inherit the copy's descriptor, open for writing, and keep it
        // for its lifetime, and running the copy would fail with "Text file busy".
        try MoviesProcess.spawnLock.withLock {
            try FileManager.default.copyItem(
                at: binary, to: URL(fileURLWithPath: folder.path("movies")))
        }
        let run = try await ShellRun.run(
            #"cd "$FOLDER" && echo list | ./movies --latency 0"#,
            environment: ["FOLDER": folder.path])
        #expect(run.status == 0 && !run.signalled)
        #expect(run.stderr.isEmpty)
        #expect(run.stdoutLines.suffix(30) == catalogRows())
    }

    @Test func failureInjectionAndRecovery() async throws {
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--fail-first", "1"], input: "list\nrefresh\nlist\n")
        #expect(run.status == 0)
        let reason = "the server did not answer (simulated failure, attempt 1)"
        #expect(
            Array(run.stdoutLines.prefix(3)) == [
                "Loading movies…", "Could not load movies: \(reason) — type refresh to retry",
                #"  (no movies; add one with: insert "TITLE" YEAR)"#,
            ])
        #expect(run.stdoutLines.last == "  30. Parasite (2019)")
    }

    @Test func alwaysFailingEndsWithStatusTwo() async throws {
        let run = try await MoviesProcess.run(["--latency", "0", "--fail"], input: "list\n")
        #expect(run.status == 2)
    }

    @Test func aFailedLoadTakesPrecedenceOverARejectedLine() async throws {
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--fail"], input: "list\nfrob\n")
        #expect(
            run.stderrLines == [#"line 2: unknown command "frob"; type help to see the commands"#])
        #expect(run.status == 2, "the load failed and a line was rejected: 2 takes precedence")
    }

    @Test(arguments: [["--help"], ["-h"]])
    func helpPrintsUsage(arguments: [String]) async throws {
        let run = try await MoviesProcess.run(arguments)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Usage: movies"))
        #expect(run.stderr.isEmpty)
    }

    @Test func versionPrintsTheVersion() async throws {
        let run = try await MoviesProcess.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == "movies \(MoviesApp.version)\n")
    }

    @Test(arguments: [
        (["--bogus"], #"movies: unknown option "--bogus""#),
        (["--latency"], "movies: option --latency needs a value"),
        (
            ["--latency", "fast"],
            #"movies: --latency: "fast" is not a number of seconds from 0 to 3600"#
        ),
        (
            ["--fail-first", "-2"],
            #"movies: --fail-first: "-2" is not a whole number of fetches (0 or more)"#
        ),
    ])
    func aBadOptionPrintsUsageAndExits64(arguments: [String], message: String) async throws {
        let run = try await MoviesProcess.run(arguments)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.first == message)
        #expect(run.stderr.contains("Usage: movies"))
    }

    /// The rows of the bundled catalog as `list` prints them, positions right-aligned.
    private func catalogRows() -> [String] {
        catalogTitles.enumerated().map { offset, title in
            let position = "\(offset + 1)"
            return String(repeating: " ", count: 4 - position.count) + position + ". " + title
        }
    }

    /// The shell command `help list` gives for keeping the list as JSON works as written, and
    /// writes exactly the list, as a catalog.
    @Test func theShellExampleOfHelpListWritesTheJSON() async throws {
        let page = HelpText.page(of: ListCommand.reference)
        let marker = "in a shell: "
        let line = try #require(page.split(separator: "\n").first { $0.contains(marker) })
        let example = String(line[try #require(line.range(of: marker)).upperBound...])
        #expect(example.hasPrefix("movies "))
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let run = try await ShellRun.run(
            "cd '\(directory.path)' && \"$MOVIES\" --latency 0 "
                + example.dropFirst("movies ".count) + "; echo \"status=$?\"")
        #expect(run.stdoutLines == ["status=0"])
        let json = try #require(FileManager.default.contents(atPath: directory.path("movies.json")))
        let movies = try Catalog.decode(json, file: "movies.json")
        #expect(movies.map { "\($0.title) (\($0.year))" } == catalogTitles)
    }

    /// A `save` that cannot write its file is a rejected command (1), and the session goes on:
    /// 74 is for what the session cannot go on without.
    @Test func aSaveThatCannotWriteIsARejectedCommand() async throws {
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--quiet", "-c", "save /no/such/folder/movies.json; list --json"])
        #expect(run.status == 1 && !run.signalled)
        #expect(run.stdoutLines.count == 1, "the list after the failed save still ran")
        #expect(
            run.stderrLines == [
                "command 1: save: cannot write /no/such/folder/movies.json: No such file or directory"
            ])
    }

    private func helpLines() -> [String] {
        HelpText.commands.split(separator: "\n").map(String.init)
    }
}

let catalogTitles = [
    "The Godfather (1972)", "Casablanca (1942)", "Citizen Kane (1941)", "Seven Samurai (1954)",
    "Vertigo (1958)", "Psycho (1960)", "2001: A Space Odyssey (1968)", "Jaws (1975)",
    "Taxi Driver (1976)", "Star Wars (1977)", "Alien (1979)", "Apocalypse Now (1979)",
    "Raging Bull (1980)", "Blade Runner (1982)", "E.T. the Extra-Terrestrial (1982)",
    "Back to the Future (1985)", "Do the Right Thing (1989)", "Goodfellas (1990)",
    "The Silence of the Lambs (1991)", "Jurassic Park (1993)", "Schindler's List (1993)",
    "Pulp Fiction (1994)", "Heat (1995)", "Toy Story (1995)", "Fargo (1996)", "Titanic (1997)",
    "The Matrix (1999)", "Spirited Away (2001)", "City of God (2002)", "Parasite (2019)",
]
