// Runs the built `movies` binary as a user's shell would: arguments, a pipe for stdin, and stdout
// read while the process runs (so a test can see the loading indicator arrive before the list),
// stderr and the exit status. End-to-end tests use nothing else.

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one run of the binary produced.
struct MoviesRun: Sendable {
    var stdout: String
    var stderr: String
    /// The exit status, or the signal number if `signalled`.
    var status: Int32
    var signalled: Bool

    var stdoutLines: [String] { Self.lines(stdout) }
    var stderrLines: [String] { Self.lines(stderr) }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// A running `movies` process: feed its stdin, watch its stdout, signal it, wait for its end.
final class MoviesProcess {
    struct BinaryNotFound: Error {}

    /// The `movies` binary that `swift test` built next to the test bundle.
    static let binary: URL? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("movies")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    private let process = Process()
    private let input: Pipe
    private let output: Pipe
    private let stderrFile: URL
    private let errors: FileHandle
    /// Where writes to stdin run, one after another in the order they were asked for.
    ///
    /// A write may block on a full pipe, so it runs off the caller's thread; on a serial queue,
    /// a later `send` never overtakes an earlier one (a thread of its own for each did, now and
    /// then, and the app read a script's lines out of order).
    private let stdinWrites = DispatchQueue(label: "MoviesProcess.stdin")
    private var chunks: AsyncStream<Data>.Iterator
    private let exited: AsyncStream<Void>
    /// Every byte read from stdout so far; decoded only as a whole, since a chunk may end in the
    /// middle of a character.
    private var stdoutBytes = Data()
    private var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }

    /// Who the process runs as.
    enum User {
        /// Whoever runs the tests.
        case current
        /// A user without privileges, for the promises that only hold for one: a file without
        /// read permission, a folder without write permission. Run as root (CI is), the test
        /// starts the binary through `setpriv` as `nobody`; run as anyone else, it already is
        /// such a user and the binary starts directly. A test's temporary folder can be
        /// entered and read by every user but written only by its owner, so a file the binary
        /// must write there needs its permissions opened first.
        case unprivileged
    }

    /// `nobody`'s user and group id, which `setpriv` switches to.
    static let unprivilegedID = 65_534

    /// Starts `movies` with `arguments`, as `user`.
    ///
    /// `launcher`, when given, is a command that runs the binary: the binary's path and
    /// `arguments` follow its words (`unshare -rm sh -c 'mount …; "$@"' sh`, for a file system of
    /// the test's own).
    init(
        _ arguments: [String], directory: URL? = nil, as user: User = .current,
        launchedBy launcher: [String] = []
    ) throws {
        guard let binary = Self.binary else { throw BinaryNotFound() }
        // The binary may quit before reading all its input; writing to its closed pipe must not
        // kill the test process.
        signal(SIGPIPE, SIG_IGN)
        switch user {
        case _ where !launcher.isEmpty:
            process.executableURL = URL(fileURLWithPath: launcher[0])
            process.arguments = Array(launcher.dropFirst()) + [binary.path] + arguments
        case .unprivileged where geteuid() == 0:
            let id = Self.unprivilegedID
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                ["--reuid=\(id)", "--regid=\(id)", "--clear-groups", "--", binary.path]
                + arguments
        case .current, .unprivileged:
            process.executableURL = binary
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = directory }

        // Tests run in parallel, each spawning children. A pipe end inherited by another test's
        // child would keep that pipe open: this process's stdin would never reach end of input,
        // and its stdout never end, until the unrelated child exited. So every descriptor made
        // here is close-on-exec (the child still gets its own three, which spawning duplicates
        // onto 0, 1 and 2), and they are made and the child spawned under one lock, so no other
        // spawn can slip in between.
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        input = Pipe()
        output = Pipe()
        let (chunkStream, chunkSink) = AsyncStream.makeStream(of: Data.self)
        chunks = chunkStream.makeAsyncIterator()
        let (exitStream, exitSink) = AsyncStream.makeStream(of: Void.self)
        exited = exitStream
        process.terminationHandler = { _ in
            exitSink.yield()
            exitSink.finish()
        }

        stderrFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("movies-e2e-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: stderrFile.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        errors = try FileHandle(forWritingTo: stderrFile)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        for handle in [
            input.fileHandleForReading, input.fileHandleForWriting,
            output.fileHandleForReading, output.fileHandleForWriting, errors,
        ] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        try process.run()

        // A plain blocking read loop on a thread of its own: `readabilityHandler` lost the end of
        // the stream now and then when many processes ran at once, and a test then waited forever.
        // Raw `read(2)` rather than `availableData`, which traps on EINTR (a child exiting sends
        // SIGCHLD to this process while the thread waits).
        let descriptor = output.fileHandleForReading.fileDescriptor
        let reader = output.fileHandleForReading
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes {
                    read(descriptor, $0.baseAddress, $0.count)
                }
                if count > 0 {
                    chunkSink.yield(Data(buffer[..<count]))
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            chunkSink.finish()
            withExtendedLifetime(reader) {}
        }
    }

