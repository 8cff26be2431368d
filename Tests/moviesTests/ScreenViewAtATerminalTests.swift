// The screen view (`--screen`) as a person at a terminal sees it: the built binary runs on a
// pseudo-terminal, the test presses keys, and after every step it checks the visible grid of a
// terminal-screen model (every list row, the status, message and input lines, the cursor), never
// the bytes. Where the view promises to redraw little (an edit repaints the rows it touches and
// only renumbers the rows that shift; a spinner frame rewrites one cell) the model's record of
// touched cells checks that too. Every test checks that the model met no sequence it does not
// know; those that end the app check its status and that the terminal is back as it was.

import Foundation
import MoviesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("The screen view at a terminal")
struct ScreenViewAtATerminalTests {
    /// Where the screen view puts things in a window `rows` high, as the model numbers rows.
    private struct Layout {
        var rows: Int
        var columns: Int

        var listRows: Int { rows - 3 }
        var status: Int { rows - 3 }
        var message: Int { rows - 2 }
        var input: Int { rows - 1 }
    }

    // MARK: - Helpers

    /// `count` movies called "Film 1", "Film 2"… from 1971 on.
    private static func films(_ count: Int) -> [CatalogMovie] {
        (1...count).map { CatalogMovie(id: $0, title: "Film \($0)", year: 1970 + $0) }
    }

    /// A list row as the screen view draws it for a list of 10 to 99 movies: the position
    /// right-aligned in three digits (one to spare), then the title and the year.
    private static func row(_ position: Int, _ movie: CatalogMovie) -> String {
        let number = String(position)
        return String(repeating: " ", count: max(0, 3 - number.count)) + number + ". "
            + movie.title + " (\(movie.year))"
    }

    /// The list rows a window shows for `list` scrolled to `top` (blank past the end).
    private static func visibleRows(_ list: [CatalogMovie], top: Int, layout: Layout) -> [String] {
        (top..<(top + layout.listRows)).map { index in
            index < list.count ? row(index + 1, list[index]) : ""
        }
    }

    private static func quoted(_ movie: CatalogMovie) -> String {
        "“\(movie.title) (\(movie.year))”"
    }

    /// Starts `movies --screen` on `catalog` (written into `directory`) and waits until the list
    /// is loaded and the empty input line is on the bottom row.
    private func start(
        _ catalog: [CatalogMovie], in directory: TemporaryDirectory, layout: Layout
    ) async throws -> TerminalProcess {
        let app = try TerminalProcess(
            movies: try Self.arguments(catalog, in: directory)("0"),
            rows: layout.rows, columns: layout.columns)
        try await waitForList(app, count: catalog.count, layout: layout)
        return app
    }

    /// Writes `catalog` into `directory` and returns the arguments that show it with `--screen`
    /// after `latency` seconds.
    private static func arguments(
        _ catalog: [CatalogMovie], in directory: TemporaryDirectory
    ) throws -> (_ latency: String) -> [String] {
        let path = try directory.writeCatalog(catalog)
        return { ["--latency", $0, "--catalog", path, "--screen"] }
    }

    private func waitForList(_ app: TerminalProcess, count: Int, layout: Layout) async throws {
        try await app.waitUntil("the loaded list and an empty input line") { screen in
            screen.isAlternateScreen && screen.isBracketedPasteEnabled
                && screen.line(layout.status) == "\(count) movies · loaded"
                && screen.line(layout.input) == "movies>" && screen.cursor == (layout.input, 8)
        }
    }

    /// Waits until the message line reads `message` and the input line is empty again.
    private func waitForMessage(
        _ app: TerminalProcess, _ message: String, layout: Layout
    ) async throws {
        try await app.waitUntil("the message \"\(message)\"") { screen in
            screen.line(layout.message) == message && screen.line(layout.input) == "movies>"
                && screen.cursor == (layout.input, 8)
        }
    }

