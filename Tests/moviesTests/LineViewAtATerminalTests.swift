// The line view as a person at a terminal sees it: the built binary runs on a pseudo-terminal, the
// test presses keys, and after every step it checks the visible grid of a terminal-screen model
// (whole rows and the cursor), never the bytes. Every test also checks that the model met no
// escape sequence it does not know, and the tests that end the app check its exit status and that
// the terminal's settings are back to what they were before it started.

import Foundation
import MoviesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("The line view at a terminal")
struct LineViewAtATerminalTests {
    /// The prompt, as the screen shows it.
    private static let prompt = "movies> "

    // MARK: - Helpers

    /// Starts `movies` with `arguments` and waits for an empty input line under `loaded`, with
    /// raw mode on (bracketed paste asked for: keys typed from now on are the app's).
    private func start(
        _ arguments: [String] = ["--latency", "0"], rows: Int = 24, columns: Int = 80,
        loaded: String = "Loaded 30 movies."
    ) async throws -> TerminalProcess {
        let app = try TerminalProcess(movies: arguments, rows: rows, columns: columns)
        try await waitForEmptyInputLine(app, loaded: loaded)
        return app
    }

    /// Waits until the input line is empty under the last row of the loaded list's output, with
    /// raw mode on: keys typed from now on are the app's, and nothing more arrives above.
    private func waitForEmptyInputLine(
        _ app: TerminalProcess, loaded: String = "Loaded 30 movies."
    ) async throws {
        try await app.waitUntil("an empty input line under \"\(loaded)\"") { screen in
            let row = screen.cursor.row
            return screen.isBracketedPasteEnabled && row > 0 && screen.line(row - 1) == loaded
                && screen.line(row) == "movies>" && screen.cursor.column == 8
        }
    }

    /// Waits until the cursor's row shows the prompt and `text` (the row as the screen trims it)
    /// with the cursor `cells` cells after the prompt; `after` names the keys, for a failure.
    private func expectInput(
        _ app: TerminalProcess, _ text: String, cursor cells: Int, after keys: String = ""
    ) async throws {
        let row = Self.trimmed(Self.prompt + text)
        let what = "the input line \"\(row)\" with the cursor at \(8 + cells)"
        try await app.waitUntil(keys.isEmpty ? what : what + " after \(keys)") {
            $0.line($0.cursor.row) == row && $0.cursor.column == 8 + cells
        }
    }

    /// Types `typed` and Enter, and waits until the prompt and `line` (what ran: by default what
    /// was typed) are followed by the row `output` and a new, empty input line.
    private func run(
        _ app: TerminalProcess, typing typed: String, line: String? = nil, output: String
    ) async throws {
        app.send(typed + "\r")
        try await waitForRun(app, line: line ?? typed, output: [output])
    }

    /// Waits until the prompt and `line` (a line that ran) are followed by the rows `output`, then
    /// a new, empty input line with the cursor on it.
    ///
    /// The input line is drawn last, so once it is there the command has drawn everything.
    private func waitForRun(_ app: TerminalProcess, line: String, output: [String]) async throws {
        let ran = Self.prompt + line
        try await app.waitUntil("\(output) under \"\(ran)\", then the prompt") { screen in
            let lines = screen.lines
            guard let row = lines.lastIndex(of: ran), row + output.count + 1 < lines.count
            else { return false }
            let prompt = row + output.count + 1
            return Array(lines[(row + 1)..<prompt]) == output && lines[prompt] == "movies>"
                && screen.cursor == (prompt, 8)
        }
    }

    private static func trimmed(_ row: String) -> String {
        var row = row
        while row.last == " " { row.removeLast() }
        return row
    }

    /// The rows the line view prints for the bundled catalog's first three movies (numbered for a
    /// list of 30).
    private static let firstMovies = [
        "   1. The Godfather (1972)", "   2. Casablanca (1942)", "   3. Citizen Kane (1941)",
    ]

    // MARK: - Output while typing

