// Job control in a real terminal: the built binary runs under a job-control shell (`bash -i`) in
// tmux, and each test types what a user types: Ctrl-Z, `bg`, `fg`, `movies &`, `kill %1`, and
// resizes the window while the app is stopped. A job in the background that needs the terminal
// stops, as terminal programs do, draws nothing over the shell and leaves its settings alone; `fg`
// brings it back, redrawn for the window it has then, with every edit kept. Without tmux or bash
// the tests are skipped, and say so; CI installs tmux and requires them (`MOVIES_REQUIRE_TMUX=1`).

import Foundation
import MoviesTestSupport
import Testing

@Suite(
    "job control in tmux", .hangGuard, .timeLimit(.minutes(3)),
    .enabled(
        if: (TmuxSession.executable != nil && TerminalProcess.hasBash) || TmuxSession.isRequired,
        "tmux or bash is missing: job control is not checked in a real terminal here"))
struct JobControlInTmuxTests {
    /// How the app draws.
    enum View: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// The line view in raw mode.
        case line
        /// The screen view (`--screen`).
        case screen
        /// Lines with a prompt, at a terminal that takes no escape sequences (`TERM=dumb`).
        case dumb

        var testDescription: String { rawValue }

        /// The command that starts the app, as typed in the shell.
        var command: String {
            switch self {
            case .line: #""$MOVIES" --latency 0 --state st"#
            case .screen: #""$MOVIES" --latency 0 --state st --screen"#
            case .dumb: #"TERM=dumb "$MOVIES" --latency 0 --state st"#
            }
        }
    }

    /// How the app comes to be in the background.
    enum Way: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// Ctrl-Z, then `bg`.
        case ctrlZThenBg
        /// Started with `&`.
        case startedWithAmpersand

        var testDescription: String { rawValue }
    }

    static let rows = 24

    /// In the background the app stops, draws nothing and leaves the shell's terminal settings
    /// alone (no raw mode, no exit 74); `fg` brings it back, drawn again, and the edits made before
    /// and after are all in the state file.
    @Test(
        arguments: [
            (View.line, Way.ctrlZThenBg), (.screen, .ctrlZThenBg), (.dumb, .ctrlZThenBg),
            (.line, .startedWithAmpersand), (.screen, .startedWithAmpersand),
        ])
    func aJobInTheBackgroundStopsAndFgBringsItBackWithEveryEdit(view: View, way: Way)
        async throws
    {
        try await withShell { shell in
            let before = try await shell.sttySettings()
            var marker: String
            switch way {
            case .ctrlZThenBg:
                try await shell.run(view.command)
                try await shell.waitForApp(view, movies: 30, loading: true)
                try await shell.type("delete 1", view: view)
                try await shell.waitForRow(view, "- 1. The Godfather (1972)", movies: 29)
                try await shell.tmux.press("C-z")
                try await shell.waitForPrompt()
                #expect(try await shell.sttySettings() == before, "stopped, the shell's settings")
                try await shell.run("bg")
                marker = "$ bg"
            case .startedWithAmpersand:
                try await shell.run(view.command + " &")
                marker = "$ \(view.command) &"
            }
            try await shell.waitForJob("to stop") { answer in
                if answer.contains(where: { $0.contains("Stopped") }) { return true }
                // Ended (exit 74 for a read from the background, say) or gone: it never stops.
                return answer.isEmpty
                    || answer.contains { $0.contains("Exit") || $0.contains("Done") }
                    ? false : nil
            }
            let after = try await shell.lines(after: marker)
            let drawn = after.filter {
                $0.hasPrefix("movies>") || $0.contains("movies · ") || $0.contains("Loading")
                    || $0.contains("Loaded") || $0.contains("Input/output error")
            }
            #expect(drawn.isEmpty, "drawn from the background: \(drawn)")
            #expect(try await shell.sttySettings() == before, "in the background, no raw mode")

            try await shell.run("fg")
            switch (view, way) {
            case (.dumb, _):
                // A prompt of lines is not drawn again: the shell's echo of the job is the sign.
                try await shell.tmux.waitUntil("the job in the foreground") { screen in
                    guard let fg = screen.lines.lastIndex(of: "$ fg") else { return false }
                    return screen.lines[(fg + 1)...].contains { $0.contains("--state st") }
                }
            case (_, .ctrlZThenBg):
                try await shell.waitForApp(view, movies: 29)
            case (_, .startedWithAmpersand):
                try await shell.waitForApp(view, movies: 30, loading: true)
                try await shell.type("delete 1", view: view)
                try await shell.waitForRow(view, "- 1. The Godfather (1972)", movies: 29)
            }
            try await shell.type("delete 1", view: view)
            try await shell.waitForRow(view, "- 1. Casablanca (1942)", movies: 28)
            try await shell.type("quit", view: view)
            try await shell.waitForPrompt()
            #expect(try await shell.lastStatus() == "status 0")
            #expect(try await shell.sttySettings() == before)
            // The list is the file's first line (the history the session kept follows it).
            let file = try String(contentsOfFile: shell.directory.path("st"), encoding: .utf8)
            let kept = file.prefix { $0 != "\n" }
            #expect(!kept.contains("The Godfather") && !kept.contains("Casablanca"), "\(kept)")
            #expect(kept.contains("Citizen Kane"), "\(kept)")
        }
    }

    /// A window resized while the app is stopped sends its SIGWINCH to the shell; after `fg` the
    /// app reads the size itself and draws for it: the screen view's status, message and input
    /// lines at the new bottom (and again after Ctrl-L), the line view's input line laid out for
    /// the new width, one copy of it however many keys follow.
    @Test(arguments: [View.line, .screen])
    func aResizeWhileStoppedIsDrawnForAfterFg(view: View) async throws {
        try await withShell { shell in
            try await shell.run(view.command)
            try await shell.waitForApp(view, movies: 30, loading: true)
            let typed = #"insert "The Long Goodbye" 1973"#
            try await shell.tmux.send(typed)
            try await shell.tmux.press("C-z")
            try await shell.waitForPrompt()
            let (columns, rows) = view == .screen ? (50, 14) : (30, Self.rows)
            try await shell.tmux.resize(columns: columns, rows: rows)
            try await shell.run("fg")
            switch view {
            case .screen:
                let expected = { (screen: TmuxSession.Screen, line: String) in
                    screen.lines[rows - 3] == "30 movies · loaded"
                        && screen.lines[rows - 1] == "movies> " + line
                        && screen.lines[0] == "  1. The Godfather (1972)"
                        && screen.lines[rows - 4] == " 11. Alien (1979)"
                        && screen.cursor == (("movies> " + line).count, rows - 1)
                }
                try await shell.tmux.waitUntil("the screen drawn for 50 × 14") {
                    expected($0, typed)
                }
                try await shell.tmux.press("C-l")
                try await shell.tmux.send("!")
                try await shell.tmux.waitUntil("Ctrl-L drew for 50 × 14 too") {
                    expected($0, typed + "!")
                }
                try await shell.tmux.press("C-e", "C-u")
            case .line, .dumb:
                // Keys after `fg`: each redraws the line, which must stay one line.
                let keys = " 1"
                for key in keys {
                    try await shell.tmux.send(String(key))
                }
                let line = "movies> " + typed + keys
                let wrapped = stride(from: 0, to: line.count, by: columns).map {
                    String(line.dropFirst($0).prefix(columns))
                }
                let screen = try await shell.tmux.waitUntil("one input line, \(columns) wide") {
                    screen in
                    Array(
                        screen.lines.drop { !$0.hasPrefix("movies> insert") }
                            .prefix(wrapped.count)) == wrapped
                }
                let copies = screen.lines.filter { $0.hasPrefix("movies>") }
                #expect(copies.count == 1, "\(screen.dump)")
                try await shell.tmux.press("C-e", "C-u")
            }
            try await shell.type("quit", view: view)
            try await shell.waitForPrompt()
            #expect(try await shell.lastStatus() == "status 0")
        }
    }

    /// `kill %1` on a stopped job (SIGTERM, then SIGCONT) ends it, as it ends any program: the app
    /// in the background neither puts back the settings it found over those the shell has now
    /// (changed with `stty` while the app was stopped) nor stops again trying to, and its edits
    /// are on disk.
    @Test func killingAStoppedJobEndsItAndLeavesTheShellsTerminalAlone() async throws {
        try await withShell { shell in
            try await shell.run(View.line.command)
            try await shell.waitForApp(.line, movies: 30, loading: true)
            try await shell.type("delete 1", view: .line)
            try await shell.waitForRow(.line, "- 1. The Godfather (1972)", movies: 29)
            try await shell.tmux.press("C-z")
            try await shell.waitForPrompt()
            try await shell.run("stty stop ^P")
            let before = try await shell.sttySettings()
            try await shell.run("kill %1")
            try await shell.waitForJob("to end") { answer in
                answer.contains { $0.contains("Stopped") } ? nil : true
            }
            let after = try await shell.lines(after: "$ kill %1")
            #expect(after.contains { $0.hasPrefix("[1]+  Exit 143") }, "\(after)")
            #expect(try await shell.sttySettings() == before)
            // The next session restores the edit.
            let listing = try await shell.shellLine(
                #""$MOVIES" --state st --quiet -c 'list --json' > listed.json; echo "listed $?""#,
                marker: "listed ")
            #expect(listing == "listed 0")
            let listed = try String(
                contentsOfFile: shell.directory.path("listed.json"), encoding: .utf8)
            #expect(!listed.contains("The Godfather") && listed.contains("Casablanca"), "\(listed)")
        }
    }

    // MARK: - Helpers

    /// Runs `body` with a job-control shell in tmux, in a folder of its own, then ends both.
    private func withShell(_ body: (JobShell) async throws -> Void) async throws {
        guard let binary = MoviesProcess.binary else { throw MoviesProcess.BinaryNotFound() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The prompts through `env`: `sh -c`, which runs tmux's command, does not pass PS1 on.
        let tmux = try await TmuxSession(
            command: "exec env 'PS1=$ ' 'PS2=> ' /bin/bash --norc --noprofile --noediting -i",
            columns: 80, rows: Self.rows, directory: directory.path,
            environment: ["MOVIES": binary.path, "HISTFILE": "/dev/null", "PROMPT_COMMAND": ""],
            spawnLock: MoviesProcess.spawnLock)
        let shell = JobShell(tmux: tmux, directory: directory)
        do {
            try await shell.waitForPrompt()
            try await body(shell)
        } catch {
            await tmux.close()
            throw error
        }
        await tmux.close()
    }
}