    /// Taken around every spawn in the test bundle (see `init`); `TerminalProcess` takes it too.
    static let spawnLock = NSLock()

    /// Runs `movies` with `arguments`, writes all of `input` to its stdin and closes it, and
    /// waits for the process to end.
    static func run(
        _ arguments: [String], input: String = "", directory: URL? = nil, as user: User = .current
    ) async throws -> MoviesRun {
        try await run(arguments, bytes: Data(input.utf8), directory: directory, as: user)
    }

    /// Runs `movies` with `arguments` on `bytes` as its whole input, which need not be text.
    static func run(
        _ arguments: [String], bytes: Data, directory: URL? = nil, as user: User = .current
    ) async throws -> MoviesRun {
        let process = try MoviesProcess(arguments, directory: directory, as: user)
        process.send(bytes, thenClose: true)
        return await process.waitForExit()
    }

    /// Writes `text` to stdin after every earlier `send`, off the caller's thread (a large input
    /// fills the pipe), then optionally closes stdin: end of input.
    func send(_ text: String, thenClose close: Bool = false) {
        send(Data(text.utf8), thenClose: close)
    }

    /// Writes `data` to stdin after every earlier `send`, then optionally closes stdin.
    func send(_ data: Data, thenClose close: Bool = false) {
        let writer = input.fileHandleForWriting
        stdinWrites.async {
            try? writer.write(contentsOf: data)
            if close { try? writer.close() }
        }
    }

    /// Writes `pieces` to stdin one after another, pausing `pause` microseconds after each, then
    /// optionally closes stdin: input that arrives in bursts, as typing or a slow pipe delivers
    /// it, so the app reaches the end of what it has read (and commits) several times.
    func send(pieces: [String], pause: @escaping @Sendable () -> UInt32, thenClose close: Bool) {
        let writer = input.fileHandleForWriting
        stdinWrites.async {
            for piece in pieces {
                try? writer.write(contentsOf: Data(piece.utf8))
                usleep(pause())
            }
            if close { try? writer.close() }
        }
    }

    /// Closes stdin, after every earlier `send`: end of input.
    func closeInput() {
        let writer = input.fileHandleForWriting
        stdinWrites.async { try? writer.close() }
    }

    /// Sends SIGINT, as Ctrl-C at a terminal does.
    func interrupt() {
        process.interrupt()
    }

    /// Sends `signal` (SIGTERM, SIGHUP…) to the process.
    func send(signal: Int32) {
        signalProcess(process.processIdentifier, signal)
    }

    /// Sends SIGKILL: the process ends at once, between any two of its system calls, with no
    /// chance to clean up (as in a crash or a power cut, as far as its own files are concerned).
    func kill() {
        signalProcess(process.processIdentifier, SIGKILL)
    }

