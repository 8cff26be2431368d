// Runs the built `movies` binary (or an interactive shell that runs it) on a pseudo-terminal, as
// a user's terminal emulator would: keys are written to the terminal, and everything the program
// writes is fed to a `TerminalScreen`, so tests assert the visible grid after each step.

import Foundation
import MoviesTestSupport
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process running on a pseudo-terminal of its own, seen through a terminal-screen model.
///
/// The process is a session leader with the terminal as its controlling terminal, like a login
/// shell in a terminal window: Ctrl-C and Ctrl-Z typed in cooked mode become signals, a resize
/// sends SIGWINCH, and `tcgetpgrp` names the foreground job. A session leader's own process group
/// is orphaned, so Linux discards a SIGTSTP sent to it; tests of Ctrl-Z and `fg` run the app
/// under `shell(rows:columns:)`, a job-control shell, as a user does.
///
/// Every wait has a deadline (`waitUntil`'s `timeout`), after which it throws an error showing
/// the screen, so a test fails instead of hanging. The deadline is judged by when the reading
/// thread saw each piece of output, not by when the test got to it: a test task that other tests
/// kept off the CPU for a while still sees everything that arrived in time.
final class TerminalProcess {
    /// How a process ended.
    enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// A wait that did not end well: its deadline passed, or the terminal closed first.
    struct WaitFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// What the reading thread reports, with the time it saw it.
    private enum ReaderEvent: Sendable {
        /// Bytes the process wrote.
        case output([UInt8], at: ContinuousClock.Instant)
        /// Nothing arrived for a while: a chance to check a deadline.
        case idle(at: ContinuousClock.Instant)

        /// When the reading thread saw it: what a deadline is checked against.
        var time: ContinuousClock.Instant {
            switch self {
            case .output(_, let time), .idle(let time): time
            }
        }
    }

    /// What the process has shown so far.
    private(set) var screen: TerminalScreen
    /// Every byte the process wrote, in order.
    private(set) var transcript: [UInt8] = []
    /// The process's id (the shell's, for `shell`).
    let processIdentifier: pid_t
    /// The terminal's settings before the process started: what it must find again after the
    /// app exits.
    let initialSettings: TerminalSettings

    private let terminal: PseudoTerminal
    private var events: AsyncStream<ReaderEvent>.Iterator
    private var exits: AsyncStream<Int32>.Iterator
    private var termination: Termination?

    /// The deadline for one wait: generous, since sanitizer builds on a busy machine are slow;
    /// it only exists so that a broken app fails the test instead of hanging it.
    static let defaultTimeout = Duration.seconds(30)

    /// Starts the built `movies` binary with `arguments` on a `rows` × `columns` terminal.
    convenience init(movies arguments: [String], rows: Int = 24, columns: Int = 80) throws {
        guard let binary = MoviesProcess.binary else { throw MoviesProcess.BinaryNotFound() }
        try self.init(
            executable: binary.path, arguments: arguments, environment: [:], rows: rows,
            columns: columns)
    }

    /// Starts `bash` as an interactive job-control shell with the prompt `$ ` and no startup
    /// files or line editing, or returns `nil` where there is no `/bin/bash`.
    static func shell(rows: Int = 24, columns: Int = 200) throws -> TerminalProcess? {
        let bash = "/bin/bash"
        guard FileManager.default.isExecutableFile(atPath: bash) else { return nil }
        return try TerminalProcess(
            executable: bash, arguments: ["--norc", "--noprofile", "--noediting", "-i"],
            environment: ["PS1": "$ ", "PS2": "> ", "HISTFILE": "/dev/null", "PROMPT_COMMAND": ""],
            rows: rows, columns: columns)
    }

    /// Starts `executable` on a new pseudo-terminal, with this process's environment plus
    /// `TERM=xterm-256color` and `environment`.
    init(
        executable: String, arguments: [String], environment: [String: String], rows: Int,
        columns: Int
    ) throws {
        screen = TerminalScreen(rows: rows, columns: columns)
        var variables = ProcessInfo.processInfo.environment
        variables["TERM"] = "xterm-256color"
        variables.merge(environment) { _, given in given }

        // Descriptors must not leak into another test's child: open and spawn under the lock
        // every spawn in the test bundle takes.
        MoviesProcess.spawnLock.lock()
        let opened: PseudoTerminal
        let spawned: Result<pid_t, SystemCallError>
        do {
            opened = try PseudoTerminal(rows: rows, columns: columns)
            initialSettings = TerminalSettings(try opened.settings())
            spawned = Self.spawn(
                executable, arguments: arguments,
                environment: variables.map { "\($0.key)=\($0.value)" }, terminal: opened.slavePath)
        } catch {
            MoviesProcess.spawnLock.unlock()
            throw error
        }
        MoviesProcess.spawnLock.unlock()
        terminal = opened
        // The child has its own copy now; with ours closed, the master reports end of output
        // (EIO) as soon as the child and everything it started have closed the terminal.
        SystemCall.close(opened.slave)
        processIdentifier = try spawned.get()

        let (eventStream, eventSink) = AsyncStream.makeStream(of: ReaderEvent.self)
        events = eventStream.makeAsyncIterator()
        let (exitStream, exitSink) = AsyncStream.makeStream(of: Int32.self)
        exits = exitStream.makeAsyncIterator()
        // The reading thread gets a descriptor of its own and closes it itself, so no descriptor
        // is ever closed while another thread may still use its number.
        let reading = try SystemCall.duplicate(opened.master)
        Thread.detachNewThread { Self.readUntilClosed(reading, into: eventSink) }
        let child = processIdentifier
        Thread.detachNewThread {
            var status: Int32 = 0
            _ = try? SystemCall.checked("waitpid") { waitpid(child, &status, 0) }
            exitSink.yield(status)
            exitSink.finish()
        }
    }

