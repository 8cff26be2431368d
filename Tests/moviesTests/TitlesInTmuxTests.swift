// Titles of every script in a real terminal emulator: the built binary runs in tmux, which has its
// own idea of widths, at 40 and 80 columns, in the line view and with `--screen`. Every row stays
// on its line (a row cut too late would wrap onto the next), the prompt stays intact, the cursor
// lands where tmux itself advances over the typed text, and after `delete 1` nothing is left of
// the deleted row. Without tmux the tests are skipped, and say so; CI installs tmux and requires
// them (`MOVIES_REQUIRE_TMUX=1`).

import Foundation
import MoviesTestSupport
import Testing

@Suite(
    "titles of every script in tmux", .hangGuard, .timeLimit(.minutes(2)),
    .enabled(
        if: TmuxSession.executable != nil || TmuxSession.isRequired,
        "tmux is not installed: titles are not checked in a real terminal emulator here"))
struct TitlesInTmuxTests {
    /// Devanagari, Thai, Tamil, Hangul, kana, combining Latin, skin tones, families and other
    /// sequences joined by zero-width joiners, flags, and one title of 480 spacing marks. (A
    /// family of four is more than tmux keeps in one cell: it drops the last member.)
    static let catalog: [CatalogMovie] = [
        CatalogMovie(id: 1, title: "दिलवाले दुल्हनिया ले जाएंगे", year: 1995),
        CatalogMovie(id: 2, title: "กำแพงเมืองจีน สวัสดีครับ", year: 2001),
        CatalogMovie(id: 3, title: "தமிழ் திரைப்படம் நீண்ட தலைப்பு", year: 2002),
        CatalogMovie(id: 4, title: "기생충 살인의 추억 괴물 올드보이", year: 2003),
        CatalogMovie(id: 5, title: "千と千尋の神隠し となりのトトロ", year: 2004),
        CatalogMovie(
            id: 6, title: "Ame\u{301}lie Poulain e\u{301}te\u{301} cafe\u{301}", year: 2005),
        CatalogMovie(id: 7, title: "👍🏻👍🏽👍🏿 thumbs up", year: 2006),
        CatalogMovie(id: 8, title: "👨\u{200D}👩\u{200D}👧 family 👩🏽\u{200D}🚀", year: 2007),
        CatalogMovie(id: 9, title: "🇯🇵🇫🇷🇧🇷 flags 🏳\u{FE0F}\u{200D}🌈", year: 2008),
        CatalogMovie(id: 10, title: String(repeating: "\u{A9C0}", count: 480), year: 2009),
    ]

    /// Typed at the prompt: a conjunct, a skin tone, Hangul, a flag (the line view's cursor
    /// counts as tmux does for all of these).
    static let typed = "insert \"क्ष 👍🏽 한 🇯🇵\" 1999"

    static let sizes: [(columns: Int, rows: Int)] = [(40, 12), (80, 24)]

    // MARK: - The screen view

    @Test(arguments: sizes)
    func theScreenViewKeepsEveryRowOnItsLine(columns: Int, rows: Int) async throws {
        try await withApp(["--screen"], columns: columns, rows: rows) { tmux in
            let listRows = rows - 3
            var screen = try await tmux.waitUntil("the loaded list") { screen in
                screen.lines[rows - 3] == "10 movies · loaded"
                    && screen.lines[rows - 1] == "movies>"
            }
            expectListRows(screen, first: 0, count: min(listRows, 10), listRows: listRows)
            #expect(screen.lines[rows - 2] == "Loaded 10 movies.")
            #expect(screen.cursor == (8, rows - 1), "\(screen.dump)")

            try await tmux.send("delete 1")
            try await tmux.press("Enter")
            screen = try await tmux.waitUntil("the row deleted") { screen in
                screen.lines[rows - 3] == "9 movies · loaded" && screen.lines[rows - 1] == "movies>"
            }
            // The rows below moved up, renumbered; the row that came into view is drawn whole,
            // and nothing of the deleted row is left anywhere in the list.
            expectListRows(screen, first: 1, count: min(listRows, 9), listRows: listRows)
            #expect(screen.lines[rows - 2].hasPrefix("Deleted “दिलवाले"), "\(screen.dump)")
            #expect(!screen.lines.prefix(listRows).joined().contains("दिल"), "\(screen.dump)")
            #expect(screen.cursor == (8, rows - 1), "\(screen.dump)")
        }
    }

