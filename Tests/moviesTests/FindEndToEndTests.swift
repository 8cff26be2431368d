// `find` through the built binary with piped input: the exact lines, the positions that `delete`
// then takes, `find --json` under --quiet with -c, hostile titles, and the refusals with the
// status they leave.

import Foundation
import MoviesTestSupport
import Testing

@Suite("find, end to end", .hangGuard)
struct FindEndToEndTests {
    @Test func findPrintsTheMatchesWhereTheListHasThemAndDeleteTakesThosePositions() async throws {
        let script = """
            find the
            delete 15
            find THE
            search amélie
            find
            find x y
            list

            """
        let run = try await MoviesProcess.run(["--latency", "0", "--quiet"], input: script)
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "line 5: find: expected arguments, got none; usage: find [--json] [--] TEXT",
                "line 6: find: got 2 arguments; usage: find [--json] [--] TEXT",
            ])
        let lines = run.stdoutLines
        #expect(
            Array(lines.prefix(13)) == [
                "   1. The Godfather (1972)", "  15. E.T. the Extra-Terrestrial (1982)",
                "  16. Back to the Future (1985)", "  17. Do the Right Thing (1989)",
                "  19. The Silence of the Lambs (1991)", "  27. The Matrix (1999)",
                "6 of 30 movies match “the”",
                "   1. The Godfather (1972)", "  15. Back to the Future (1985)",
                "  16. Do the Right Thing (1989)", "  18. The Silence of the Lambs (1991)",
                "  26. The Matrix (1999)", "5 of 29 movies match “THE”",
            ])
        #expect(lines.dropFirst(13).first == "No movie matches “amélie” (29 movies)")
        let count = 14 + 29
        #expect(lines.count == count, "then the list, which lost E.T.")
    }

    @Test func findJSONUnderQuietPrintsOneLineOfCatalogJSON() async throws {
        let run = try await MoviesProcess.run([
            "--latency", "0", "--quiet", "-c", "find --json GOD",
        ])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdoutLines.count == 1)
        let json = try #require(run.stdoutLines.first)
        let movies = try JSONDecoder().decode([CatalogMovie].self, from: Data(json.utf8))
        #expect(
            movies == [
                CatalogMovie(id: 1, title: "The Godfather", year: 1972),
                CatalogMovie(id: 29, title: "City of God", year: 2002),
            ])
    }

    /// Matching titles are drawn escaped, in rows and in JSON, and so is the echoed text.
    @Test func hostileTitlesAndTextReachTheOutputEscaped() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = [
            CatalogMovie(id: 1, title: "Night \u{1B}]0;pwned\u{7}", year: 2000),
            CatalogMovie(id: 2, title: "Day", year: 2001),
            CatalogMovie(id: 3, title: "Night \u{202E}txt", year: 2002),
        ]
        let path = try directory.writeCatalog(catalog)
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--quiet", "--catalog", path],
            input: "find night\nfind --json NIGHT\nfind '\u{1B}[2J'\n")
        #expect(run.status == 0)
        // Checked first, and the lines only if it holds: a failed expectation on raw output
        // would print it.
        let raw = UnsafeScalars.first(in: run.stdout + run.stderr, allowing: ["\n"])
        #expect(raw == nil, "no unsafe scalar reaches the output raw")
        guard raw == nil else { return }
        let lines = run.stdoutLines
        #expect(
            Array(lines.prefix(3)) == [
                #"  1. Night \u{1B}]0;pwned\u{7} (2000)"#, #"  3. Night \u{202E}txt (2002)"#,
                "2 of 3 movies match “night”",
            ])
        #expect(
            lines.dropFirst(3).first?.hasPrefix(#"[{"id":1,"title":"Night \u001b]0;pwned"#) == true)
        #expect(lines.last == #"No movie matches “\u{1B}[2J” (3 movies)"#)
    }

    /// A session restored from a state file searches the list it restored.
    @Test func findSearchesARestoredList() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("movies.state")
        let first = try await MoviesProcess.run(
            ["--latency", "0", "--quiet", "--state", state], input: "delete 1\nmove 26 1\n")
        #expect(first.status == 0)
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--quiet", "--state", state],
            input: "find the matrix\nfind 'THE M'\n")
        #expect(
            run.stderrLines == ["line 1: find: got 2 arguments; usage: find [--json] [--] TEXT"])
        #expect(run.stdoutLines == ["   1. The Matrix (1999)", "1 of 29 movies matches “THE M”"])
    }

    /// A text no title could be is refused with the title's message; the lines after it run.
    @Test func aTextNoTitleCouldBeIsRefusedAndTheSessionGoesOn() async throws {
        let long = String(repeating: "x", count: 501)
        let run = try await MoviesProcess.run(
            ["--latency", "0", "--quiet"], input: "find \(long)\nfind '  '\nfind jaws\n")
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "line 1: find: the title is too long; at most 500 Unicode code points",
                "line 2: find: the title is empty; give one, in quotes if it has spaces",
            ])
        #expect(run.stdoutLines == ["   8. Jaws (1975)", "1 of 30 movies matches “jaws”"])
    }
}
