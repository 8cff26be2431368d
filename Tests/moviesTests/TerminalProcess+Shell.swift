// Driving a job-control shell on a pseudo-terminal, for the tests that need one: Ctrl-Z and `fg`
// work only under a shell that does job control, and `stty -g` run by the shell before and after
// the app proves the terminal was put back as it was found.

import Foundation

extension TerminalProcess {
    /// Whether there is a `/bin/bash` for `shell(rows:columns:)` to run.
    static let hasBash = FileManager.default.isExecutableFile(atPath: "/bin/bash")

    /// Starts a job-control shell and waits for its first prompt.
    static func startedShell(rows: Int = 50, columns: Int = 200) async throws -> TerminalProcess {
        guard let shell = try shell(rows: rows, columns: columns) else {
            throw WaitFailure(description: "there is no /bin/bash to run")
        }
        try await shell.waitForShellPrompt()
        return shell
    }

    /// Waits until the shell shows its prompt on the last row with text: typed ahead before
    /// that, a line could be read by the app instead.
    func waitForShellPrompt() async throws {
        try await waitUntil("the shell's prompt") { $0.lines.last { !$0.isEmpty } == "$" }
    }

    /// Runs `command` in the shell and returns the last row that starts with `marker`, once the
    /// shell's prompt is back.
    func shellLine(_ command: String, marker: String) async throws -> String {
        send(command + "\r")
        var found: String?
        try await waitUntil("a row starting with \(marker)") { screen in
            found = screen.lines.last { $0.hasPrefix(marker) && !$0.contains("$(") }
            return found != nil && screen.lines.last { !$0.isEmpty } == "$"
        }
        guard let found else { throw WaitFailure(description: "no row starting with \(marker)") }
        return found
    }

    /// The terminal's settings as `stty -g` prints them in the shell.
    func sttySettings() async throws -> String {
        let marker = "stty \(UUID().uuidString.prefix(8)) "
        let line = try await shellLine(#"echo "\#(marker)$(stty -g)""#, marker: marker)
        return String(line.dropFirst(marker.count))
    }

    /// The exit status of the shell's last foreground job, as `$?` has it.
    func lastStatus() async throws -> String {
        try await shellLine(#"echo "status $?""#, marker: "status ")
    }

    /// Runs the built `movies` binary with `arguments` from the shell, as a user would type it.
    func startMovies(_ arguments: [String]) throws {
        guard let binary = MoviesProcess.binary else { throw MoviesProcess.BinaryNotFound() }
        send(([binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ") + "\r")
    }
}
