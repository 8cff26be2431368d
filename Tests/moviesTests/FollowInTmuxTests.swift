// A follower with `--screen` in a real terminal emulator: the built binary follows a state file in
// tmux while another process edits it. Each edit lands on the rows it touches, the status line
// counts the list, the message line says what changed; an edit typed in the follower is refused
// on the message line and changes nothing; the owner's refresh redraws the list whole, saying so
// without offering `undo`. Skipped without tmux (CI requires it: `MOVIES_REQUIRE_TMUX=1`).

import Foundation
import MoviesTestSupport
import Testing

@Suite(
    "--follow --screen in tmux", .hangGuard, .timeLimit(.minutes(2)),
    .enabled(
        if: TmuxSession.executable != nil || TmuxSession.isRequired,
        "tmux is not installed: the screen follower is not checked in a real terminal emulator"))
struct FollowInTmuxTests {
    static let columns = 80
    static let rows = 24

    /// The list rows the screen view draws for `movies`, from the top of the window.
    static func listRows(_ movies: [CatalogMovie]) -> [String] {
        movies.prefix(rows - 3).enumerated().map { index, movie in
            let number = String(index + 1)
            return String(repeating: " ", count: max(0, 3 - number.count)) + number + ". "
                + movie.title + " (\(movie.year))"
        }
    }

    @Test func theScreenFollowerRepaintsTheOwnersEditsAndRefusesItsOwn() async throws {
        guard let binary = MoviesProcess.binary else { throw MoviesProcess.BinaryNotFound() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (state, catalog) = try await FollowEndToEndTests.stateFile(in: directory)
        let tmux = try await TmuxSession(
            command: "\"$MOVIES\" --follow movies.state --screen; echo \"exit=$?\"; exec sleep 600",
            columns: Self.columns, rows: Self.rows, directory: directory.path,
            environment: ["MOVIES": binary.path], spawnLock: MoviesProcess.spawnLock)
        do {
            let (status, message, input) = (Self.rows - 3, Self.rows - 2, Self.rows - 1)
            var screen = try await tmux.waitUntil("the followed list") { screen in
                screen.lines[status] == "30 movies" && screen.lines[input] == "movies>"
            }
            #expect(Array(screen.lines.prefix(status)) == Self.listRows(catalog))
            #expect(screen.lines[message] == "Following 30 movies in movies.state (read-only).")

            var expected = catalog
            expected.removeFirst()
            expected[0].title = "Casablanca (restored)"
            expected.insert(expected.remove(at: 2), at: 0)
            let owner = try await MoviesProcess.run(
                ["--state", state], input: "delete 1\nrename 1 Casablanca (restored)\nmove 3 1\n")
            #expect(owner.status == 0)
            screen = try await tmux.waitUntil("the owner's three edits") { screen in
                screen.lines[status] == "29 movies"
                    && screen.lines[message] == "Moved “Seven Samurai (1954)” from 3 to 1."
            }
            #expect(Array(screen.lines.prefix(status)) == Self.listRows(expected), "\(screen.dump)")
            #expect(screen.cursor == (8, input), "\(screen.dump)")

            // Its own edit is refused, on the message line; nothing else changes.
            try await tmux.send("delete 1")
            try await tmux.press("Enter")
            screen = try await tmux.waitUntil("the refusal") { screen in
                screen.lines[message].hasPrefix("delete: refused: following movies.state")
            }
            #expect(Array(screen.lines.prefix(status)) == Self.listRows(expected))
            #expect(screen.lines[status] == "29 movies")

            // The owner's refresh replaces the list: drawn whole.
            let refresh = try await MoviesProcess.run(
                ["--latency", "0", "--state", state], input: "refresh\nlist\n")
            #expect(refresh.status == 0)
            screen = try await tmux.waitUntil("the refreshed list") { screen in
                screen.lines[status] == "30 movies"
            }
            #expect(Array(screen.lines.prefix(status)) == Self.listRows(catalog), "\(screen.dump)")
            // Said without offering `undo`, which a follower refuses.
            #expect(screen.lines[message] == "List replaced: 30 movies.", "\(screen.dump)")

            try await tmux.send("quit")
            try await tmux.press("Enter")
            try await tmux.waitUntil("the follower's exit, 1 for the refused edit") {
                $0.lines.contains("exit=1")
            }
        } catch {
            await tmux.close()
            throw error
        }
        await tmux.close()
    }
}