    /// Types `command` and waits for it on the input line, forgets the damage so far, then
    /// presses Enter and waits for `message` and whatever else `drawn` expects: the model's
    /// damage is then what the command drew.
    ///
    /// The status line is drawn by a subscriber of its own, in a write of its own, so a test that
    /// checks it after a command waits for it here too.
    private func run(
        _ app: TerminalProcess, _ command: String, message: String, layout: Layout,
        drawn: (TerminalScreen) -> Bool = { _ in true }
    ) async throws {
        app.send(command)
        try await app.waitUntil("\"\(command)\" on the input line") { screen in
            screen.line(layout.input) == "movies> \(command)"
                && screen.cursor == (layout.input, 8 + command.count)
        }
        app.resetDamage()
        app.press(.enter)
        try await app.waitUntil("what \"\(command)\" draws, and the message \"\(message)\"") {
            screen in
            screen.line(layout.message) == message && screen.line(layout.input) == "movies>"
                && screen.cursor == (layout.input, 8) && drawn(screen)
        }
    }

    private func listRows(_ app: TerminalProcess, layout: Layout) -> [String] {
        Array(app.screen.lines.prefix(layout.listRows))
    }

    /// Checks which list rows the last step wrote: `redrawn` rows whole, `renumbered` rows only
    /// in the position's digits (`numberCells` wide: the `. ` after them stays), every other list
    /// row not at all.
    private func expectDamage(
        _ app: TerminalProcess, layout: Layout, redrawn: Set<Int> = [],
        renumbered: ClosedRange<Int>? = nil, numberCells: Int = 3,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for row in 0..<layout.listRows {
            let touched = app.screen.touchedColumns(row: row)
            let expected: Range<Int> =
                redrawn.contains(row)
                ? 0..<layout.columns
                : renumbered?.contains(row) == true ? 0..<numberCells : 0..<0
            #expect(
                touched == expected, "list row \(row) written in columns \(touched)",
                sourceLocation: sourceLocation)
        }
    }

    /// Waits for the app to end and checks how it ended and that the terminal is as it was
    /// (`TerminalProcess.expectExit`), and also that the main screen is back, as it was (blank),
    /// with the cursor shown.
    private func expectExit(
        _ app: TerminalProcess, _ termination: TerminalProcess.Termination,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await app.expectExit(termination, sourceLocation: sourceLocation)
        let screen = app.screen
        #expect(!screen.isAlternateScreen, sourceLocation: sourceLocation)
        #expect(screen.isCursorVisible, sourceLocation: sourceLocation)
        #expect(
            screen.lines.allSatisfy { $0.isEmpty }, "the main screen, as it was: blank",
            sourceLocation: sourceLocation)
    }

    // MARK: - Loading

    @Test(.hangGuard)
    func theSpinnerTurnsWhileLoadingThenTheListTakesItsPlace() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let layout = Layout(rows: 12, columns: 60)
        let films = Self.films(30)
        let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        /// The spinner frame on the status line, if it shows the loading text.
        func frame(_ screen: TerminalScreen) -> Character? {
            let status = screen.line(layout.status)
            guard let first = status.first, frames.contains(first),
                status.dropFirst() == " Loading movies… (0 movies shown)"
            else { return nil }
            return first
        }
        let loaded: (TerminalScreen) -> Bool = { $0.line(layout.status) == "30 movies · loaded" }
        let arguments = try Self.arguments(films, in: directory)
        let app = try await TerminalProcess.whileLoading(
            rows: layout.rows, columns: layout.columns, arguments: arguments
        ) { (app: TerminalProcess) async throws -> Bool in
            var first: Character?
            guard
                try await app.waitWhileLoading(
                    "a spinner frame and the empty input line", loaded: loaded,
                    { screen in
                        first = frame(screen)
                        return first != nil && screen.isAlternateScreen
                            && screen.isBracketedPasteEnabled
                            && screen.line(layout.input) == "movies>"
                            && screen.cursor == (layout.input, 8)
                    })
            else { return false }
            #expect(listRows(app, layout: layout).allSatisfy { $0.isEmpty })
            #expect(app.screen.line(layout.message) == "")

            // The next frame rewrites the spinner's cell and nothing else but the input line.
            app.resetDamage()
            guard
                try await app.waitWhileLoading(
                    "another spinner frame", loaded: loaded,
                    { screen in frame(screen).map { $0 != first } ?? false })
            else { return false }
            #expect(app.screen.touchedColumns(row: layout.status) == 0..<1)
            let touched = app.screen.touchedRows.subtracting([layout.input])
            #expect(touched == [layout.status], "only the spinner's row: \(touched)")

            // Typed while loading: the text stays on the input line when the list arrives.
            app.send("dele")
            return try await app.waitWhileLoading("the typed text", loaded: loaded) { screen in
                screen.line(layout.input) == "movies> dele" && screen.cursor == (layout.input, 12)
            }
        }
        try await app.waitUntil("the loaded list") { screen in
            screen.line(layout.status) == "30 movies · loaded"
        }
        #expect(listRows(app, layout: layout) == Self.visibleRows(films, top: 0, layout: layout))
        #expect(app.screen.line(layout.message) == "Loaded 30 movies.")
        #expect(app.screen.line(layout.input) == "movies> dele")
        #expect(app.screen.cursor == (layout.input, 12))

        app.send("te 1\r")
        let rows = Self.visibleRows(Array(films.dropFirst()), top: 0, layout: layout)
        try await app.waitUntil("the first movie deleted") { screen in
            screen.line(layout.message) == "Deleted “Film 1 (1971)” from 1."
                && Array(screen.lines.prefix(layout.listRows)) == rows
                && screen.line(layout.status) == "29 movies · loaded"
                && screen.line(layout.input) == "movies>" && screen.cursor == (layout.input, 8)
        }
        app.send("quit\r")
        try await waitForMessage(
            app, "1 edit is not saved; type save FILE to keep it, or quit aga…",
            layout: layout)
        app.send("quit\r")
        try await expectExit(app, .exited(0))
    }

    // MARK: - Edits

    /// An edit, what it says, and which list rows it may write.
    private struct EditStep {
        var command: String
        var message: String
        var edit: (inout [CatalogMovie]) -> Void
        var redrawn: Set<Int> = []
        var renumbered: ClosedRange<Int>?
        /// Whether the status line changes (the count does).
        var countChanges: Bool
        /// The index of the first movie shown after the edit.
        var top = 0
    }

    /// Runs `steps` on `app`, checking after each one every list row, the message, the status
    /// line and which rows were written.
    private func expect(
        _ steps: [EditStep], on app: TerminalProcess, list: inout [CatalogMovie], layout: Layout
    ) async throws {
        for step in steps {
            step.edit(&list)
            let rows = Self.visibleRows(list, top: step.top, layout: layout)
            let status = "\(list.count) movies · loaded"
            // Waiting for the whole list and the status line is the check: on a timeout the
            // failure shows the screen.
            try await run(app, step.command, message: step.message, layout: layout) { screen in
                Array(screen.lines.prefix(layout.listRows)) == rows
                    && screen.line(layout.status) == status
            }
            #expect(
                app.screen.touchedRows.contains(layout.status) == step.countChanges,
                "the status line is redrawn only when the count changes (\(step.command))")
            expectDamage(app, layout: layout, redrawn: step.redrawn, renumbered: step.renumbered)
        }
    }

    @Test(.hangGuard)
    func anEditOnScreenRedrawsItsRowAndOnlyRenumbersTheRowsThatShift() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let layout = Layout(rows: 12, columns: 60)
        var list = Self.films(30)
        let app = try await start(list, in: directory, layout: layout)
        #expect(listRows(app, layout: layout) == Self.visibleRows(list, top: 0, layout: layout))
        #expect(app.screen.line(layout.message) == "Loaded 30 movies.")

        let new = CatalogMovie(id: 31, title: "New", year: 2000)
        let steps = [
            // Rows 2–8 move up a row (the terminal moves them) and get their new numbers; the
            // tenth movie comes into view on the last row.
            EditStep(
                command: "delete 2", message: "Deleted \(Self.quoted(list[1])) from 2.",
                edit: { $0.remove(at: 1) }, redrawn: [8], renumbered: 1...7, countChanges: true),
            EditStep(
                command: #"insert "New" 2000 3"#, message: "Inserted \(Self.quoted(new)) at 3.",
                edit: { $0.insert(new, at: 2) }, redrawn: [2], renumbered: 3...8,
                countChanges: true),
            // A move touches the rows between its ends; the count, and so the status line, stay.
            EditStep(
                command: "move 1 5", message: "Moved \(Self.quoted(list[0])) from 1 to 5.",
                edit: { $0.insert($0.remove(at: 0), at: 4) }, redrawn: [4], renumbered: 0...3,
                countChanges: false),
            EditStep(
                command: "move 6 2", message: "Moved “Film 6 (1976)” from 6 to 2.",
                edit: { $0.insert($0.remove(at: 5), at: 1) }, redrawn: [1], renumbered: 2...5,
                countChanges: false),
        ]
        try await expect(steps, on: app, list: &list, layout: layout)
        app.expectCleanOutput()
    }

    @Test(.hangGuard)
    func anEditOffScreenRenumbersTheViewOrLeavesItAlone() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let layout = Layout(rows: 12, columns: 60)
        var list = Self.films(30)
        let app = try await start(list, in: directory, layout: layout)

        // Below the view: no list row changes at all.
        try await expect(
            [
                EditStep(
                    command: "delete 20",
                    message: "Deleted “Film 20 (1990)” from 20, below the view.",
                    edit: { $0.remove(at: 19) }, countChanges: true),
                EditStep(
                    command: "move 25 28",
                    message: "Moved “Film 26 (1996)” from 25 to 28, below the view.",
                    edit: { $0.insert($0.remove(at: 24), at: 27) }, countChanges: false),
            ], on: app, list: &list, layout: layout)

        app.press(.pageDown)
        try await waitForMessage(app, "Showing 9–17 of 29.", layout: layout)
        #expect(listRows(app, layout: layout) == Self.visibleRows(list, top: 8, layout: layout))

        // Above the view: the same movies stay on the same rows, under new numbers.
        let above = CatalogMovie(id: 31, title: "Above", year: 2000)
        try await expect(
            [
                EditStep(
                    command: #"insert "Above" 2000 1"#,
                    message: "Inserted “Above (2000)” at 1, above the view.",
                    edit: { $0.insert(above, at: 0) }, renumbered: 0...8, countChanges: true,
                    top: 9),
                EditStep(
                    command: "delete 2", message: "Deleted “Film 1 (1971)” from 2, above the view.",
                    edit: { $0.remove(at: 1) }, renumbered: 0...8, countChanges: true, top: 8),
                // From above the view to below it: every row shifts up and the next movie comes
                // in at the bottom.
                EditStep(
                    command: "move 1 29",
                    message: "Moved “Above (2000)” from 1 to 29, below the view.",
                    edit: { $0.append($0.removeFirst()) }, redrawn: [8], renumbered: 0...7,
                    countChanges: false, top: 8),
            ], on: app, list: &list, layout: layout)
        app.expectCleanOutput()
    }

    @Test(.hangGuard)
    func pageDownAndPageUpScrollAListLongerThanTheWindow() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let layout = Layout(rows: 12, columns: 60)
        let list = Self.films(30)
        let app = try await start(list, in: directory, layout: layout)
        // A page is the window less one row of context: 8 rows.
        for (key, top) in [
            (Keystroke.pageDown, 8), (.pageDown, 16), (.pageDown, 21), (.pageUp, 13),
        ] {
            app.press(key)
            try await waitForMessage(
                app, "Showing \(top + 1)–\(top + 9) of 30.", layout: layout)
            #expect(
                listRows(app, layout: layout) == Self.visibleRows(list, top: top, layout: layout),
                "\(key) to \(top + 1)\n\(app.screen.dump)")
        }
        // At the top, Page Up does nothing: the key typed after it shows that it was read.
        app.press(.pageUp, .pageUp)
        try await waitForMessage(app, "Showing 1–9 of 30.", layout: layout)
        app.resetDamage()
        app.press(.pageUp)
        app.send("x")
        try await app.waitUntil("the x typed after Page Up") {
            $0.line(layout.input) == "movies> x"
        }
        #expect(listRows(app, layout: layout) == Self.visibleRows(list, top: 0, layout: layout))
        expectDamage(app, layout: layout)
        #expect(app.screen.line(layout.message) == "Showing 1–9 of 30.")
        app.expectCleanOutput()
    }

    // MARK: - Find

    /// The rows a window shows while `find` for `text` is on, from its first match: each match
    /// at its position in the whole list.
    private static func matchingRows(
        _ list: [CatalogMovie], _ text: String, layout: Layout
    ) -> [String] {
        let matches = list.indices.filter { list[$0].title.contains(text) }
        return (0..<layout.listRows).map { row in
            row < matches.count ? Self.row(matches[row] + 1, list[matches[row]]) : ""
        }
    }

    /// `find 1` filters the viewport live: an edit of a hidden movie rewrites only the digits
    /// of the matches it moved, an inserted match appears in order, a move and its undo redraw
    /// one row, and `find` alone brings every movie back.
    @Test(.hangGuard)
    func findFiltersTheListLiveAndRedrawsOnlyTheMatchesAnEditTouches() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let layout = Layout(rows: 12, columns: 60)
        var list = Self.films(30)
        let app = try await start(list, in: directory, layout: layout)

        /// Runs `command` and waits for its message, the matches and the status line.
        func step(
            _ command: String, _ message: String, redrawn: Set<Int> = [],
            renumbered: ClosedRange<Int>? = nil, sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            let rows = Self.matchingRows(list, "1", layout: layout)
            let matches = list.count { $0.title.contains("1") }
            let status = "\(matches) of \(list.count) movies match “1” · loaded"
            try await run(app, command, message: message, layout: layout) { screen in
                Array(screen.lines.prefix(layout.listRows)) == rows
                    && screen.line(layout.status) == status
            }
            expectDamage(
                app, layout: layout, redrawn: redrawn, renumbered: renumbered,
                sourceLocation: sourceLocation)
        }

        // Film 1, Film 10 to 19 and Film 21 match; the first nine show.
        try await step(
            "find 1", "12 of 30 movies match “1”; find alone shows every movie.",
            redrawn: Set(0..<layout.listRows))
        #expect(listRows(app, layout: layout).first == Self.row(1, list[0]))
        #expect(listRows(app, layout: layout).last == Self.row(17, list[16]))
        // A hidden movie before eight of the shown matches: their digits, nothing else.
        list.remove(at: 1)
        try await step(
            "delete 2", "Deleted “Film 2 (1972)” from 2, hidden by find.", renumbered: 1...8)
        // A match inserted between two shown ones: its row, and the rows below only shift.
        let new = CatalogMovie(id: 31, title: "Film 1000", year: 2000)
        list.insert(new, at: 2)
        try await step(
            #"insert "Film 1000" 2000 3"#, "Inserted “Film 1000 (2000)” at 3.", redrawn: [1],
            renumbered: 2...8)
        list.insert(list.remove(at: 2), at: 0)
        try await step(
            "move 3 1", "Moved “Film 1000 (2000)” from 3 to 1.", redrawn: [0], renumbered: 1...1)
        list.insert(list.remove(at: 0), at: 2)
        try await step(
            "undo", "Moved “Film 1000 (2000)” from 1 to 3.", redrawn: [1], renumbered: 0...0)

        // `find` alone: every movie again, the first shown one still on top.
        try await run(app, "find", message: "Showing every movie (30 movies).", layout: layout) {
            screen in
            screen.line(layout.status) == "30 movies · loaded"
        }
        #expect(listRows(app, layout: layout) == Self.visibleRows(list, top: 0, layout: layout))
        app.send("quit\r")
        try await waitForMessage(
            app, "4 edits are not saved; type save FILE to keep them, or quit…",
            layout: layout)
        app.send("quit\r")
        try await expectExit(app, .exited(0))
    }

    // MARK: - Long and hostile text

    @Test(.hangGuard)
    func textLongerThanTheWindowIsCutOrScrolledNeverWrapped() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let layout = Layout(rows: 12, columns: 40)
        let catalog = [
            CatalogMovie(
                id: 1, title: "A very long title that will never fit in forty columns", year: 1999),
            CatalogMovie(id: 2, title: String(repeating: "七", count: 30), year: 1954),
            CatalogMovie(id: 3, title: "Short", year: 2000),
        ]
        let app = try await start(catalog, in: directory, layout: layout)
        // 40 cells each: the title is cut by cells, with `…`, and the year kept; a wide
        // character that would not fit before the `…` is left out whole.
        #expect(
            Array(listRows(app, layout: layout).prefix(4)) == [
                " 1. A very long title that will … (1999)",
                " 2. " + String(repeating: "七", count: 14) + "… (1954)",
                " 3. Short (2000)",
                "",
            ])

        // The message line is cut the same way.
        try await run(
            app, "delete 1", message: "Deleted “A very long title that will ne…", layout: layout)

        // A typed line longer than the window scrolls sideways to keep the cursor in view.
        let command = #"insert "Another title far too long for this window" 2000"#
        app.send(command)
        try await app.waitUntil("the end of the long line, with the cursor") { screen in
            screen.line(layout.input) == #"movies>  too long for this window" 2000"#
                && screen.cursor == (layout.input, 39)
        }
        app.press(.home)
        try await app.waitUntil("the start of the long line, with the cursor") { screen in
            screen.line(layout.input) == #"movies> insert "Another title far too l"#
                && screen.cursor == (layout.input, 8)
        }
        app.press(.enter)
        try await app.waitUntil("the long title inserted") { screen in
            screen.line(layout.message) == "Inserted “Another title far too long fo…"
                && screen.line(2) == " 3. Another title far too long f… (2000)"
                && screen.line(layout.status) == "3 movies · loaded"
        }
        app.expectCleanOutput()
    }

    @Test(.hangGuard)
    func hostileTitlesShowOnlyAsEscapedText() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let layout = Layout(rows: 32, columns: 80)
        let extra = [
            "ZWSP a\u{200B}b", "ZWJ 👨\u{200D}👩", "BOM \u{FEFF}x", "WJ \u{2060}x", "ALM \u{61C}x",
            "DCS \u{1B}P1$r\u{1B}\\",
        ]
        var catalog = hostileCatalog()
        for title in extra {
            catalog.append(
                CatalogMovie(id: catalog.count + 1, title: title, year: 1990 + catalog.count))
        }
        let app = try await start(catalog, in: directory, layout: layout)
        let expected = [
            "  1. Alien (1990)", "  2. Heat (1991)", "  3. Amélie (1992)", "  4. 🎬 Clapper (1993)",
            "  5. שלום (1994)", "  6. e\u{301}te\u{301} (1995)",
            #"  7. CSI \u{1B}[31mred\u{1B}[0m (1996)"#, #"  8. OSC \u{1B}]0;pwned\u{7} (1997)"#,
            #"  9. BEL \u{7} (1998)"#, #" 10. BS \u{8}\u{8}x (1999)"#, #" 11. CR \u{D}over (2000)"#,
            #" 12. DEL \u{7F} (2001)"#, #" 13. C1 \u{9B}31m \u{85} (2002)"#,
            #" 14. RLO \u{202E}txt.exe (2003)"#, #" 15. LRE \u{202A} (2004)"#,
            #" 16. LRI \u{2066}x\u{2069} (2005)"#, #" 17. NUL \u{0} (2006)"#,
            #" 18. TAB \u{9} (2007)"#, #" 19. LS \u{2028} (2008)"#, #" 20. Back\\slash (2009)"#,
            #" 21. ZWSP a\u{200B}b (2010)"#, " 22. ZWJ 👨\u{200D}👩 (2011)",
            #" 23. BOM \u{FEFF}x (2012)"#, #" 24. WJ \u{2060}x (2013)"#,
            #" 25. ALM \u{61C}x (2014)"#, #" 26. DCS \u{1B}P1$r\u{1B}\\ (2015)"#, "", "", "",
        ]
        #expect(listRows(app, layout: layout) == expected)

        // A title typed with a bidi override shows escaped on the input line and in its row.
        try await run(
            app, "delete 7", message: #"Deleted “CSI \u{1B}[31mred\u{1B}[0m (1996)” from 7."#,
            layout: layout)
        let typed = "insert \"\u{202E}evil\" 2001 1"
        app.send(typed)
        try await app.waitUntil("the typed override escaped") { screen in
            screen.line(layout.input) == #"movies> insert "\u{202E}evil" 2001 1"#
                && screen.cursor == (layout.input, 36)
        }
        app.press(.enter)
        try await waitForMessage(app, #"Inserted “\u{202E}evil (2001)” at 1."#, layout: layout)
        #expect(app.screen.line(0) == #"  1. \u{202E}evil (2001)"#)

        // Nothing but text reached the screen: no bell, no sequence the model does not know,
        // and no control or invisible format character in any cell (the joiner of the family
        // is part of its emoji).
        #expect(app.screen.bells == 0)
        app.expectCleanOutput()
        let unsafe = app.screen.lines.joined().unicodeScalars.filter(UnsafeScalars.contains)
        #expect(
            unsafe.isEmpty, "raw scalars on screen: \(unsafe.map { $0.escaped(asASCII: true) })")
    }

    // MARK: - Overlays

    @Test(.hangGuard)
    func helpAndJSONShowOverTheListUntilTheNextCommand() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let layout = Layout(rows: 12, columns: 60)
        let list = Self.films(30)
        let app = try await start(list, in: directory, layout: layout)
        app.send("help\r")
        try await app.waitUntil("the help over the list") { screen in
            screen.line(0) == "Commands (positions are 1-based, as shown in the list):"
        }
        #expect(app.screen.line(layout.message) == "Loaded 30 movies.")
        #expect(app.screen.cursor == (layout.input, 8))
        // Enter on the empty line puts the list back.
        app.press(.enter)
        try await app.waitUntil("the list again") { screen in
            screen.line(0) == Self.row(1, list[0])
        }
        #expect(listRows(app, layout: layout) == Self.visibleRows(list, top: 0, layout: layout))

        app.send("list --json\r")
        try await app.waitUntil("the JSON over the list") { screen in
            screen.line(0) == #"[{"id":1,"title":"Film 1","year":1971},{"id":2,"title":"Film"#
        }
        #expect(
            app.screen.line(1) == #" 2","year":1972},{"id":3,"title":"Film 3","year":1973},{"id""#)
        app.send("list\r")
        try await waitForMessage(
            app, "The list is on screen: Page Up and Page Down scroll it.", layout: layout)
        #expect(listRows(app, layout: layout) == Self.visibleRows(list, top: 0, layout: layout))
        app.expectCleanOutput()
    }

    // MARK: - The window and the terminal

    @Test(.hangGuard)
    func aResizeRedrawsEveryRegionForTheNewWindow() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let small = Layout(rows: 12, columns: 60)
        let list = Self.films(30)
        let app = try await start(list, in: directory, layout: small)
        app.send("dele")
        try await app.waitUntil("the typed text") { $0.line(small.input) == "movies> dele" }

        for layout in [Layout(rows: 16, columns: 50), Layout(rows: 8, columns: 30)] {
            try app.resize(rows: layout.rows, columns: layout.columns)
            try await app.waitUntil("the screen drawn for \(layout.rows) rows") { screen in
                screen.line(layout.status) == "30 movies · loaded"
                    && screen.line(layout.input) == "movies> dele"
                    && screen.cursor == (layout.input, 12)
                    && Array(screen.lines.prefix(layout.listRows))
                        == Self.visibleRows(list, top: 0, layout: layout)
            }
            #expect(app.screen.line(layout.message) == "Loaded 30 movies.")
        }
        app.send("te 30\r")
        try await waitForMessage(
            app, "Deleted “Film 30 (2000)” from…", layout: Layout(rows: 8, columns: 30))
        app.expectCleanOutput()
    }

    @Test(.hangGuard)
    func quitGivesTheMainScreenBack() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let layout = Layout(rows: 12, columns: 60)
        let app = try await start(Self.films(30), in: directory, layout: layout)
        app.send("quit\r")
        try await expectExit(app, .exited(0))
    }

    @Test(.hangGuard, arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
    func aSignalThatEndsTheAppGivesTheMainScreenBack(signal: Int32) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let app = try await startTypingADelete(in: directory)
        app.signal(signal)
        try await expectExit(app, .exited(128 + signal))
    }

    /// Ctrl-\ ends the screen view as SIGQUIT does: 131, the main screen and the terminal back.
    @Test(.hangGuard)
    func ctrlBackslashEndsTheAppWith131AndGivesTheMainScreenBack() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let app = try await startTypingADelete(in: directory)
        app.send("\u{1C}")
        try await expectExit(app, .exited(128 + SIGQUIT))
    }

    /// The screen view on 30 films at 12 × 60, with `delete 3` typed and not yet run.
    private func startTypingADelete(in directory: TemporaryDirectory) async throws
        -> TerminalProcess
    {
        let layout = Layout(rows: 12, columns: 60)
        let app = try await start(Self.films(30), in: directory, layout: layout)
        app.send("delete 3")
        try await app.waitUntil("the typed text") { $0.line(layout.input) == "movies> delete 3" }
        return app
    }

    @Test(.enabled(if: TerminalProcess.hasBash, "needs /bin/bash"), .hangGuard)
    func ctrlZGivesTheShellItsScreenAndFgRedrawsTheView() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let layout = Layout(rows: 12, columns: 200)
        let list = Self.films(30)
        let shell = try await TerminalProcess.startedShell(
            rows: layout.rows, columns: layout.columns)
        let before = try await shell.sttySettings()
        try shell.startMovies(try Self.arguments(list, in: directory)("0"))
        try await waitForList(shell, count: 30, layout: layout)
        shell.send("dele")
        try await shell.waitUntil("the typed text") { $0.line(layout.input) == "movies> dele" }

        shell.press(.control("z"))
        try await shell.waitUntil("the job stopped, on the main screen") { screen in
            !screen.isAlternateScreen
                && screen.lines.contains { $0.hasPrefix("[1]+") && $0.contains("Stopped") }
                && screen.lines.last { !$0.isEmpty } == "$"
        }
        #expect(shell.screen.isCursorVisible && !shell.screen.isBracketedPasteEnabled)
        #expect(try await shell.sttySettings() == before, "stopped, the terminal is the shell's")

        shell.send("fg\r")
        try await shell.waitUntil("the view drawn again") { screen in
            screen.isAlternateScreen && screen.line(layout.input) == "movies> dele"
                && screen.cursor == (layout.input, 12)
                && screen.line(layout.status) == "30 movies · loaded"
        }
        #expect(listRows(shell, layout: layout) == Self.visibleRows(list, top: 0, layout: layout))
        shell.send("te 2\r")
        try await waitForMessage(shell, "Deleted “Film 2 (1972)” from 2.", layout: layout)
        shell.send("quit\r")
        try await waitForMessage(
            shell,
            "1 edit is not saved; type save FILE to keep it, or quit again to leave.",
            layout: layout)
        shell.send("quit\r")
        try await shell.waitForShellPrompt()
        #expect(!shell.screen.isAlternateScreen)
        #expect(try await shell.lastStatus() == "status 0")
        #expect(try await shell.sttySettings() == before)
        shell.send("exit\r")
        #expect(try await shell.waitForExit() == .exited(0))
        shell.expectCleanOutput()
    }

    @Test(.hangGuard)
    func theScreenViewNeedsATerminal() async throws {
        let run = try await MoviesProcess.run(["--screen", "--latency", "0"], input: "list\n")
        #expect(run.status == 64 && !run.signalled)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderrLines == [
                "movies: --screen needs a terminal (stdin and stdout); without one, leave it out"
            ])
    }

    /// A terminal that takes no escape sequences cannot show the screen view: a usage error,
    /// said plainly, rather than the line view in its place without a word.
    @Test(.hangGuard)
    func theScreenViewNeedsATerminalThatTakesEscapeSequences() async throws {
        let binary = try #require(MoviesProcess.binary)
        let app = try TerminalProcess(
            executable: binary.path, arguments: ["--screen", "--latency", "0"],
            environment: ["TERM": "dumb"], rows: 12, columns: 100)
        try await app.expectExit(.exited(64))
        let shown = String(decoding: app.transcript, as: UTF8.self)
        #expect(
            shown.contains(
                "movies: --screen draws with escape sequences, which this terminal does not take "
                    + "(TERM is dumb or unset); leave --screen out to edit line by line"))
        #expect(!shown.contains("Loading movies"), "no session ran")
    }

    @Test(.enabled(if: TerminalProcess.hasBash, "needs /bin/bash"), .hangGuard)
    func theScreenViewNeedsATerminalForItsOutputToo() async throws {
        let shell = try await TerminalProcess.startedShell()
        let before = try await shell.sttySettings()
        let binary = try #require(MoviesProcess.binary)
        let status = try await shell.shellLine(
            #"'\#(binary.path)' --screen --latency 0 | cat; echo "status ${PIPESTATUS[0]}""#,
            marker: "status ")
        #expect(status == "status 64")
        #expect(
            shell.screen.lines.contains(
                "movies: --screen needs a terminal (stdin and stdout); without one, leave it out"))
        #expect(!shell.screen.isAlternateScreen)
        #expect(try await shell.sttySettings() == before)
        shell.send("exit\r")
        #expect(try await shell.waitForExit() == .exited(0))
        shell.expectCleanOutput()
    }
}