    /// Starts `movies` on 40 rows (nothing scrolls) and sends `keys` while the list is loading;
    /// returns once `shown` holds for the screen and the list has not arrived yet.
    private func send(
        whileLoading keys: String, shown: (TerminalScreen) -> Bool
    ) async throws -> TerminalProcess {
        let loaded: (TerminalScreen) -> Bool = { $0.lines.contains(Self.firstMovies[0]) }
        let arguments: (String) -> [String] = { ["--latency", $0] }
        return try await TerminalProcess.whileLoading(rows: 40, columns: 80, arguments: arguments) {
            (app: TerminalProcess) async throws -> Bool in
            let ready = try await app.waitWhileLoading(
                "the input line under the loading indicator", loaded: loaded
            ) { screen in
                screen.isBracketedPasteEnabled && screen.line(0) == "Loading movies…"
                    && screen.line(1) == "movies>"
            }
            guard ready else { return false }
            app.send(keys)
            return try await app.waitWhileLoading("what was typed", loaded: loaded, shown)
        }
    }

    @Test(.hangGuard)
    func textTypedWhileTheListLoadsStaysOnTheInputLineAndIsWhatRuns() async throws {
        // Typed while loading: the list has not arrived yet.
        let app = try await send(whileLoading: "dele") { screen in
            Array(screen.lines.prefix(3)) == ["Loading movies…", "movies> dele", ""]
                && screen.cursor == (1, 12)
        }

        // The list arrives above the line being typed, which moves down and keeps its text.
        try await app.waitForLine("Loaded 30 movies.")
        try await expectInput(app, "dele", cursor: 4)
        let lines = app.screen.lines
        #expect(Array(lines.prefix(4)) == ["Loading movies…"] + Self.firstMovies)
        #expect(lines[30] == "  30. Parasite (2019)")
        #expect(Array(lines[31...33]) == ["Loaded 30 movies.", "movies> dele", ""])
        #expect(app.screen.cursor == (32, 12))

        // The rest of the command completes the text that was kept: the line that ran is shown.
        try await run(app, typing: "te 1", line: "delete 1", output: "- 1. The Godfather (1972)")
        #expect(
            Array(app.screen.lines[31...34]) == [
                "Loaded 30 movies.", "movies> delete 1", "- 1. The Godfather (1972)", "movies>",
            ])
        app.expectCleanOutput()
    }

    @Test(.hangGuard)
    func aCommandEnteredWhileTheListLoadsRunsOnTheLoadedList() async throws {
        // The line entered stays, and a new input line is drawn under it.
        let app = try await send(whileLoading: "move 2 1\r") { screen in
            Array(screen.lines.prefix(4)) == ["Loading movies…", "movies> move 2 1", "movies>", ""]
                && screen.cursor == (2, 8)
        }
        // The list arrives under the line entered, and the command runs on it.
        try await app.waitUntil("the move under the loaded list, then the prompt") { screen in
            Array(screen.lines[32...35]) == [
                "Loaded 30 movies.", "↕ 2 → 1. Casablanca (1942)", "movies>", "",
            ] && screen.cursor == (34, 8)
        }
        #expect(
            Array(app.screen.lines.prefix(3)) == [
                "Loading movies…", "movies> move 2 1", Self.firstMovies[0],
            ])
        app.expectCleanOutput()
    }

    // MARK: - Editing

    /// One step of an editing session: keys, then the line and cursor they must leave.
    private struct EditStep {
        var keys: [Keystroke]
        /// The input line after the prompt, as the screen shows it.
        var shown: String
        /// The cursor, in cells after the prompt.
        var cursor: Int
    }

    @Test(.hangGuard)
    func everyEditingKeyMovesAndDeletesWholeCharactersAndTheEditedLineRuns() async throws {
        let app = try await start()
        let family = "👨\u{200D}👩\u{200D}👧"
        // Cells: `insert "` 8, 七 2, x 1, 🎬 2, `" 1999` 6.
        let steps: [EditStep] = [
            .init(
                keys: [.text("insert \"七x🎬\" 1999")], shown: #"insert "七x🎬" 1999"#, cursor: 19
            ),
            .init(keys: [.home], shown: #"insert "七x🎬" 1999"#, cursor: 0),
            .init(keys: [.end], shown: #"insert "七x🎬" 1999"#, cursor: 19),
            .init(keys: [.control("a")], shown: #"insert "七x🎬" 1999"#, cursor: 0),
            .init(keys: [.control("e")], shown: #"insert "七x🎬" 1999"#, cursor: 19),
            // Back over ` 1999` is five characters; then over `"`, 🎬 (two cells) and x.
            .init(
                keys: Array(repeating: .left, count: 5), shown: #"insert "七x🎬" 1999"#, cursor: 14),
            .init(keys: [.control("b")], shown: #"insert "七x🎬" 1999"#, cursor: 13),
            .init(keys: [.control("b")], shown: #"insert "七x🎬" 1999"#, cursor: 11),
            .init(keys: [.left], shown: #"insert "七x🎬" 1999"#, cursor: 10),
            .init(keys: [.delete], shown: #"insert "七🎬" 1999"#, cursor: 10),
            .init(keys: [.control("f")], shown: #"insert "七🎬" 1999"#, cursor: 12),
            .init(keys: [.right], shown: #"insert "七🎬" 1999"#, cursor: 13),
            .init(keys: [.control("b")], shown: #"insert "七🎬" 1999"#, cursor: 12),
            // Backspace takes a whole two-cell character each time.
            .init(keys: [.backspace], shown: #"insert "七" 1999"#, cursor: 10),
            .init(keys: [.backspace], shown: #"insert "" 1999"#, cursor: 8),
            .init(keys: [.text("🎬七")], shown: #"insert "🎬七" 1999"#, cursor: 12),
            // Ctrl-D on a line with text deletes forward.
            .init(keys: [.left, .control("d")], shown: #"insert "🎬" 1999"#, cursor: 10),
            // A family emoji is one character of five scalars, drawn as itself: three wide
            // members, two joiners of no width.
            .init(keys: [.text(family)], shown: "insert \"🎬\(family)\" 1999", cursor: 16),
            .init(keys: [.backspace], shown: #"insert "🎬" 1999"#, cursor: 10),
            .init(keys: [.control("k")], shown: #"insert "🎬"#, cursor: 10),
            .init(
                keys: [.text("\" 2000 junk words")], shown: #"insert "🎬" 2000 junk words"#,
                cursor: 27),
            .init(keys: [.control("w")], shown: #"insert "🎬" 2000 junk"#, cursor: 22),
            .init(keys: [.control("w")], shown: #"insert "🎬" 2000"#, cursor: 17),
            .init(keys: [.text("1")], shown: #"insert "🎬" 2000 1"#, cursor: 18),
            .init(
                keys: [.control("a"), .text("xx")], shown: #"xxinsert "🎬" 2000 1"#, cursor: 2),
            .init(keys: [.control("u")], shown: #"insert "🎬" 2000 1"#, cursor: 0),
        ]
        for step in steps {
            app.send(step.keys.map(\.bytes).joined())
            try await expectInput(
                app, step.shown, cursor: step.cursor,
                after: step.keys.map(\.description).joined(separator: " "))
        }
        // Enter runs what the line shows, wherever the cursor is.
        app.press(.enter)
        try await waitForRun(app, line: #"insert "🎬" 2000 1"#, output: ["+ 1. 🎬 (2000)"])
        #expect(app.screen.bells == 0)
        app.expectCleanOutput()
    }

    @Test(.hangGuard)
    func ctrlLClearsTheScreenAndKeepsTheLine() async throws {
        let app = try await start()
        app.send("dele")
        try await expectInput(app, "dele", cursor: 4)
        app.press(.control("l"))
        try await app.waitUntil("only the input line, at the top") { screen in
            screen.lines == ["movies> dele"] + Array(repeating: "", count: 23)
                && screen.cursor == (0, 12)
        }
        try await run(app, typing: "te 1", line: "delete 1", output: "- 1. The Godfather (1972)")
        #expect(app.screen.cursor == (2, 8))
        app.expectCleanOutput()
    }

    @Test(.hangGuard)
    func upAndDownWalkTheHistoryAndKeepTheLineBeingTyped() async throws {
        let app = try await start()
        try await run(app, typing: "delete 1", output: "- 1. The Godfather (1972)")
        try await run(app, typing: "move 1 2", output: "↕ 1 → 2. Casablanca (1942)")
        app.send("li")
        try await expectInput(app, "li", cursor: 2)
        app.press(.up)
        try await expectInput(app, "move 1 2", cursor: 8)
        app.press(.up)
        try await expectInput(app, "delete 1", cursor: 8)
        // Older than the oldest: nothing happens; Up then Down is back where it was.
        app.press(.up, .up, .down)
        try await expectInput(app, "move 1 2", cursor: 8)
        app.press(.down)
        try await expectInput(app, "li", cursor: 2)
        app.press(.down, .up, .up)
        try await expectInput(app, "delete 1", cursor: 8)
        // A recalled line runs as shown: the first movie is now Citizen Kane.
        try await run(app, typing: "", line: "delete 1", output: "- 1. Citizen Kane (1941)")
        #expect(app.screen.lines.filter { $0 == "movies> delete 1" }.count == 2)
        app.press(.up)
        try await expectInput(app, "delete 1", cursor: 8)
        app.press(.up)
        try await expectInput(app, "move 1 2", cursor: 8)
        app.expectCleanOutput()
    }

    @Test(.hangGuard)
    func tabCompletesAUniqueCommandAndListsAmbiguousOnes() async throws {
        let app = try await start()
        app.send("r")
        try await expectInput(app, "r", cursor: 1)
        // Ambiguous: the candidates are listed above, and the line keeps their common prefix.
        app.press(.tab)
        try await app.waitUntil("the candidates") {
            $0.lines.contains("rename  rate  redo  refresh")
        }
        try await expectInput(app, "r", cursor: 1)
        var row = app.screen.cursor.row
        #expect(app.screen.line(row - 1) == "rename  rate  redo  refresh")
        #expect(app.screen.line(row - 2) == "Loaded 30 movies.")
        app.send("e")
        app.press(.tab)
        try await app.waitUntil("the candidates") { $0.lines.contains("rename  redo  refresh") }
        try await expectInput(app, "re", cursor: 2)
        row = app.screen.cursor.row
        #expect(app.screen.line(row - 1) == "rename  redo  refresh")
        #expect(app.screen.line(row - 2) == "rename  rate  redo  refresh")
        app.send("f")
        try await expectInput(app, "ref", cursor: 3)
        app.press(.tab)
        try await expectInput(app, "refresh", cursor: 8)
        // Nothing to complete after the first word, or for a word no command starts with.
        app.press(.tab)
        try await app.waitUntil("a bell") { $0.bells == 1 }
        app.press(.control("u"))
        app.send("zz")
        try await expectInput(app, "zz", cursor: 2)
        app.press(.tab)
        try await app.waitUntil("a second bell") { $0.bells == 2 }
        try await expectInput(app, "zz", cursor: 2)
        // A unique completion adds the space; the completed line runs.
        app.press(.control("u"))
        app.send("mo")
        try await expectInput(app, "mo", cursor: 2)
        app.press(.tab)
        try await expectInput(app, "move", cursor: 5)
        try await run(app, typing: "1 2", line: "move 1 2", output: "↕ 1 → 2. The Godfather (1972)")
        #expect(app.screen.lines.contains("movies> move 1 2"))
        app.expectCleanOutput()
    }

    @Test(.hangGuard)
    func aPastedBlockRunsLineByLineEachShownBeforeItsOutput() async throws {
        let app = try await start()
        app.press(.paste("delete 1\nmove 2 1\r\ninsert \"Her\" 2013 1\n"))
        try await waitForRun(
            app, line: "delete 1",
            output: [
                "- 1. The Godfather (1972)",
                "movies> move 2 1", "↕ 2 → 1. Citizen Kane (1941)",
                #"movies> insert "Her" 2013 1"#, "+ 1. Her (2013)",
            ])

        // Pasted keys are text only: a Ctrl-C and an arrow inside a paste do nothing, and a
        // paste without a line break waits on the input line for Enter.
        app.press(.paste("mo\u{3}ve 1\u{1B}[D 2"))
        try await expectInput(app, "move 1 2", cursor: 8)
        try await run(app, typing: "", line: "move 1 2", output: "↕ 1 → 2. Her (2013)")
        #expect(app.screen.lines.contains("movies> move 1 2"))
        app.expectCleanOutput()
    }

    @Test(.hangGuard)
    func aPasteThatNeverEndsStopsSwallowingKeysAfterAPause() async throws {
        let app = try await start()
        // The start marker and text, never the end marker: while the bytes flow, keys are
        // pasted text (this Ctrl-C does nothing), as in any paste.
        app.send("\u{1B}[200~del\u{3}ete 1")
        try await expectInput(app, "delete 1", cursor: 8, after: "a paste with no end marker")
        // After a pause the paste has stalled: the next keys are keys again.
        try await Task.sleep(for: .seconds(2))
        app.press(.control("u"))
        try await expectInput(app, "", cursor: 0, after: "Ctrl-U after the pause")
        try await run(app, typing: "delete 2", output: "- 2. Casablanca (1942)")
        app.press(.control("d"))
        let warning = "1 edit is not saved; type save FILE to keep it, or quit again to leave."
        try await app.waitForLine(warning)
        app.press(.control("d"))
        try await app.expectExit(.exited(0))
    }

    // MARK: - Leaving

    @Test(.hangGuard)
    func ctrlCClearsTheLineAndOnAnEmptyLineSaysHowToLeave() async throws {
        let app = try await start(rows: 40)
        app.send("delete 5")
        try await expectInput(app, "delete 5", cursor: 8)
        let row = app.screen.cursor.row
        app.press(.control("c"))
        try await expectInput(app, "", cursor: 0)
        #expect(app.screen.cursor.row == row, "the same row, cleared; nothing ran")
        #expect(app.screen.line(row - 1) == "Loaded 30 movies.")

        app.press(.control("c"))
        try await app.waitForLine("(to leave, type quit or press Ctrl-D)")
        try await expectInput(app, "", cursor: 0)
        let lines = app.screen.lines
        let hint = try #require(lines.lastIndex(of: "(to leave, type quit or press Ctrl-D)"))
        #expect(
            Array(lines[(hint - 1)...(hint + 1)]) == [
                "Loaded 30 movies.", "(to leave, type quit or press Ctrl-D)", "movies>",
            ])

        // Raw mode while the app runs (the comparison after the exit can tell), cooked after.
        #expect(app.initialSettings.isCooked)
        let running = TerminalSettings(try app.settings())
        #expect(!running.isCooked && running != app.initialSettings)

        // With nothing edited, Ctrl-D on the empty line leaves at once.
        app.press(.control("d"))
        try await app.expectExit(.exited(0))
        #expect(app.screen.line(hint + 1) == "movies>", "the last input line stays")
        #expect(app.screen.cursor == (hint + 2, 0), "the shell's prompt goes on a row of its own")
    }

    @Test(.hangGuard)
    func ctrlDWithUnsavedEditsWarnsOnceThenLeaves() async throws {
        let app = try await start()
        try await run(app, typing: "delete 1", output: "- 1. The Godfather (1972)")
        app.press(.control("d"))
        let warning = "1 edit is not saved; type save FILE to keep it, or quit again to leave."
        try await app.waitForLine(warning)
        try await expectInput(app, "", cursor: 0)
        #expect(app.screen.line(app.screen.cursor.row - 1) == warning)
        app.press(.control("d"))
        try await app.expectExit(.exited(0))
    }

    @Test(.hangGuard)
    func quitWithUnsavedEditsWarnsOnceThenLeaves() async throws {
        let app = try await start()
        try await run(app, typing: "delete 1", output: "- 1. The Godfather (1972)")
        try await run(
            app, typing: "quit",
            output: "1 edit is not saved; type save FILE to keep it, or quit again to leave.")
        app.send("quit\r")
        try await app.expectExit(.exited(0))
        let lines = app.screen.lines
        #expect(lines.filter { $0 == "movies> quit" }.count == 2)
        #expect(lines.last { !$0.isEmpty } == "movies> quit")
    }

    @Test(.hangGuard)
    func quitWithNothingEditedLeavesAtOnce() async throws {
        let app = try await start(rows: 40)
        app.send("quit\r")
        try await app.expectExit(.exited(0))
        #expect(
            Array(app.screen.lines[30...33]) == [
                "  30. Parasite (2019)", "Loaded 30 movies.", "movies> quit", "",
            ])
        #expect(app.screen.cursor == (33, 0), "the shell's prompt goes on a row of its own")
    }

    @Test(.hangGuard)
    func quitAfterSavingLeavesAtOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("list.json")
        let app = try await start(columns: 200)
        try await run(app, typing: "delete 1", output: "- 1. The Godfather (1972)")
        try await run(app, typing: "save \(path)", output: "Saved 29 movies to \(path).")
        app.send("quit\r")
        try await app.expectExit(.exited(0))
        #expect(app.screen.lines.last { !$0.isEmpty } == "movies> quit")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test(.hangGuard, arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
    func aSignalThatEndsTheAppPutsTheTerminalBack(signal: Int32) async throws {
        let app = try await start()
        app.send("delete 3")
        try await expectInput(app, "delete 3", cursor: 8)
        let row = app.screen.cursor.row
        app.signal(signal)
        try await app.expectExit(.exited(128 + signal))
        #expect(app.screen.line(row) == "", "the input line is erased, nothing ran")
        #expect(app.screen.line(row - 1) == "Loaded 30 movies.")
        #expect(app.screen.cursor == (row, 0))
    }

    /// Ctrl-\ in raw mode, where the terminal sends it as a byte, ends the app as SIGQUIT does
    /// at a cooked terminal: 131, the terminal put back, the input line erased, nothing run.
    @Test(.hangGuard)
    func ctrlBackslashEndsTheAppWith131AndPutsTheTerminalBack() async throws {
        let app = try await start()
        app.send("delete 3")
        try await expectInput(app, "delete 3", cursor: 8)
        let row = app.screen.cursor.row
        app.send("\u{1C}")
        try await app.expectExit(.exited(128 + SIGQUIT))
        #expect(app.screen.line(row) == "", "the input line is erased, nothing ran")
        #expect(app.screen.line(row - 1) == "Loaded 30 movies.")
        let shown = String(decoding: app.transcript, as: UTF8.self).lowercased()
        #expect(!shown.contains("crash"), "no crash report")
    }

    /// How a test stops the app: Ctrl-Z typed, or SIGTSTP sent by someone else.
    enum Stop: String, CaseIterable, CustomTestStringConvertible {
        case ctrlZ = "Ctrl-Z"
        case signal = "SIGTSTP"

        var testDescription: String { rawValue }
    }

    @Test(
        .enabled(if: TerminalProcess.hasBash, "needs /bin/bash"), .hangGuard,
        arguments: Stop.allCases)
    func stoppedTheAppGivesTheShellItsTerminalAndFgBringsTheLineBack(stop: Stop) async throws {
        let shell = try await TerminalProcess.startedShell(rows: 50, columns: 120)
        let before = try await shell.sttySettings()
        try shell.startMovies(["--latency", "0"])
        try await waitForEmptyInputLine(shell)
        shell.send("dele")
        try await expectInput(shell, "dele", cursor: 4)
        switch stop {
        case .ctrlZ: shell.press(.control("z"))
        case .signal: shell.signalForeground(SIGTSTP)
        }
        try await shell.waitUntil("the job stopped") { screen in
            screen.lines.contains { $0.hasPrefix("[1]+") && $0.contains("Stopped") }
                && screen.lines.last { !$0.isEmpty } == "$"
        }
        #expect(!shell.screen.lines.contains("movies> dele"), "the input line was taken down")
        #expect(!shell.screen.isBracketedPasteEnabled)
        #expect(try await shell.sttySettings() == before, "stopped, the terminal is the shell's")

        shell.send("fg\r")
        try await expectInput(shell, "dele", cursor: 4)
        try await shell.waitUntil("bracketed paste asked for again") { $0.isBracketedPasteEnabled }
        let fg = try #require(shell.screen.lines.lastIndex(of: "$ fg"))
        #expect(shell.screen.cursor.row > fg, "the line is drawn again below the shell's fg")
        try await run(shell, typing: "te 1", line: "delete 1", output: "- 1. The Godfather (1972)")
        shell.send("quit\r")
        try await shell.waitForLine(
            "1 edit is not saved; type save FILE to keep it, or quit again to leave.")
        shell.send("quit\r")
        try await shell.waitForShellPrompt()
        #expect(try await shell.lastStatus() == "status 0")
        #expect(try await shell.sttySettings() == before)
        shell.send("exit\r")
        #expect(try await shell.waitForExit() == .exited(0))
        shell.expectCleanOutput()
    }

    @Test(.enabled(if: TerminalProcess.hasBash, "needs /bin/bash"), .hangGuard)
    func afterAStopFromOutsideALongLineIsDrawnAgainBelowWhatTheShellWrote() async throws {
        let shell = try await TerminalProcess.startedShell(rows: 50, columns: 120)
        try shell.startMovies(["--latency", "0"])
        try await waitForEmptyInputLine(shell)
        let title = Array(repeating: "Long title", count: 10).joined(separator: " ")
        let command = #"insert "\#(title)" 2001 1"#
        // 8 + 125 cells: the line takes two rows of 120, the cursor 13 cells into the second.
        let rows = [
            Self.trimmed(String(("movies> " + command).prefix(120))), String(command.suffix(13)),
        ]
        shell.send(command)
        try await shell.waitUntil("the long line on two rows") { screen in
            let row = screen.cursor.row
            return [screen.line(row - 1), screen.line(row)] == rows && screen.cursor.column == 13
        }
        shell.signalForeground(SIGTSTP)
        try await shell.waitUntil("the job stopped") { screen in
            screen.lines.contains { $0.hasPrefix("[1]+") && $0.contains("Stopped") }
                && screen.lines.last { !$0.isEmpty } == "$"
        }
        // The shell writes the job's command line after `fg`; the app's line goes below it, not
        // over it.
        shell.send("fg\r")
        try await shell.waitUntil("the line drawn again below the shell's fg") { screen in
            guard let fg = screen.lines.lastIndex(of: "$ fg"), fg + 3 < screen.rows else {
                return false
            }
            return screen.line(fg + 1).hasSuffix("'--latency' '0'")
                && [screen.line(fg + 2), screen.line(fg + 3)] == rows
                && screen.cursor == (fg + 3, 13)
        }
        shell.press(.enter)
        // The row for the insert is 121 cells: the terminal wraps its last one.
        let inserted = "+ 1. \(title) (2001)"
        try await waitForRun(
            shell, line: String(rows[0].dropFirst(Self.prompt.count)),
            output: [rows[1], String(inserted.prefix(120)), ")"])
        shell.send("quit\r")
        try await shell.waitForLine(
            "1 edit is not saved; type save FILE to keep it, or quit again to leave.")
        shell.send("quit\r")
        try await shell.waitForShellPrompt()
        #expect(try await shell.lastStatus() == "status 0")
        shell.send("exit\r")
        #expect(try await shell.waitForExit() == .exited(0))
        shell.expectCleanOutput()
    }

    // MARK: - The window

    @Test(.hangGuard)
    func aLongLineIsDrawnAgainForANarrowerWindowAndRunsWhole() async throws {
        let app = try await start(columns: 40)
        let command = #"insert "The Long and Winding Road Movie" 2001 1"#
        #expect(command.count == 47)
        app.send(command)
        // 8 + 47 = 55 cells: the line takes two rows of 40.
        try await app.waitUntil("the long line on two rows") { screen in
            let row = screen.cursor.row
            return screen.line(row - 1) == #"movies> insert "The Long and Winding Roa"#
                && screen.line(row) == #"d Movie" 2001 1"# && screen.cursor.column == 15
        }
        let first = app.screen.cursor.row - 1
        #expect(app.screen.line(first - 1) == "Loaded 30 movies.")

        try app.resize(rows: 24, columns: 30)
        // Drawn again from its first row, now on two rows of 30.
        try await app.waitUntil("the line drawn again at 30 columns") { screen in
            screen.line(first) == #"movies> insert "The Long and W"#
                && screen.line(first + 1) == #"inding Road Movie" 2001 1"#
                && screen.cursor == (first + 1, 25)
        }
        #expect(app.screen.line(first - 1) == "Loaded 30 movies.", "the output above is kept")
        #expect(app.screen.line(first + 2) == "")

        app.press(.enter)
        // The line stays as it was drawn; the row for the insert wraps as the terminal wraps it.
        try await waitForRun(
            app, line: "insert \"The Long and W",
            output: [
                #"inding Road Movie" 2001 1"#, "+ 1. The Long and Winding Road", " Movie (2001)",
            ])
        let ran = try #require(app.screen.lines.lastIndex(of: #"movies> insert "The Long and W"#))
        #expect(app.screen.line(ran - 1) == "Loaded 30 movies.")
        app.expectCleanOutput()
    }

    @Test(.hangGuard)
    func wideCharacterTitlesTakeTwoCellsInRowsAndOnTheInputLine() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try directory.writeCatalog([
            CatalogMovie(id: 1, title: "七人の侍", year: 1954),
            CatalogMovie(id: 2, title: "🎬 Clap", year: 2000),
            CatalogMovie(id: 3, title: "Ame\u{301}lie", year: 2001),
        ])
        let app = try TerminalProcess(
            movies: ["--latency", "0", "--catalog", catalog], rows: 24, columns: 20)
        try await waitForEmptyInputLine(app, loaded: "Loaded 3 movies.")
        let lines = app.screen.lines
        let first = try #require(lines.firstIndex(of: "  1. 七人の侍 (1954)"))
        #expect(
            Array(lines[first...(first + 3)]) == [
                "  1. 七人の侍 (1954)", "  2. 🎬 Clap (2000)", "  3. Ame\u{301}lie (2001)",
                "Loaded 3 movies.",
            ])
        // The first row is exactly 20 cells: each CJK character takes two.
        let cell = try #require(app.screen.cell(row: first, column: 5))
        #expect(cell.text == "七" && cell.isWide)
        #expect(app.screen.cell(row: first, column: 6)?.text == "")
        #expect(app.screen.cell(row: first, column: 19)?.text == ")")

        // Typed: at column 19 a wide character does not fit, so it starts the next row, as the
        // terminal puts it, and the cursor follows it.
        app.send(#"add "侍の七人" 1999"#)
        try await app.waitUntil("the typed title wrapped before a wide character") { screen in
            let row = screen.cursor.row
            return screen.line(row - 1) == #"movies> add "侍の七"# && screen.line(row) == #"人" 1999"#
                && screen.cursor.column == 8
        }
        let input = app.screen.cursor.row - 1
        #expect(app.screen.cell(row: input, column: 19)?.text == " ", "the last cell left blank")
        app.press(.left, .left, .left, .left, .left, .left, .left)
        try await app.waitUntil("the cursor on the wrapped wide character") {
            $0.cursor == (input + 1, 0)
        }
        app.press(.enter)
        try await waitForRun(
            app, line: #"add "侍の七"#, output: [#"人" 1999"#, "+ 4. 侍の七人 (1999)"])
        app.expectCleanOutput()
    }
}