    /// The screen view leaves the cursor where tmux's own advance puts it, even over a family
    /// that tmux draws in two cells where the app counts six.
    @Test(arguments: sizes)
    func theScreenViewsCursorIsWhereTmuxDrewTheText(columns: Int, rows: Int) async throws {
        try await withApp(["--screen"], columns: columns, rows: rows) { tmux in
            try await tmux.waitUntil("the loaded list") {
                $0.lines[rows - 3] == "10 movies · loaded"
            }
            try await expectCursor(
                tmux, typing: "insert \"क्ष 👨\u{200D}👩\u{200D}👧\" 1", row: rows - 1)
            try await tmux.press("C-e", "C-u")
            try await tmux.waitUntil("an empty line") { $0.lines[rows - 1] == "movies>" }
        }
    }

    /// `find a` keeps three titles (combining Latin, a joined family, flags) at their positions;
    /// deleting a hidden title above two of them renumbers them in place.
    @Test(arguments: sizes)
    func theScreenViewsFindKeepsEveryMatchOnItsLine(columns: Int, rows: Int) async throws {
        try await withApp(["--screen"], columns: columns, rows: rows) { tmux in
            let listRows = rows - 3
            try await tmux.waitUntil("the loaded list") {
                $0.lines[rows - 3] == "10 movies · loaded"
            }
            try await tmux.send("find a")
            try await tmux.press("Enter")
            var screen = try await tmux.waitUntil("the matches") { screen in
                screen.lines[rows - 3].hasPrefix("3 of 10 movies match “a”")
                    && screen.lines[rows - 1] == "movies>"
            }
            let matches = [5, 7, 8].map { (position: $0 + 1, movie: Self.catalog[$0]) }
            expectListRows(screen, matches, listRows: listRows)
            #expect(screen.cursor == (8, rows - 1), "\(screen.dump)")

            try await tmux.send("delete 7")
            try await tmux.press("Enter")
            screen = try await tmux.waitUntil("the hidden row deleted") { screen in
                screen.lines[rows - 3].hasPrefix("3 of 9 movies match “a”")
                    && screen.lines[rows - 1] == "movies>"
            }
            // The two after it move up a position; the first keeps its own.
            let renumbered = [(6, 5), (7, 7), (8, 8)].map {
                (position: $0.0, movie: Self.catalog[$0.1])
            }
            expectListRows(screen, renumbered, listRows: listRows)

            try await tmux.send("find")
            try await tmux.press("Enter")
            screen = try await tmux.waitUntil("every movie again") { screen in
                screen.lines[rows - 3] == "9 movies · loaded" && screen.lines[rows - 1] == "movies>"
            }
            #expect(screen.lines[0].hasPrefix("  1. "), "\(screen.dump)")
        }
    }

    // MARK: - The line view