    /// The process's id, for what only the system can say about it (`/proc/PID/status`).
    var processIdentifier: Int32 { process.processIdentifier }

    /// Waits at most `limit` for the process to end, then kills it; `nil` when it had to be
    /// killed, so that a process that would run on fails its test in seconds instead of hanging it.
    func waitForExit(within limit: Duration) async -> MoviesRun? {
        let id = process.processIdentifier
        let deadline = Task {
            try await Task.sleep(for: limit)
            signalProcess(id, SIGKILL)
        }
        let run = await waitForExit()
        deadline.cancel()
        return run.signalled && run.status == SIGKILL ? nil : run
    }

    /// What stdout held when the last wait returned (a wait reads it; this does not).
    var outputSoFar: String { stdout }

    /// Reads stdout until it contains `text`; `false` if stdout ended first.
    func waitForOutput(
        containing text: String, within limit: Duration = ProcessWatchdog.defaultLimit,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        await waitForOutput(within: limit, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Reads stdout until `condition` holds for all of it read so far; `false` if stdout ended
    /// first.
    ///
    /// After `limit` the process is killed, which ends its output: the wait then records a
    /// failure and returns `false`, rather than hanging the run.
    func waitForOutput(
        within limit: Duration = ProcessWatchdog.defaultLimit,
        sourceLocation: SourceLocation = #_sourceLocation,
        where condition: (String) -> Bool
    ) async -> Bool {
        let watchdog = ProcessWatchdog(pid: process.processIdentifier, limit: limit)
        defer { reportIfFired(watchdog, waitingFor: "its output", limit, sourceLocation) }
        while !condition(stdout) {
            guard let chunk = await chunks.next() else { return false }
            stdoutBytes += chunk
        }
        return true
    }

    /// Waits for the process to end and collects the rest of its output.
    ///
    /// After `limit` the process is killed (the run then says `signalled`, SIGKILL) and the wait
    /// records a failure, so a process that hangs fails its test in a minute.
    func waitForExit(
        within limit: Duration = ProcessWatchdog.defaultLimit,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> MoviesRun {
        let watchdog = ProcessWatchdog(pid: process.processIdentifier, limit: limit)
        for await _ in exited { break }
        while let chunk = await chunks.next() {
            stdoutBytes += chunk
        }
        reportIfFired(watchdog, waitingFor: "its end", limit, sourceLocation)
        let stderr = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
        // `Process` keeps its pipes and files open for as long as it lives, and it outlives this
        // object: close them here, or a test that runs a thousand processes runs out of
        // descriptors (and `Process.run` crashes walking the open ones).
        try? output.fileHandleForReading.close()
        try? errors.close()
        try? FileManager.default.removeItem(at: stderrFile)
        let (status, signalled) = await process.endState()
        return MoviesRun(stdout: stdout, stderr: stderr, status: status, signalled: signalled)
    }
}

extension MoviesProcess {
    /// Stops `watchdog` and, if it had to kill the process, fails the test that waited.
    fileprivate func reportIfFired(
        _ watchdog: ProcessWatchdog, waitingFor what: String, _ limit: Duration,
        _ sourceLocation: SourceLocation
    ) {
        guard watchdog.stop() else { return }
        Issue.record(
            "movies was still running after \(limit) of waiting for \(what); it was killed",
            sourceLocation: sourceLocation)
    }
}

extension Process {
    /// The exit status (or signal number) and whether a signal ended the process; call once its
    /// termination handler has run.
    ///
    /// swift-corelibs-foundation starts the termination handler before it marks the process as
    /// no longer running, and reading `terminationStatus` in between traps ("task still
    /// running"), so this waits for that mark first.
    func endState() async -> (status: Int32, signalled: Bool) {
        while isRunning {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return (terminationStatus, terminationReason == .uncaughtSignal)
    }
}

/// `kill(2)`, under a name no method shadows.
private func signalProcess(_ process: pid_t, _ signal: Int32) {
    _ = kill(process, signal)
}