/// A job-control shell in a tmux window, typed at as a user types.
private struct JobShell {
    let tmux: TmuxSession
    let directory: TemporaryDirectory

    /// Types `command` and Enter.
    func run(_ command: String) async throws {
        try await tmux.send(command)
        try await tmux.press("Enter")
    }

    /// Types `line` at the app and Enter.
    func type(_ line: String, view: JobControlInTmuxTests.View) async throws {
        try await run(line)
    }

    /// Waits until the shell's prompt is on the last row with text.
    @discardableResult
    func waitForPrompt() async throws -> TmuxSession.Screen {
        try await tmux.waitUntil("the shell's prompt") { $0.lines.last { !$0.isEmpty } == "$" }
    }

    /// Waits until the app shows its empty input line, and `movies` movies in the screen view;
    /// with `loading`, the line view's "Loaded" line too.
    ///
    /// Before the app draws, the last row with text is the shell's (its prompt, or the job's
    /// command line after `fg`), so an input line there was drawn by the app.
    func waitForApp(_ view: JobControlInTmuxTests.View, movies: Int, loading: Bool = false)
        async throws
    {
        try await tmux.waitUntil("the app with \(movies) movies") { screen in
            let rows = screen.lines.count
            switch view {
            case .screen:
                return screen.lines[rows - 3] == "\(movies) movies · loaded"
                    && screen.lines[rows - 1] == "movies>"
            case .line, .dumb:
                return screen.lines.last { !$0.isEmpty } == "movies>"
                    && (!loading || screen.lines.contains("Loaded \(movies) movies."))
            }
        }
    }

