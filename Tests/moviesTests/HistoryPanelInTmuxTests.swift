// The screen view's history panel in a real terminal emulator: the built binary runs with
// `--screen` in tmux; after three edits, Ctrl-T opens the panel under the list with the newest
// edit in reverse video; Up, Up and Down take the list two edits back and one forward, and after
// each the list rows and the highlighted line are read from tmux's own screen (`capture-pane`, its
// attributes too); the text typed before Ctrl-T stays on the input line throughout; Esc closes
// the panel and the list takes its rows back. Skipped without tmux (CI requires it:
// `MOVIES_REQUIRE_TMUX=1`).

import Foundation
import MoviesTestSupport
import Testing

@Suite(
    "the history panel in tmux", .hangGuard, .timeLimit(.minutes(2)),
    .enabled(
        if: TmuxSession.executable != nil || TmuxSession.isRequired,
        "tmux is not installed: the history panel is not checked in a real terminal emulator"))
struct HistoryPanelInTmuxTests {
    static let columns = 80
    static let rows = 24
    /// Rows 0 to 20 are above the status line: the list keeps 0 to 10, the panel takes 11 to
    /// 20 (its title, then edits 0, 1, 2… from row 12).
    static let (listRows, title, firstEdit) = (11, 11, 12)
    static let (status, message, input) = (21, 22, 23)

    /// Film 1 to Film 20, from 1971 on.
    static let catalog = (1...20).map {
        CatalogMovie(id: $0, title: "Film \($0)", year: 1970 + $0)
    }

    /// The list rows the screen view draws for `movies` (10 to 99 of them), from the top.
    static func listRows(_ movies: [CatalogMovie], count: Int) -> [String] {
        movies.prefix(count).enumerated().map { index, movie in
            let number = String(index + 1)
            return String(repeating: " ", count: 3 - number.count) + number + ". "
                + movie.title + " (\(movie.year))"
        }
    }

    /// The panel's rows for the three edits the test makes, the list right after edit `point`.
    static func panelRows(point: Int) -> [String] {
        [
            "0  before the first edit", "1  - 1. Film 1 (1971)", "2  ~ 1. Second (1972)",
            "3  ↕ 1 → 5. Second (1972)",
        ].enumerated().map { number, text in
            (number == point ? "▸ " : "  ") + text + (number > point ? "   (undone)" : "")
        }
    }

    @Test func upAndDownStepThroughTheHistoryAndTheListFollows() async throws {
        try await TmuxSession.withApp(
            ["--screen"], catalog: Self.catalog, columns: Self.columns, rows: Self.rows
        ) { tmux in
            try await tmux.waitUntil("the loaded list") { screen in
                screen.lines[Self.status] == "20 movies · loaded"
                    && screen.lines[Self.input] == "movies>"
            }
            for (command, message) in [
                ("delete 1", "Deleted “Film 1 (1971)” from 1."),
                ("rename 1 Second", "Changed “Film 2 (1972)” to “Second (1972)” at 1."),
                ("move 1 5", "Moved “Second (1972)” from 1 to 5."),
            ] {
                try await tmux.send(command)
                try await tmux.press("Enter")
                try await tmux.waitUntil("\(command)") { screen in
                    screen.lines[Self.message] == message && screen.lines[Self.input] == "movies>"
                }
            }
            // Text typed before the panel opens stays on the input line while it is open.
            try await tmux.send("list")
            try await tmux.press("C-t")
            var screen = try await tmux.waitUntil("the panel") { screen in
                screen.lines[Self.firstEdit + 3] == Self.panelRows(point: 3)[3]
            }
            var films = Array(Self.catalog.dropFirst())
            films[0].title = "Second"
            var moved = films
            moved.insert(moved.remove(at: 0), at: 4)
            #expect(
                Array(screen.lines.prefix(Self.listRows))
                    == Self.listRows(moved, count: Self.listRows), "\(screen.dump)")
            #expect(screen.lines[Self.title].hasPrefix("── History · Up: undo · Down: redo"))
            #expect(
                Array(screen.lines[Self.firstEdit..<Self.firstEdit + 4])
                    == Self.panelRows(point: 3), "\(screen.dump)")
            var reversed = try await tmux.reversedText()
            #expect(reversed[Self.firstEdit + 3] == Self.panelRows(point: 3)[3])
            #expect(reversed.filter { !$0.isEmpty }.count == 1, "\(reversed)")

            // Up, Up: the move and the rename undone; Down: the rename again.
            for (key, point) in [("Up", 2), ("Up", 1), ("Down", 2)] {
                try await tmux.press(key)
                screen = try await tmux.waitUntil("\(key) to edit \(point)") { screen in
                    screen.lines[Self.firstEdit + point].hasPrefix("▸ \(point)")
                }
            }
            #expect(
                screen.lines[Self.message] == "Changed “Film 2 (1972)” to “Second (1972)” at 1.")
            #expect(
                Array(screen.lines.prefix(Self.listRows))
                    == Self.listRows(films, count: Self.listRows), "\(screen.dump)")
            #expect(
                Array(screen.lines[Self.firstEdit..<Self.firstEdit + 4])
                    == Self.panelRows(point: 2), "\(screen.dump)")
            reversed = try await tmux.reversedText()
            #expect(reversed[Self.firstEdit + 2] == Self.panelRows(point: 2)[2], "\(reversed)")
            #expect(reversed.filter { !$0.isEmpty }.count == 1, "\(reversed)")
            #expect(screen.lines[Self.input] == "movies> list", "\(screen.dump)")
            #expect(screen.cursor == (12, Self.input), "\(screen.dump)")

            // Esc closes it: the list takes its rows back.
            try await tmux.press("Escape")
            screen = try await tmux.waitUntil("the panel closed") { screen in
                screen.lines[Self.title] == Self.listRows(films, count: Self.listRows + 1).last
            }
            #expect(
                Array(screen.lines.prefix(Self.status))
                    == Self.listRows(films, count: films.count) + ["", ""], "\(screen.dump)")
            #expect(try await tmux.reversedText().allSatisfy(\.isEmpty))
            // No key was refused: the app ends with 0.
        }
    }
}
