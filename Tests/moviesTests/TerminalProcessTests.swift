// The terminal harness proved on the app: `movies` at a real (pseudo-)terminal shows its prompt,
// runs typed commands and exits; under a job-control shell the terminal's settings are the same
// before and after, and Ctrl-Z and `fg` stop and continue it. Every screen is checked for
// sequences the model does not know.

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("movies at a terminal")
struct TerminalProcessTests {
    /// The rows `list` prints, as the binary prints them to a pipe.
    private func listRows() async throws -> [String] {
        let run = try await MoviesProcess.run(["--latency", "0"], input: "list\n")
        let lines = run.stdoutLines
        let loaded = try #require(lines.firstIndex { $0.hasPrefix("Loaded ") })
        return Array(lines[(loaded + 1)...])
    }

    @Test(.hangGuard)
    func typedCommandsRunAndQuitEndsTheSession() async throws {
        let expectedRows = try await listRows()
        let app = try TerminalProcess(movies: ["--latency", "0"], rows: 40, columns: 80)
        try await app.waitUntil("the prompt after loading") { screen in
            screen.lines.contains { $0.hasPrefix("Loaded ") }
                && screen.lines.last { !$0.isEmpty }
                    == "movies>"
        }
        app.send("list\r")
        try await app.waitUntil("the list under the typed command") { screen in
            let lines = screen.lines
            guard let typed = lines.lastIndex(of: "movies> list") else { return false }
            let end = typed + 1 + expectedRows.count
            return end < lines.count && Array(lines[(typed + 1)..<end]) == expectedRows
                && lines[end] == "movies>"
        }
        app.send("quit\r")
        #expect(try await app.waitForExit() == .exited(0))
        app.expectCleanOutput()
    }

    /// Runs `movies --latency 0` from `shell` and waits for its prompt.
    private func startApp(in shell: TerminalProcess) async throws {
        try shell.startMovies(["--latency", "0"])
        try await shell.waitForLine("movies>")
    }

    /// Types `quit` into the app and returns its exit status as the shell reports it.
    private func quitApp(in shell: TerminalProcess) async throws -> String {
        shell.send("quit\r")
        try await shell.waitForShellPrompt()
        return try await shell.lastStatus()
    }

    private static let hasBash = TerminalProcess.hasBash

    @Test(.enabled(if: hasBash, "needs /bin/bash"), .hangGuard)
    func theTerminalIsTheSameBeforeAndAfterTheApp() async throws {
        let shell = try await TerminalProcess.startedShell()
        let before = try await shell.sttySettings()
        try await startApp(in: shell)
        let status = try await quitApp(in: shell)
        let after = try await shell.sttySettings()
        #expect(status == "status 0")
        #expect(after == before)
        #expect(before.count > 20, "stty -g printed the settings")
        shell.send("exit\r")
        #expect(try await shell.waitForExit() == .exited(0))
        shell.expectCleanOutput()
    }

    @Test(.enabled(if: hasBash, "needs /bin/bash"), .hangGuard)
    func ctrlZStopsTheAppAndFgContinuesIt() async throws {
        let shell = try await TerminalProcess.startedShell()
        try await startApp(in: shell)
        shell.send("\u{1A}")
        try await shell.waitUntil("the job stopped") { screen in
            screen.lines.contains { $0.hasPrefix("[1]+") && $0.contains("Stopped") }
                && screen.lines.last { !$0.isEmpty } == "$"
        }
        shell.send("fg\r")
        try await shell.waitUntil("the prompt redrawn after fg") { screen in
            guard let continued = screen.lines.firstIndex(of: "$ fg") else { return false }
            return screen.lines[continued...].last { !$0.isEmpty } == "movies>"
        }
        shell.send("list\r")
        try await shell.waitUntil("the list after fg") { screen in
            let lines = screen.lines
            guard let continued = lines.firstIndex(of: "$ fg") else { return false }
            let after = lines[continued...]
            return after.contains("movies> list")
                && after.contains { $0.hasSuffix(". Parasite (2019)") }
                && after.last { !$0.isEmpty } == "movies>"
        }
        #expect(try await quitApp(in: shell) == "status 0")
        shell.send("exit\r")
        #expect(try await shell.waitForExit() == .exited(0))
        shell.expectCleanOutput()
    }

    @Test(.hangGuard)
    func theHarnessSizesTheTerminalAndReportsSignals() async throws {
        let app = try TerminalProcess(movies: ["--latency", "30"], rows: 12, columns: 50)
        try await app.waitForLine("Loading movies…")
        let settings = try app.settings()
        #expect(settings.c_lflag & tcflag_t(ICANON) == 0, "the app reads keys in raw mode")
        try app.resize(rows: 20, columns: 70)
        #expect(app.screen.rows == 20 && app.screen.columns == 70)
        app.signal(SIGTERM)
        #expect(
            try await app.waitForExit() == .exited(128 + SIGTERM),
            "the app puts the terminal back, then exits as SIGTERM would have it")
    }

    @Test(.hangGuard)
    func aWaitThatCannotSucceedFailsWithTheScreen() async throws {
        let app = try TerminalProcess(movies: ["--latency", "0"], rows: 40, columns: 80)
        try await app.waitForLine("movies>")
        let error = await #expect(throws: TerminalProcess.WaitFailure.self) {
            try await app.waitUntil("a row that never comes", timeout: .milliseconds(300)) {
                $0.lines.contains("never")
            }
        }
        #expect(
            error?.description.hasPrefix("timed out waiting for a row that never comes") == true)
        #expect(error?.description.contains("|movies>|") == true)
        app.send("quit\r")
        #expect(try await app.waitForExit() == .exited(0))
    }
}