    /// Waits for the row an edit draws (the line view's `row`, the screen view's count).
    func waitForRow(_ view: JobControlInTmuxTests.View, _ row: String, movies: Int) async throws {
        try await tmux.waitUntil("the edit drawn") { screen in
            switch view {
            case .screen: screen.lines[screen.lines.count - 3] == "\(movies) movies · loaded"
            case .line, .dumb: screen.lines.contains(row)
            }
        }
    }

    /// Asks `jobs` every tenth of a second, for ten seconds at most, until `judge` says what
    /// it answered is what was waited for (`true`) or can no longer come (`false`, a failure);
    /// `nil`: ask again.
    func waitForJob(_ what: String, judge: ([String]) -> Bool?) async throws {
        var answer: [String] = []
        for attempt in 0..<100 {
            let (command, marker) = Self.askingJobs(attempt)
            try await run(command)
            let screen = try await tmux.waitUntil("jobs answered") { screen in
                screen.lines.contains(marker) && screen.lines.last { !$0.isEmpty } == "$"
            }
            guard let end = screen.lines.lastIndex(of: marker),
                let start = screen.lines[..<end].lastIndex(of: "$ " + command)
            else { continue }
            answer = Array(screen.lines[(start + 1)..<end])
            switch judge(answer) {
            case true?: return
            case false?: throw Failure(description: "the job will not come \(what): \(answer)")
            case nil: try await Task.sleep(for: .milliseconds(100))
            }
        }
        let process = (try? await jobProcessStatus()) ?? "not known"
        // The rows before the first `jobs`: the command that was to bring the job there.
        let history = (try? await tmux.history()) ?? []
        let before = history.firstIndex(of: "$ " + Self.askingJobs(0).command).map {
            Array(history[max(0, $0 - 6)..<$0])
        }
        throw Failure(
            description: "the job did not come \(what) in ten seconds: \(answer); its process: "
                + "\(process); the rows before the first jobs: \(before ?? [])")
    }

