// Role: outside the app's data flow, where the user's terminal would be. `TerminalScreen` is the
// tests' own model of a terminal and shares the app's idea of widths; tmux is a real terminal
// emulator with its own. End-to-end tests run the built binary in a tmux window, type with
// `send-keys` and read what tmux drew with `capture-pane`, so a width the app gets wrong shows
// as a row tmux wrapped or a cursor in the wrong cell.

import Foundation
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tmux server of its own running one detached window: a command in a terminal of a given size.
///
/// The server has a socket in a temporary folder and a configuration of its own (no status bar,
/// so the window has exactly the rows asked for), so it neither sees nor touches the user's tmux
/// or the terminal running the tests; `close()` ends it. Every tmux command has a time bound
/// (`commandTimeout`), and so has every wait (`waitUntil`'s `timeout`): a hang fails in seconds.
package final class TmuxSession {
    /// A tmux command that did not do its job, or a wait whose deadline passed.
    private struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What the window shows, as tmux drew it.
    package struct Screen: Sendable {
        /// Each row's text, trailing spaces trimmed.
        package var lines: [String]
        /// The cursor's column and row, 0-based.
        package var cursor: (column: Int, row: Int)

        /// The rows between bars and the cursor, for a failure message.
        ///
        /// Only what the app drew, which is escaped text.
        package var dump: String {
            var text = "cursor column \(cursor.column) row \(cursor.row)\n"
            for (index, line) in lines.enumerated() {
                text += (index < 10 ? " " : "") + "\(index) |\(line)|\n"
            }
            return text
        }
    }

    /// The `tmux` on the PATH, or `nil` when there is none.
    package static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Whether the tests that need tmux must run: CI sets `MOVIES_REQUIRE_TMUX=1`, so a missing
    /// tmux fails there instead of skipping.
    package static var isRequired: Bool {
        ProcessInfo.processInfo.environment["MOVIES_REQUIRE_TMUX"] == "1"
    }

    /// The longest a single tmux command may take.
    private static let commandTimeout = Duration.seconds(10)

    private var columns: Int
    private var rows: Int
    private let folder: URL
    private let socket: String
    private let spawnLock: NSLock
    private let tmux: String
    private var commands = 0
    /// The server's process, ended by hand if `kill-server` does not answer.
    private var server: pid_t = 0

    /// Starts a server and a window `columns` x `rows` running `command` with `/bin/sh -c`, in
    /// `directory`, with `environment` added and a UTF-8 locale.
    ///
    /// - Parameter spawnLock: the lock every child of the test process is spawned under, so
    ///   that no child inherits another test's pipe ends.
    package init(
        command: String, columns: Int, rows: Int, directory: String,
        environment: [String: String] = [:], spawnLock: NSLock
    ) async throws {
        guard let tmux = Self.executable else {
            throw Failure(description: "tmux is not installed")
        }
        self.tmux = tmux
        self.columns = columns
        self.rows = rows
        self.spawnLock = spawnLock
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("movies-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        socket = folder.appendingPathComponent("socket").path
        let configuration = folder.appendingPathComponent("tmux.conf")
        try Data("set-option -g status off\nset-option -g history-limit 5000\n".utf8)
            .write(to: configuration)
        var settings = ["LANG=C.UTF-8", "LC_ALL=C.UTF-8"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            settings.append("\(name)=\(value)")
        }
        try await run(
            [
                "-f", configuration.path, "new-session", "-d", "-s", "test",
                "-x", "\(columns)", "-y", "\(rows)", "-c", directory,
            ] + settings.flatMap { ["-e", $0] } + [command])
        let pid = try await run(["display-message", "-p", "#{pid}"])
        server = pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Ends the server and whatever runs in it, and removes its folder.
    package func close() async {
        if (try? await run(["kill-server"])) == nil, server > 0 {
            try? SystemCall.send(SIGKILL, to: server)
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Types `text` as it is (no key names).
    package func send(_ text: String) async throws {
        try await run(["send-keys", "-t", "test", "-l", "--", text])
    }

    /// Presses keys by tmux's names: `Enter`, `Home`, `Left`, `NPage`, `C-l`.
    package func press(_ keys: String...) async throws {
        try await run(["send-keys", "-t", "test"] + keys)
    }

    /// Resizes the window to `columns` × `rows`, as a user dragging its corner: tmux sets the
    /// terminal's size, and the kernel sends SIGWINCH to the job in its foreground.
    package func resize(columns: Int, rows: Int) async throws {
        try await run(["resize-window", "-t", "test", "-x", "\(columns)", "-y", "\(rows)"])
        self.columns = columns
        self.rows = rows
    }

    /// What the window shows now.
    package func screen() async throws -> Screen {
        let text = try await run(["capture-pane", "-p", "-t", "test"])
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        while lines.count < rows { lines.append("") }
        let position = try await run(
            ["display-message", "-p", "-t", "test", "#{cursor_x} #{cursor_y}"])
        let numbers = position.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard numbers.count == 2 else {
            throw Failure(description: "tmux gave no cursor: \(position.debugDescription)")
        }
        return Screen(lines: lines, cursor: (numbers[0], numbers[1]))
    }

    /// The text shown in reverse video on each row, as tmux drew it: `capture-pane -e` keeps
    /// the attributes as SGR sequences, and a `TerminalScreen` reads them.
    package func reversedText() async throws -> [String] {
        let text = try await run(["capture-pane", "-p", "-e", "-t", "test"])
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var screen = TerminalScreen(rows: rows, columns: columns)
        // Each row from the default rendition, as tmux gives each row.
        screen.feed(lines.prefix(rows).joined(separator: "\u{1B}[m\r\n"))
        return (0..<rows).map { screen.reversedText(row: $0) }
    }

    /// Everything written to the window so far, scrolled-off rows included, with the rows tmux
    /// wrapped joined again: the lines as the program wrote them.
    package func history() async throws -> [String] {
        let text = try await run(["capture-pane", "-p", "-J", "-S", "-", "-t", "test"])
        // Joining keeps each row's trailing spaces; what was written ends where its text ends.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Polls the window until `condition` holds and returns what it showed then; throws with
    /// the last screen when `timeout` passes first.
    @discardableResult
    package func waitUntil(
        _ what: String, timeout: Duration = .seconds(15), _ condition: (Screen) -> Bool
    ) async throws -> Screen {
        let deadline = ContinuousClock.now + timeout
        while true {
            let screen = try await screen()
            if condition(screen) { return screen }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "timed out waiting for \(what):\n\(screen.dump)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// How many cells this tmux advances its cursor for `text` (one row's worth) written at the
    /// start of a row.
    ///
    /// The terminal's own measure, against which the app's cursor is checked. Measured in a
    /// second window of the same size, with the text in a file so that no shell quoting is
    /// involved.
    package func advance(of text: String) async throws -> Int {
        commands += 1
        let file = folder.appendingPathComponent("advance-\(commands).txt")
        try Data(text.utf8).write(to: file)
        let window = "test:probe\(commands)"
        try await run([
            "new-window", "-d", "-n", "probe\(commands)", "cat '\(file.path)'; exec sleep 60",
        ])
        let deadline = ContinuousClock.now + Self.commandTimeout
        // The row as `capture-pane` gives it back: without the trailing spaces.
        let row = Substring(text.reversed().drop { $0 == " " }.reversed())
        var cells: Int?
        var shown = ""
        while cells == nil {
            // Once the row shows the whole text, the cursor is where the text left it.
            shown = try await run(["capture-pane", "-p", "-t", window])
            if shown.split(separator: "\n", omittingEmptySubsequences: false).first == row {
                let position = try await run(["display-message", "-p", "-t", window, "#{cursor_x}"])
                guard let value = Int(position.trimmingCharacters(in: .whitespacesAndNewlines))
                else {
                    throw Failure(description: "tmux gave no cursor: \(position.debugDescription)")
                }
                cells = value
            } else {
                guard ContinuousClock.now < deadline else {
                    throw Failure(
                        description: "tmux did not show the probe text \(text.debugDescription): "
                            + shown.debugDescription)
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        try await run(["kill-window", "-t", window])
        return cells ?? 0
    }

    /// Runs one tmux command against this server; its standard output, or a failure with its
    /// standard error, within `commandTimeout`.
    @discardableResult
    private func run(_ arguments: [String]) async throws -> String {
        commands += 1
        let output = folder.appendingPathComponent("out-\(commands)").path
        let errors = folder.appendingPathComponent("err-\(commands)").path
        defer {
            try? SystemCall.unlink(FileName(output))
            try? SystemCall.unlink(FileName(errors))
        }
        var environment = ProcessInfo.processInfo.environment
        // Not a client of the tmux the tests may run in; and tmux measures text by the widths
        // of its locale.
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        let child = try spawn(
            ["-S", socket] + arguments, environment: environment.map { "\($0.key)=\($0.value)" },
            output: output, errors: errors)
        let deadline = ContinuousClock.now + Self.commandTimeout
        var status: Int32 = 0
        while waitpid(child, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else {
                try? SystemCall.send(SIGKILL, to: child)
                _ = try? SystemCall.checked("waitpid") { waitpid(child, &status, 0) }
                throw Failure(description: "tmux \(arguments.first ?? "") took too long")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        // Exited normally with status 0: the low seven bits (a signal) and the status byte.
        guard status == 0 else {
            let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw Failure(
                description: "tmux \(arguments.first ?? "") failed: \(message.debugDescription)")
        }
        return text
    }

    /// Starts tmux with `arguments`, stdin from /dev/null and its output into the files at
    /// `output` and `errors`, which the child opens itself.
    ///
    /// Not with `Process`: Foundation learns that a child ended when a descriptor the child
    /// inherited closes, and the tmux server, forked from the first client, keeps it open for
    /// as long as it runs. Under the spawn lock, so that no other test's pipe end made at the same
    /// moment is inherited (the server would hold that open too).
    private func spawn(
        _ arguments: [String], environment: [String], output: String, errors: String
    ) throws -> pid_t {
        spawnLock.lock()
        defer { spawnLock.unlock() }
        let started = ShellLikeSpawn.start(
            tmux, arguments: arguments, environment: environment
        ) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(
                &actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(
                &actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        switch started {
        case .success(let child):
            return child
        case .failure(let error):
            throw Failure(description: "tmux could not be started: \(error)")
        }
    }
}