    @Test(arguments: sizes)
    func theLineViewKeepsEveryRowAndThePrompt(columns: Int, rows: Int) async throws {
        try await withApp([], columns: columns, rows: rows) { tmux in
            try await tmux.waitUntil("the prompt") { $0.lines.contains("movies>") }
            let rowsShown: [String] = Self.catalog.enumerated().map { index, movie in
                (index < 9 ? "   " : "  ") + "\(index + 1). \(movie.title) (\(movie.year))"
            }
            let expected: [String] =
                ["Loading movies…"] + rowsShown + ["Loaded 10 movies.", "movies>"]
            let history = try await tmux.history()
            #expect(history == expected, "\(history.debugDescription)")

            try await tmux.send("delete 1")
            try await tmux.press("Enter")
            let screen = try await tmux.waitUntil("the deleted row and the prompt") { screen in
                screen.lines.last(where: { !$0.isEmpty }) == "movies>"
                    && screen.lines.contains { $0.hasPrefix("- 1. ") }
            }
            let after = try await tmux.history()
            #expect(
                after.suffix(3) == [
                    "movies> delete 1", "- 1. \(Self.catalog[0].title) (1995)", "movies>",
                ], "\(after.suffix(5).debugDescription)")
            let column = screen.cursor.column
            #expect(column == 8, "\(screen.dump)")
        }
    }

    @Test(arguments: sizes)
    func theLineEditorsCursorIsWhereTmuxDrewTheText(columns: Int, rows: Int) async throws {
        try await withApp([], columns: columns, rows: rows) { tmux in
            try await tmux.waitUntil("the prompt") { $0.lines.contains("movies>") }
            let start = try await tmux.screen()
            try await expectCursor(tmux, typing: Self.typed, row: start.cursor.row)
            // A line longer than the window wraps as tmux wraps it: moving to its start and
            // typing there redraws it in place, one copy, with nothing stale above.
            let long = String(repeating: " กำแพง", count: columns / 4)
            try await tmux.press("End")
            try await tmux.send(long)
            try await tmux.press("Home")
            try await tmux.send("X")
            let screen = try await tmux.waitUntil("X typed at the start of the long line") {
                $0.cursor.column == 9 && $0.lines.contains { $0.hasPrefix("movies> X") }
            }
            let firstRow = screen.lines[screen.cursor.row]
            #expect(firstRow.hasPrefix("movies> Xinsert"), "\(screen.dump)")
            let history = try await tmux.history()
            let whole: String = "movies> X" + Self.typed + long
            #expect(history.last == whole, "\(screen.dump)")
            #expect(history.dropLast().last == "Loaded 10 movies.", "\(screen.dump)")
        }
    }

    // MARK: - Helpers

    /// Checks list rows `0..<count`: row `k` shows movie `first + k`, numbered `k + 1`, its
    /// title whole or cut with `…`, and its year; the rows after it are blank.
    private func expectListRows(
        _ screen: TmuxSession.Screen, first: Int, count: Int, listRows: Int
    ) {
        let shown = (0..<count).map { row in (position: row + 1, movie: Self.catalog[first + row]) }
        expectListRows(screen, shown, listRows: listRows)
    }

    /// Checks the list rows against `shown`: row `k` shows `shown[k].movie` numbered
    /// `shown[k].position`, its title whole or cut with `…`, and its year; the rows after them
    /// are blank.
    private func expectListRows(
        _ screen: TmuxSession.Screen, _ shown: [(position: Int, movie: CatalogMovie)],
        listRows: Int
    ) {
        for (row, (position, movie)) in shown.enumerated() {
            let number = String(position)
            let prefix = String(repeating: " ", count: 3 - number.count) + number + ". "
            let suffix = " (\(movie.year))"
            let line = screen.lines[row]
            guard line.hasPrefix(prefix), line.hasSuffix(suffix) else {
                Issue.record("row \(row) is not movie \(movie.id) on its line:\n\(screen.dump)")
                continue
            }
            let title = String(line.dropFirst(prefix.count).dropLast(suffix.count))
            let isWholeOrCut =
                title == movie.title
                || (title.hasSuffix("…") && movie.title.hasPrefix(title.dropLast()))
            #expect(isWholeOrCut, "row \(row): \(line)")
        }
        for row in shown.count..<listRows {
            #expect(screen.lines[row].isEmpty, "row \(row) left over:\n\(screen.dump)")
        }
    }

    /// Types `line`, then checks the cursor after it, at its start, and after its first three
    /// characters and all but its last, each against tmux's own advance over the same text.
    private func expectCursor(_ tmux: TmuxSession, typing line: String, row: Int) async throws {
        let prompt = "movies> "
        try await tmux.send(line)
        let end = try await tmux.advance(of: prompt + line)
        try await tmux.waitUntil("the typed line, the cursor at its end") { screen in
            screen.lines[row] == prompt + line && screen.cursor == (end, row)
        }
        try await tmux.press("Home")
        try await tmux.waitUntil("the cursor at the start") { $0.cursor == (8, row) }
        try await tmux.press("Right", "Right", "Right")
        let third = try await tmux.advance(of: prompt + String(line.prefix(3)))
        try await tmux.waitUntil("the cursor after three characters") { $0.cursor == (third, row) }
        try await tmux.press("End", "Left")
        let last = try await tmux.advance(of: prompt + String(line.dropLast()))
        try await tmux.waitUntil("the cursor before the last character") {
            $0.cursor == (last, row)
        }
    }

    /// Runs `movies --latency 0 --catalog catalog.json` with `arguments` in a tmux window of
    /// `columns` x `rows`, calls `body`, then quits the app and checks it exited with 0.
    private func withApp(
        _ arguments: [String], columns: Int, rows: Int,
        _ body: (TmuxSession) async throws -> Void
    ) async throws {
        try await TmuxSession.withApp(
            arguments, catalog: Self.catalog, columns: columns, rows: rows, body)
    }
}