    /// The command that asks `jobs` for the `attempt`th time, and the row that ends its answer.
    private static func askingJobs(_ attempt: Int) -> (command: String, marker: String) {
        let marker = "jobs-\(attempt)"
        return ("jobs; echo \(marker)", marker)
    }

    /// What the system says of the job's process (its state, its pending, blocked and caught
    /// signals), for a failure's message.
    func jobProcessStatus() async throws -> String {
        _ = try await shellLine(#"jobs -p > job.pid; echo "pid written""#, marker: "pid written")
        let pid = try String(contentsOfFile: directory.path("job.pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let keys = ["State:", "SigPnd:", "ShdPnd:", "SigBlk:", "SigCgt:"]
        // Tabs as spaces: the message goes to the test log, which carries no control character.
        return status.split(separator: "\n").filter { line in
            keys.contains { line.hasPrefix($0) }
        }.joined(separator: ", ").replacingOccurrences(of: "\t", with: " ")
    }

    /// Every line written to the window after the last one equal to `marker`.
    func lines(after marker: String) async throws -> [String] {
        let lines = try await tmux.history()
        guard let index = lines.lastIndex(of: marker) else {
            throw Failure(description: "no line \(marker.debugDescription) in \(lines)")
        }
        return Array(lines[(index + 1)...])
    }

    /// Runs `command` and returns the last row that starts with `marker`, once the prompt is
    /// back.
    func shellLine(_ command: String, marker: String) async throws -> String {
        try await run(command)
        var found: String?
        try await tmux.waitUntil("a row starting with \(marker)") { screen in
            found = screen.lines.last { $0.hasPrefix(marker) && !$0.hasPrefix("$ ") }
            return found != nil && screen.lines.last { !$0.isEmpty } == "$"
        }
        return found ?? ""
    }

    /// The terminal's settings as `stty -g` prints them in the shell, by their checksum (the
    /// settings themselves would wrap the row).
    func sttySettings() async throws -> String {
        let marker = "stty-\(UUID().uuidString.prefix(8)) "
        let line = try await shellLine(#"echo "\#(marker)$(stty -g | cksum)""#, marker: marker)
        return String(line.dropFirst(marker.count))
    }

    /// The exit status of the shell's last foreground job.
    func lastStatus() async throws -> String {
        try await shellLine(#"echo "status $?""#, marker: "status ")
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}