    deinit {
        if termination == nil {
            // A test that failed early: end the process, which hangs up the terminal and ends
            // its jobs, and so lets the reading thread finish.
            try? SystemCall.send(SIGKILL, to: processIdentifier)
        }
        SystemCall.close(terminal.master)
    }

    private static func spawn(
        _ executable: String, arguments: [String], environment: [String], terminal path: String
    ) -> Result<pid_t, SystemCallError> {
        ShellLikeSpawn.start(
            executable, arguments: arguments, environment: environment, newSession: true
        ) { actions in
            // Opened after `setsid`, the terminal becomes the new session's controlling terminal.
            posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        }
    }

    /// Reads `descriptor` until the terminal is closed on the other side, reporting a pause
    /// every 50 ms without output, then closes it.
    private static func readUntilClosed(
        _ descriptor: Int32, into sink: AsyncStream<ReaderEvent>.Continuation
    ) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var ready = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            guard (try? SystemCall.pollReady(&ready, timeout: 50)) != 0 else {
                sink.yield(.idle(at: .now))
                continue
            }
            let read = try? buffer.withUnsafeMutableBytes {
                try SystemCall.read(descriptor, into: $0)
            }
            guard let read, read > 0 else {
                break  // EIO: every copy of the terminal's other side is closed
            }
            sink.yield(.output(Array(buffer.prefix(read)), at: .now))
        }
        SystemCall.close(descriptor)
        sink.finish()
    }

    // MARK: Driving

    /// Types `text`: its UTF-8 bytes are written to the terminal as keys would be (Enter is
    /// `"\r"`).
    func send(_ text: String) {
        send(bytes: Array(text.utf8))
    }

    /// Presses `keys`, in order, in one write (as when typing faster than the app reads).
    func press(_ keys: Keystroke...) {
        send(keys.map(\.bytes).joined())
    }

    /// Writes `bytes` to the terminal, as an emulator writes keys and pastes.
    func send(bytes: [UInt8]) {
        _ = SystemCall.writeAll(bytes, to: terminal.master)
    }

    /// Resizes the window: the model first, then the terminal, which sends SIGWINCH to the
    /// foreground job.
    func resize(rows: Int, columns: Int) throws {
        screen.resize(rows: rows, columns: columns)
        try terminal.setSize(rows: rows, columns: columns)
    }

    /// Sends `signal` to the process (the shell, for `shell`).
    func signal(_ signal: Int32) {
        try? SystemCall.send(signal, to: processIdentifier)
    }

    /// Sends `signal` to the terminal's foreground job: under a shell, the app it runs.
    func signalForeground(_ signal: Int32) {
        let group = tcgetpgrp(terminal.master)
        if group > 0 { try? SystemCall.send(signal, to: -group) }
    }

    /// The terminal's settings, as the program on it sees them.
    func settings() throws -> termios {
        try terminal.settings()
    }

    /// Forgets the screen's record of touched rows (`TerminalScreen.resetDamage()`), so a test
    /// can see what the next step redraws.
    func resetDamage() {
        screen.resetDamage()
    }

    // MARK: Waiting

    /// Reads output until `predicate` holds for the screen.
    ///
    /// - Throws: `WaitFailure` naming `what` and showing the screen, when `timeout` passes or
    ///   the terminal closes first.
    func waitUntil(
        _ what: String, timeout: Duration = defaultTimeout,
        _ predicate: (TerminalScreen) -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while !predicate(screen) {
            guard let event = await events.next() else {
                throw WaitFailure(
                    description: "the terminal closed while waiting for \(what)\n" + screen.dump)
            }
            take(event)
            guard event.time < deadline || predicate(screen) else {
                throw WaitFailure(description: "timed out waiting for \(what)\n" + screen.dump)
            }
        }
    }

    /// Waits until some row of the screen is exactly `line` (trailing spaces aside).
    func waitForLine(_ line: String, timeout: Duration = defaultTimeout) async throws {
        try await waitUntil("a row reading \"\(line)\"", timeout: timeout) {
            $0.lines.contains(line)
        }
    }

    /// Waits for the process to end and reads the rest of its output.
    func waitForExit(timeout: Duration = defaultTimeout) async throws -> Termination {
        if let termination { return termination }
        let deadline = ContinuousClock.now + timeout
        // The exit arrives on its own stream; output is drained meanwhile so the process is
        // never blocked writing to a full terminal.
        while let event = await events.next() {
            take(event)
            guard event.time < deadline else {
                throw WaitFailure(description: "timed out waiting for the exit\n" + screen.dump)
            }
        }
        guard let status = await exits.next() else {
            throw WaitFailure(description: "no exit status\n" + screen.dump)
        }
        let ended: Termination =
            status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
        termination = ended
        return ended
    }

    private func take(_ event: ReaderEvent) {
        switch event {
        case .output(let bytes, _):
            transcript += bytes
            screen.feed(bytes)
        case .idle:
            break
        }
    }
}
